import type { Db } from "../platform/db/index.ts";
import { postgresSearchIndex } from "./postgres.ts";
import type { QueryTerm } from "./query.ts";
import { sqliteSearchIndex } from "./sqlite.ts";

export interface SearchQuery {
  workspaceId: string;
  /** Words and phrases, OR-ed: a passage matching more of them, rarer ones, ranks higher. */
  terms: QueryTerm[];
  /** Only these files (of the workspace). */
  fileIds?: string[];
  limit: number;
}

export interface SearchHit {
  passage_id: string;
  file_id: string;
  version_id: string;
  filename: string;
  page: number;
  text: string;
  /** Higher is better; comparable within one call only. */
  score: number;
}

/** Ranks passages of a workspace's current file versions against search terms. */
export interface SearchIndex {
  search(q: SearchQuery): Promise<SearchHit[]>;
}

export function searchIndexFor(db: Db): SearchIndex {
  return db.dialect === "postgres" ? postgresSearchIndex(db.kysely) : sqliteSearchIndex(db.kysely);
}
