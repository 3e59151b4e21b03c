import { z } from "zod";

/**
 * A citation in an answer: marker `[n]` in the text points at a page of a file version the agent
 * was given. `quote` is the cited text; `verified` says the server found it on that page
 * (whitespace-normalised, case-insensitive), `start`/`end` are then its offsets in the page text.
 * An unverified quote is still sent (verified: false, start/end null): never dropped silently.
 */
export const citation = z.object({
  n: z.number().int().min(1),
  file_id: z.string(),
  version_id: z.string(),
  filename: z.string(),
  /** 1-indexed page of the version (as in search results). */
  page: z.number().int(),
  quote: z.string(),
  start: z.number().int().nullable(),
  end: z.number().int().nullable(),
  verified: z.boolean(),
});
export type Citation = z.infer<typeof citation>;
