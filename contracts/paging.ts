import { z } from "zod";

/** Lists that can grow are paged: `limit` (default 50, at most 200) and an opaque `cursor`. */
export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(500).optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

export const nextCursor = z
  .string()
  .nullable()
  .describe("Pass as `cursor` to get the next page; null on the last page.");
