import type { SearchResult } from "../../contracts/search.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../platform/http/context.ts";
import { loadWorkspace } from "../workspaces/service.ts";
import { analyzeQuery, type QueryTerm } from "./query.ts";
import { applyCoverage } from "./coverage.ts";
import { applyProximity, unnamedPairs } from "./proximity.ts";
import { fusePages } from "./fuse-pages.ts";
import { demoteCopies } from "./duplicates.ts";
import { applyYears, questionYears } from "./years.ts";
import { confirmNaming, documentNaming } from "./named-documents.ts";
import type { SearchHit } from "./search-index.ts";
import { BM25_SHARE } from "./postgres.ts";

export const SNIPPET_CHARS = 200;
/** Passages ranked per query leg before fusion; pages are built from these. */
const CANDIDATES = 300;
/**
 * A page's other matching passages add this share of their score to its best one (fuse-pages.ts).
 * 0.1 until bench:fit-ranking (below, at `RANKING`) found 0.075 with a cap of 3.
 */
const PAGE_SUPPORT = 0.075;
/**
 * The other passages' scores count at most this many times the best one's (fuse-pages.ts: a long
 * page must not win by its length alone). bench:retrieval, same indexes, 378 questions: a cap of
 * 4 took paul_graham shared R@1 0.66 -> 0.80 (SQLite), 0.63 -> 0.78 (PostgreSQL), no cell lower;
 * 3 alone cost PostgreSQL FinanceBench mixed R@5 0.61 -> 0.59, with the support at 0.075 it gains.
 */
const PAGE_SUPPORT_CAP = 3;
/** How much the expansion leg counts next to the question's own words. */
const EXPANSION_WEIGHT = 1;
/** Added to a passage's score in proportion to how well the question names its document. */
const DOCUMENT_WEIGHT = 0.6;
/** Questions about amounts, ratios and changes are answered by tables: their passages gain up to this share. */
const TABLE_WEIGHT = 0.75;
const QUANTITATIVE =
  /\b(how much|how many|amount|ratio|margin|rate|percent|percentage|growth|grow|increase|decrease|change|changed|total|revenue|sales|income|expense|cost|profit|cash|debt|assets|liabilities|eps|ebitda|capex|dividend|turnover|capital)/i;
/** Pages and documents holding more of the question's own words gain up to these shares (coverage.ts). */
const COVERAGE = { doc: 0.5, page: 0.5 };
/**
 * Within one file, a page holding a question's word only in another form ("giant" for "giants")
 * counts it at this share of its coverage (coverage.ts). A document's writer keeps to one usage,
 * so there another form points to another passage; across files it points to another writer
 * ("revenue" in one 10-K, "revenues" in the next). bench:retrieval, same indexes, 378 questions:
 * single R@1 0.64 -> 0.65 on SQLite (berkshire 0.80 -> 0.85, constitutions 0.61 -> 0.64), on
 * PostgreSQL berkshire 0.83 -> 0.85 (in three runs), no cell lower (searches of more files rank
 * as before); 0.7 took berkshire to 0.83 only. Across files as well, 0.5 cost
 * FinanceBench shared R@1 0.35 -> 0.32 and, on PostgreSQL, R@5 0.61 -> 0.59. 0.5 until
 * bench:fit-ranking found 0.25, which with the support's new weights keeps SQLite's berkshire
 * single R@1 at BM25's 0.85 (0.83 at 0.5).
 */
const OTHER_FORM_IN_ONE_FILE = 0.25;
/** A listing page's passages (a table of contents, an index: listing.ts) keep this share of their score. */
const LISTING_WEIGHT = 0.25;
/** Pages holding the question's neighbouring words in order gain up to this share (proximity.ts). */
const PROXIMITY_WEIGHT = 1;
/**
 * Pages holding a year the question names gain this share (years.ts). 0.25 until bench:fit-ranking;
 * against it, with the other weights as now (SQLite): FinanceBench shared R@5 44 -> 46 questions of
 * 71, mixed R@1 22 -> 24, uda_finqa mixed R@1 29 -> 28.
 */
const YEAR_WEIGHT = 0.125;
/** A page that copies a better page of its document keeps this share of its score (duplicates.ts). */
const COPY_WEIGHT = 0.5;

/**
 * What the ranking did, step by step, for `npm run bench:explain` (bench/explain.ts); searches
 * the API serves pass none.
 */
export interface SearchTrace {
  /** The terms searched (own words weigh 1, expansions less) and the documents the question names, by file id. */
  analysis(o: { terms: QueryTerm[]; named: ReadonlyMap<string, number>; confirmed: ReadonlyMap<string, number> }): void;
  /** Every candidate passage and its score after a step: legs, coverage, proximity, years, final. */
  step(name: string, candidates: { hit: SearchHit; score: number }[]): void;
}

