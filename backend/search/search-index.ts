import type { Db } from "../platform/db/index.ts";
import type { Executor } from "../platform/db/index.ts";
import type { VersionPassages } from "./passage-rows.ts";
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
  /** Its page lists where things are (a table of contents, an index): listing.ts. */
  listing: boolean;
  /** Higher is better; comparable within one call only. */
  score: number;
  /**
   * PostgreSQL's: the passage's ts_rank and its BM25 (rerank.ts), each over the call's best.
   * `score` weighs them by postgres.ts's BM25_SHARE; `rankCandidates` weighs them again by its
   * weights' `bm25Share`, which bench:fit-ranking can vary without searching again.
   */
  parts?: { rank: number; bm25: number };
}

export interface SearchOptions {
  /**
   * For benchmarks only: every query is the plain OR of all its terms, the baseline that
   * `bench:dataroom` (DATAROOM_EXACT_BASELINE=1) measures the pruning's recall against.
   */
  exactPlans?: boolean;
}

/**
 * Ranks passages of a workspace's current file versions against search terms. An instance keeps
 * its caches (word counts, tokenized files): one is built at boot and carried in Deps.
 */
export interface SearchIndex {
  search(q: SearchQuery): Promise<SearchHit[]>;
  /** Adds a version's passages, in the caller's transaction (ingestion's, which removed the old ones first). */
  addPassages(tx: Executor, o: VersionPassages): Promise<void>;
  /** Removes a version's passages, in the caller's transaction. */
  removeVersion(tx: Executor, versionId: string): Promise<void>;
  /** The same index, caches included, planning queries with other options. */
  withOptions(options: SearchOptions): SearchIndex;
}

export function createSearchIndex(db: Db, options: SearchOptions = {}): SearchIndex {
  return db.dialect === "postgres" ? postgresSearchIndex(db.kysely, options) : sqliteSearchIndex(db.kysely, options);
}
