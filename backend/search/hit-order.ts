import type { SearchHit } from "./search-index.ts";

/**
 * Order among equal scores: earlier pages first, then by file name, not by the passage's id alone
 * (a hash of its random version id), so that an index built again ranks ties the same way.
 * PostgreSQL's ts_rank ties often (float4); ties broken by id moved bench:retrieval cells by a
 * question between two ingests of the same files. The queries cut their ranked rows the same way
 * (page, offset, id): by page rather than by file name, which would favour files named early.
 */
export function byPlace(a: SearchHit, b: SearchHit): number {
  return (
    a.page - b.page ||
    (a.filename < b.filename ? -1 : a.filename > b.filename ? 1 : 0) ||
    (a.passage_id < b.passage_id ? -1 : a.passage_id > b.passage_id ? 1 : 0)
  );
}

/** A hit's page, as one key: the same page number in two versions is two pages. */
export const pageKey = (h: Pick<SearchHit, "version_id" | "page">): string => `${h.version_id}\u0000${h.page}`;
