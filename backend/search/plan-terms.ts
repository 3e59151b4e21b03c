import type { QueryTerm } from "./query.ts";

/**
 * Bounds the work of an OR-ed full-text query at data-room scale. Two costs grow with the index:
 * ranking every passage that holds any term (at 270,000 passages a question of 20 words matches
 * most of them), and the statistics of each term (bm25's IDF counts every passage holding it, on
 * each query, also for a search within one file). Both are paid in passages read, so each term is
 * costed by the passages holding its words (a phrase reads each word's list), and:
 * - A passage must hold at least one of the `required` terms: the cheapest (the rarest), taken
 *   while they fit in REQUIRED_BUDGET passages. The other scored terms still count in the score of
 *   the passages that pass; one that holds only common words scores too low to matter anyway.
 * - Terms are scored, cheapest first, while they fit in SCORE_BUDGET passages (the required ones
 *   always): the commonest weigh least in BM25, and cost most.
 * Below EXACT_BELOW passages, or when all the terms fit in SCORE_BUDGET, the query is the plain OR
 * of them all: the required filter costs recall (FinanceBench shared R@5 0.61 -> 0.51 when forced
 * on the 10,000-passage bench:retrieval index), so it is only paid for where the plain OR is slow.
 */
export interface TermPlan {
  kept: QueryTerm[];
  /** null: every kept term is required (the plain OR). */
  required: QueryTerm[] | null;
}

export const REQUIRED_BUDGET = 3_000;
export const SCORE_BUDGET = 40_000;
/** Passages in the index below which every query is the exact plain OR (about 15,000 pages). */
export const EXACT_BELOW = 50_000;
/**
 * Passages past which an expansion-only query's rarest term is too common to rank over a whole
 * Pod (`skipsCommonExpansion`). On bench:dataroom's 80,000-page room: PostgreSQL whole-room p99
 * 218 -> 124 ms and p95 114 -> 103 ms, R@5 unchanged (0.36), where 5,000 cost a question (0.35);
 * SQLite whole-room p95 53 -> 45 ms, R@5 unchanged (0.45). Smaller indexes never reach it.
 */
export const COMMON_EXPANSION = 10_000;

/**
 * Whether a query is an expansion leg (the thesaurus's words only) over a whole Pod whose every
 * kept term is common, and so is not run: ranking its matches costs the most of any leg ("cash
 * flows": 20,000 rows, 500 ms on PostgreSQL at 270,000 passages; "acquired": 14,000 rows, 16 ms
 * of bm25 on SQLite), and words that common tell pages apart little. `df`: passages holding a
 * word, null or undefined where unknown (taken as common).
 */
export function skipsCommonExpansion(
  q: { terms: QueryTerm[]; fileIds?: string[] },
  kept: QueryTerm[],
  df: (word: string) => number | null | undefined,
  exact = false,
): boolean {
  if (exact || q.fileIds?.length || !q.terms.every((t) => t.weight < 1)) return false;
  return Math.min(...kept.map((t) => termRows(t, df))) > COMMON_EXPANSION;
}

/** The passages a term's match reads in word lists: each of its words' (FTS5's cost, and GIN's). */
export function termLists(term: QueryTerm, df: (word: string) => number | null | undefined): number {
  return term.words.reduce((n, w) => n + (df(w) ?? 0), 0);
}

/**
 * The passages that can hold a term: its rarest word's (a phrase holds every one of its words).
 * Words the index doesn't keep or count (null, undefined) bound nothing; Infinity when none does.
 */
export function termRows(term: QueryTerm, df: (word: string) => number | null | undefined): number {
  let rows = Infinity;
  for (const w of term.words) {
    const n = df(w);
    if (n != null && n < rows) rows = n;
  }
  return rows;
}