export async function searchWorkspace(
  deps: Deps,
  o: {
    actor: Actor | null;
    workspaceId: string;
    query: string;
    fileIds?: string[];
    limit: number;
    trace?: SearchTrace;
  },
): Promise<{ results: SearchResult[] }> {
  await loadWorkspace(deps, o.actor, o.workspaceId);
  const found = await searchCandidates(deps, o);
  const results = rankCandidates(found, RANKING, o.trace).slice(0, o.limit);
  return {
    // What the contract lists: the listing mark and PostgreSQL's score parts are the ranking's own.
    results: results.map(({ hit: { listing: _l, parts: _p, ...hit }, score }) => ({
      ...hit,
      score,
      snippet: snippet(hit.text, found.analyzed.words),
    })),
  };
}

/** The weights `rankCandidates` combines the signals with (exported for bench/fit-ranking.ts). */
export interface RankingWeights {
  expansion: number;
  document: number;
  table: number;
  coverage: { doc: number; page: number };
  otherFormInOneFile: number;
  listing: number;
  proximity: number;
  year: number;
  pageSupport: number;
  pageSupportCap: number;
  copy: number;
  /** The share of a PostgreSQL passage's score that is its BM25, the rest its ts_rank (postgres.ts). */
  bm25Share: number;
}

/**
 * The weights searches use. `npm run bench:fit-ranking` ranks each bench:retrieval question's
 * candidates again under other weights and searches for better ones, one weight at a time (both
 * databases' indexes at once, trained on FinanceBench, mmlongbench and uda_finqa, no cell under
 * plain BM25 nor more than one question under where it started). Four of the seven steps of its
 * first round are taken here: page support 0.1 -> 0.075 with its cap 4 -> 3, years 0.25 -> 0.125,
 * another form in one file 0.5 -> 0.25 (docs/ARCHITECTURE.md has the figures); the other three
 * (naming 0.6 -> 0.66, document and page coverage 0.5 -> 0.55) gained one question each.
 */
export const RANKING: RankingWeights = {
  expansion: EXPANSION_WEIGHT,
  document: DOCUMENT_WEIGHT,
  table: TABLE_WEIGHT,
  coverage: COVERAGE,
  otherFormInOneFile: OTHER_FORM_IN_ONE_FILE,
  listing: LISTING_WEIGHT,
  proximity: PROXIMITY_WEIGHT,
  year: YEAR_WEIGHT,
  pageSupport: PAGE_SUPPORT,
  pageSupportCap: PAGE_SUPPORT_CAP,
  copy: COPY_WEIGHT,
  bm25Share: BM25_SHARE,
};

/** What a question found before any weighing: each leg's passages, and what the question says. */
export interface Candidates {
  query: string;
  fileIds?: string[];
  analyzed: ReturnType<typeof analyzeQuery>;
  terms: QueryTerm[];
  named: Map<string, number>;
  /** Each leg's hits: own words (weight 1) or expansions, over the searched files or the named documents. */
  legs: { expansion: boolean; named: boolean; hits: SearchHit[] }[];
}

/** The index's passages for a question: its own words and its expansions, over the files asked for and the named documents. */
export async function searchCandidates(
  deps: Deps,
  o: { workspaceId: string; query: string; fileIds?: string[] },
): Promise<Candidates> {
  const analyzed = analyzeQuery(o.query);
  const index = deps.search;
  // Documents the question names (by company, period, form type in their file name, title or
  // profile): searched on their own as well, so their pages compete even when other filings match
  // more words.
  const { named, terms } = await documentNaming(deps, {
    workspaceId: o.workspaceId,
    fileIds: o.fileIds,
    nameWords: analyzed.nameWords,
    terms: analyzed.terms,
  });
  const legs = [terms.filter((t) => t.weight >= 1), terms.filter((t) => t.weight < 1)];
  const scopes: (string[] | undefined)[] = [o.fileIds];
  if (named.size > 0) scopes.push([...named.keys()]);
  // Every scope's legs at once: PostgreSQL runs them on connections of their own (a whole-room
  // question waited for four queries in turn); SQLite's one connection takes them in turn anyway.
  const runs = scopes.flatMap((fileIds) =>
    legs.flatMap((terms, i) => (terms.length === 0 ? [] : [{ named: fileIds !== o.fileIds, expansion: i > 0, terms }])),
  );
  const ranked = await Promise.all(
    runs.map((r) =>
      index.search({
        workspaceId: o.workspaceId,
        terms: r.terms,
        fileIds: r.named ? [...named.keys()] : o.fileIds,
        limit: CANDIDATES,
      }),
    ),
  );
  return {
    query: o.query,
    fileIds: o.fileIds,
    analyzed,
    terms,
    named,
    legs: runs.map((r, n) => ({ expansion: r.expansion, named: r.named, hits: ranked[n]! })),
  };
}

