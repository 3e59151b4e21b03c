import type { Db } from "../platform/db/index.ts";
import { postgresSearchIndex } from "./postgres.ts";
import { sqliteSearchIndex } from "./sqlite.ts";

export interface SearchQuery {
  workspaceId: string;
  query: string;
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
  /** Higher is better. */
  score: number;
}

/** Ranks passages of a workspace's current file versions against a free-text query. */
export interface SearchIndex {
  search(q: SearchQuery): Promise<SearchHit[]>;
}

export function searchIndexFor(db: Db): SearchIndex {
  return db.dialect === "postgres" ? postgresSearchIndex(db.kysely) : sqliteSearchIndex(db.kysely);
}

/** Words of a query (letters and digits), lower-cased and deduplicated: never query syntax. */
export function queryWords(query: string, max = 64): string[] {
  const words = query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, max);
}