/**
 * `df`: passages holding a word, or null for a word the index doesn't keep (a stop word).
 * `exactBudget`: the plain OR runs when all the terms cost at most this; an index whose cost is
 * the rows it ranks rather than the lists it reads (PostgreSQL) sets it lower.
 * `rows`: the index's cost is the rows it ranks (PostgreSQL: ts_rank reads each row's tsvector),
 * so a phrase costs what its rarest word does, the rows that can hold it: its GIN match reads
 * no other. Costed as all its words' lists (FTS5's cost), "dividends declared" (10,500 + 3,300)
 * lost to "dividend" (10,500) as the required term, and 10,500 rows were ranked where 3,300 held
 * the phrase: bench:dataroom PostgreSQL pass 2 whole-room p95 137 -> 95 ms, R@5 0.40 -> 0.42.
 * `exact`: every query is the plain OR of all its terms (SearchOptions.exactPlans, for benchmarks).
 */
export function planTerms(
  terms: QueryTerm[],
  df: (word: string) => number | null,
  total: number,
  o: { exactBudget?: number; rows?: boolean; exact?: boolean } = {},
): TermPlan {
  const { exactBudget = SCORE_BUDGET, rows = false, exact = false } = o;
  const byCost = terms
    .map((term, i) => {
      const least = termRows(term, df);
      return { term, i, df: Number.isFinite(least) ? least : 0, cost: rows ? least : termLists(term, df) };
    })
    .filter((s) => s.df > 0)
    .sort((a, b) => a.cost - b.cost || a.i - b.i);
  if (byCost.length === 0) return { kept: [], required: null };
  // Cheap enough as it is: the exact plain OR (the filter costs recall, see docs/ARCHITECTURE.md).
  if (exact || total <= EXACT_BELOW || byCost.reduce((n, s) => n + s.cost, 0) <= exactBudget)
    return { kept: terms.filter((t) => byCost.some((s) => s.term === t)), required: null };
  const prefix = (budget: number) => {
    let n = 0;
    for (let spent = 0; n < byCost.length && (n === 0 || spent + byCost[n]!.cost <= budget); n++)
      spent += byCost[n]!.cost;
    return n;
  };
  const required = prefix(REQUIRED_BUDGET);
  const scored = byCost.slice(0, Math.max(required, prefix(SCORE_BUDGET))).sort((a, b) => a.i - b.i);
  return {
    kept: scored.map((s) => s.term),
    required: required >= scored.length ? null : byCost.slice(0, required).map((s) => s.term),
  };
}

/**
 * For an index whose cost is the rows it ranks (PostgreSQL): a whole-Pod query of the question's
 * own words whose rarest term alone is held by more passages than this requires its two rarest
 * terms together (the GIN index intersects them without reading a row), and falls back to the
 * rarest alone when that leaves fewer rows than it wants. "What industry does AMCOR primarily
 * operate in?" ranked all 13,800 passages of the room holding "industry" (170 ms) where 600 also
 * hold "amcor". bench:dataroom PostgreSQL pass 2 (80,000 pages, phrases costed as rows): whole-room
 * p95 95 -> 86 ms, all p95 85 -> 71 ms, R@5 unchanged (0.42 whole room, 0.84 one document).
 */
export const PAIRED_ABOVE = 8_000;

/**
 * The two rarest terms a whole-Pod query of the question's own words requires together, when its
 * one required term is held by over PAIRED_ABOVE passages; else null. A term costs what its rarest
 * word does (the rows that can hold it).
 */
export function pairedTerms(
  terms: QueryTerm[],
  kept: QueryTerm[],
  required: QueryTerm[],
  df: (word: string) => number | null | undefined,
): [QueryTerm, QueryTerm] | null {
  if (required.length !== 1 || !terms.every((t) => t.weight >= 1)) return null;
  const rows = (t: QueryTerm) => termRows(t, df);
  const rarest = required[0]!;
  if (rows(rarest) <= PAIRED_ABOVE) return null;
  const next = kept.filter((t) => t.words.join(" ") !== rarest.words.join(" ")).sort((a, b) => rows(a) - rows(b))[0];
  return next && Number.isFinite(rows(next)) ? [rarest, next] : null;
}