/** The candidates' pages, best first: the legs summed, then each signal applied with its weight. */
export function rankCandidates(
  c: Candidates,
  w: RankingWeights,
  trace?: SearchTrace,
): { hit: SearchHit; score: number }[] {
  const scored = new Map<string, { hit: SearchHit; score: number }>();
  // A PostgreSQL hit's score is its two parts weighed again by `bm25Share` (the same as the
  // index's own when `w` is RANKING).
  const scoreOf = (h: SearchHit) => (h.parts ? (1 - w.bm25Share) * h.parts.rank + w.bm25Share * h.parts.bm25 : h.score);
  for (const leg of c.legs) {
    const scores = leg.hits.map(scoreOf);
    const top = Math.max(0, ...scores);
    if (top <= 0) continue;
    const weight = leg.expansion ? w.expansion : 1;
    for (const [i, hit] of leg.hits.entries()) {
      if (scored.has(hit.passage_id) && leg.named) continue;
      const entry = scored.get(hit.passage_id) ?? { hit, score: 0 };
      entry.score += (weight * scores[i]!) / top;
      scored.set(hit.passage_id, entry);
    }
  }
  const step = (name: string) =>
    trace?.step(
      name,
      [...scored.values()].map(({ hit, score }) => ({ hit, score })),
    );
  step("legs");
  const tables = w.table > 0 && QUANTITATIVE.test(c.query);
  const ownWords = c.terms.filter((t) => t.weight >= 1).flatMap((t) => t.words);
  const covered = applyCoverage(
    [...scored.values()],
    ownWords,
    c.fileIds?.length === 1 ? { ...w.coverage, otherForm: w.otherFormInOneFile } : w.coverage,
  );
  step("coverage");
  const confirmed = confirmNaming(c.named, covered);
  trace?.analysis({ terms: c.terms, named: c.named, confirmed });
  applyProximity([...scored.values()], unnamedPairs(c.analyzed, c.terms), new Set(ownWords).size, w.proximity);
  step("proximity");
  applyYears([...scored.values()], questionYears(c.analyzed.words), w.year);
  step("years");
  for (const entry of scored.values()) {
    entry.score += w.document * (confirmed.get(entry.hit.file_id) ?? 0);
    if (tables) entry.score *= 1 + w.table * numberShare(entry.hit.text);
    // It holds every word of the question and points at the page that answers.
    if (entry.hit.listing) entry.score *= w.listing;
  }
  step("final");
  return demoteCopies(fusePages([...scored.values()], w.pageSupport, w.pageSupportCap), w.copy);
}

/**
 * Share of a passage's tokens (runs of letters, digits and `$%().,-`) that hold a digit (amounts,
 * percentages, years): high in tables. A loop over the characters: run on every candidate of a
 * quantitative question, matching each token out as a string cost 3 ms a search at data-room scale.
 */
export function numberShare(text: string): number {
  let tokens = 0;
  let numbers = 0;
  let inToken = false;
  let digit = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const isDigit = c >= 48 && c <= 57;
    const part =
      isDigit ||
      (c >= 97 && c <= 122) ||
      (c >= 65 && c <= 90) ||
      TOKEN_MARKS.has(c) ||
      (c > 127 && LETTER_OR_NUMBER.test(text[i]!));
    if (!part) {
      inToken = false;
      continue;
    }
    if (!inToken) {
      inToken = true;
      digit = false;
      tokens++;
    }
    if (isDigit && !digit) {
      digit = true;
      numbers++;
    }
  }
  return tokens === 0 ? 0 : numbers / tokens;
}
const TOKEN_MARKS = new Set([..."$%().,-"].map((ch) => ch.charCodeAt(0)));
const LETTER_OR_NUMBER = /[\p{L}\p{N}]/u;

/** About `size` characters around the earliest match of any word (a stem matches its forms). */
export function snippet(text: string, words: string[], size = SNIPPET_CHARS): string {
  const lower = text.toLowerCase();
  let at = -1;
  for (const w of words) {
    // "revenues" is found by its stem "revenu" as well.
    const stem = w.length > 4 ? w.slice(0, -1) : w;
    const i = lower.indexOf(stem);
    if (i >= 0 && (at < 0 || i < at)) at = i;
  }
  if (text.length <= size) return text;
  let start = Math.max(0, (at < 0 ? 0 : at) - Math.floor(size / 3));
  start = Math.min(start, text.length - size);
  // Whole words at the edges.
  if (start > 0) {
    const sp = text.indexOf(" ", start);
    if (sp >= 0 && sp - start < 20) start = sp + 1;
  }
  let end = Math.min(text.length, start + size);
  if (end < text.length) {
    const sp = text.lastIndexOf(" ", end);
    if (sp > start + size / 2) end = sp;
  }
  return `${start > 0 ? "…" : ""}${text.slice(start, end).trim()}${end < text.length ? "…" : ""}`;
}
