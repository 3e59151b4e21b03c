import { z } from "zod";
import { endpoint } from "./endpoint.ts";

/*
 * The example pods built on this server (spec sections 2 and 3). The catalogue (titles, documents,
 * questions) is data in the app (app/lib/example-pods.ts); this says which of its slugs are built
 * and which published snapshot `/{slug}` shows.
 */

export const builtExample = z.object({
  slug: z.string(),
  /** The snapshot /{slug} renders (a discoverable Pod snapshot). */
  snapshot_id: z.string(),
  /** The snapshot's copy of the thread of the example's first question, if any. */
  thread_id: z.string().nullable(),
  built_at: z.string(),
});
export type BuiltExample = z.infer<typeof builtExample>;

export const listExamples = endpoint({
  method: "get",
  path: "/examples",
  tag: "examples",
  auth: "optional",
  status: 200,
  summary: "The example pods built on this server, with the snapshot each one shows (anyone)",
  response: z.object({ examples: z.array(builtExample) }),
});
