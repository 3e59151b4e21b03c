import { z } from "zod";
import { endpoint } from "./endpoint.ts";

const id = z.string().min(1).max(100);

export const searchResult = z.object({
  file_id: z.string(),
  version_id: z.string(),
  filename: z.string(),
  /** 1-indexed page (slide, sheet page or section for non-PDFs): what an answer cites. */
  page: z.number().int(),
  passage_id: z.string(),
  text: z.string(),
  /** About 200 characters around the first match. */
  snippet: z.string(),
  /** Higher is better; comparable within one response only. */
  score: z.number(),
});
export type SearchResult = z.infer<typeof searchResult>;

export const searchWorkspace = endpoint({
  method: "post",
  path: "/workspaces/{id}/search",
  tag: "search",
  auth: "optional",
  status: 200,
  summary: "Full-text search over the passages of a workspace's files, best first",
  params: z.object({ id }),
  body: z.object({
    query: z.string().trim().min(1, "query is required").max(1000, "query must be at most 1,000 characters"),
    file_ids: z.array(id).max(100, "At most 100 file_ids").optional(),
    limit: z.number().int().min(1).max(100).default(10),
  }),
  response: z.object({ results: z.array(searchResult) }),
});
