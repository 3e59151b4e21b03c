import { sql, type Kysely } from "kysely";
import type { Database } from "../platform/db/schema.ts";
import { pairedTerms, planTerms, SCORE_BUDGET, skipsCommonExpansion, termLists } from "./plan-terms.ts";
import type { QueryTerm } from "./query.ts";
import { passageRows } from "./passage-rows.ts";
import { bm25Scores, StemMemo, type RankRow } from "./rerank.ts";
import { byPlace } from "./hit-order.ts";
import type { SearchIndex, SearchOptions } from "./search-index.ts";

/**
 * The plain OR of every term runs only when they hold this many passages together: PostgreSQL's
 * cost is the rows it ranks (ts_rank reads each row's tsvector, about 5 us a row), not the lists
 * it reads, so it plans with a lower bar than SQLite (40,000).
 */
const EXACT_BUDGET = 3_000;
/**
 * The share of a passage's score that is its BM25 (rerank.ts), each over the query's best; the rest
 * is its ts_rank. bench:retrieval on PostgreSQL, all R@5 shared / mixed / single: ts_rank alone
 * 0.79 / 0.76 / 0.88; BM25 alone 0.81 / 0.77 / 0.88 but FinanceBench single 0.76 -> 0.68; 0.4, 0.5
 * and 0.6 all 0.81 / 0.77-0.78 / 0.89-0.90 with FinanceBench level.
 */
export const BM25_SHARE = 0.5;

/**
 * The generated `tsv` column (text weighted A; heading and document label B) with ts_rank, which
 * measured better than ts_rank_cd on bench:retrieval (FinanceBench single R@5 0.77 vs 0.56).
 * Terms are OR-ed (like the SQLite index): a word through plainto_tsquery, a phrase through
 * phraseto_tsquery, so stemming and stop words apply and no input is a syntax error.
 * At scale ts_rank on every passage holding any term took seconds, so the GIN match is narrowed
 * to passages holding one of the rarest terms (plan-terms.ts) while the rank still uses them all.
 */
export function postgresSearchIndex(
  db: Kysely<Database>,
  options: SearchOptions = {},
  caches: PostgresCaches = { counts: null, stats: null, stems: new StemMemo() },
): SearchIndex {
  return {
    withOptions: (o) => postgresSearchIndex(db, o, caches),
    async addPassages(tx, o) {
      // The tsv column is generated from the passage's text, heading and label.
      for (const rows of passageRows(o)) await tx.insertInto("passages").values(rows).execute();
    },
    async removeVersion(tx, versionId) {
      await tx.deleteFrom("passages").where("version_id", "=", versionId).execute();
    },
    async search(q) {
      if (q.terms.length === 0) return [];
      const { df, total } = await documentFrequencies(db, caches, q.terms);
      const plan = planTerms(q.terms, (w) => df.get(w) ?? null, total, {
        exactBudget: EXACT_BUDGET,
        rows: true,
        exact: options.exactPlans,
      });
      if (plan.kept.length === 0) return [];
      if (skipsCommonExpansion(q, plan.kept, (w) => df.get(w), options.exactPlans)) return [];
      const tsquery = (terms: QueryTerm[]) =>
        sql.join(
          terms.map((t) =>
            t.words.length === 1
              ? sql`plainto_tsquery('english', ${t.words[0]})`
              : sql`phraseto_tsquery('english', ${t.words.join(" ")})`,
          ),
          sql` || `,
        );
      const files = q.fileIds?.length
        ? sql`and f.id in (${sql.join(q.fileIds)}) and p.version_id in (select current_version_id from files where id in (${sql.join(q.fileIds)}))`
        : sql``;
      // One file is searched with every term (below); when its passages are few against the rows
      // the terms' GIN lists hold, they are matched row by row after the file's version index.
      // The planner joined the GIN bitmap of every term to the file's instead: one 10-K's
      // "balance sheets", "total assets", "borrowings"... built a bitmap of 42,000 rows (57 ms)
      // to keep 82 of its 499 passages (6 ms row by row). An expression the GIN index cannot
      // serve forces it.
      const lists = q.terms.reduce((n, t) => n + termLists(t, (w) => df.get(w)), 0);
      const chosen = q.fileIds?.length === 1 && lists > ROW_MATCH_COST ? await chosenPassages(db, q.fileIds) : Infinity;
      const byRow = chosen <= ROW_MATCH_MAX && chosen * ROW_MATCH_COST < lists;
      const matches = byRow ? sql`coalesce(p.tsv, ''::tsvector) @@ tq.filter` : sql`p.tsv @@ tq.filter`;
      // A passage is the workspace's when one of its files shows that version (a snapshot's
      // files show their source's versions, so its passages are shared, not copied).
      // ts_rank scores a phrase's words as if apart ("council of state" is council, state), so a
      // row holding a name the question writes (namePhrases) as written gains half its words' rank
      // again, as FTS5's bm25 counts a phrase as a term of its own. Only names: the full bonus for
      // the thesaurus's phrases too cost FinanceBench single R@5 0.76 -> 0.72 on bench:retrieval;
      // for names, half measured better than the whole (all R@5 mixed 0.76 either way, R@1 0.50 vs 0.49).
      // `filter`: rows must hold a term of each group.
      const run = (filter: QueryTerm[][], rank = plan.kept) => {
        const phrases = rank.filter((t) => t.name);
        const bonus = phrases.length
          ? sql`+ case when p.tsv @@ tq.phrases then 0.5 * ts_rank(p.tsv, tq.phrases) else 0 end`
          : sql``;
        return sql<RankRow & { score: number }>`
        select p.id as passage_id, f.id as file_id, p.version_id, f.filename, p.page, p.text, p.heading, p.label, coalesce(p.listing, 0) = 1 as listing, ts_rank(p.tsv, tq.query) ${bonus} as score
        from passages p
        join files f on f.current_version_id = p.version_id and f.workspace_id = ${q.workspaceId} and f.scope = 'workspace'
        cross join (select ${tsquery(rank)} as query, ${sql.join(
          filter.map((g) => sql`(${tsquery(g)})`),
          sql` && `,
        )} as filter${phrases.length ? sql`, ${tsquery(phrases)} as phrases` : sql``}) tq
        where ${matches} ${files}
        order by score desc, p.page, p.start, p.id
        limit ${q.limit}`.execute(db);
      };
      // Within one file every term is scored: ts_rank's cost is the file's rows, and dropping the
      // common terms took one-document R@5 from 0.84 to 0.78 on the 80,000-page room.
      const every = q.terms.filter((t) => t.words.some((w) => df.get(w) != null));
      const ranked = q.fileIds?.length === 1 ? every : plan.kept;
      const required = plan.required ?? plan.kept;
      const pair = q.fileIds?.length ? null : pairedTerms(q.terms, plan.kept, required, (w) => df.get(w));
      let rows: (RankRow & { score: number })[];
      if (q.fileIds?.length === 1) rows = (await run([every], every)).rows;
      else if (pair) {
        rows = (await run(pair.map((t) => [t]))).rows;
        if (rows.length < q.limit) rows = (await run([required])).rows;
      } else rows = (await run([required])).rows;
      // ts_rank has no IDF: its best rows are scored again with BM25 (rerank.ts), and the two,
      // each over its best, count half each.
      const hits = rows.map((r) => ({
        ...r,
        page: Number(r.page),
        listing: Boolean(r.listing),
        score: Number(r.score),
      }));
      const bm25 = bm25Scores(hits, ranked, (w) => df.get(w) ?? 0, total, caches.stems);
      const tsTop = Math.max(...hits.map((h) => h.score), 1e-9);
      const bmTop = Math.max(...bm25, 1e-9);
      return hits
        .map(({ heading: _h, label: _l, ...h }, i) => {
          const parts = { rank: h.score / tsTop, bm25: bm25[i]! / bmTop };
          return { ...h, score: (1 - BM25_SHARE) * parts.rank + BM25_SHARE * parts.bm25, parts };
        })
        .sort((a, b) => b.score - a.score || byPlace(a, b));
    },
  };
}

/**
 * What matching a row by row costs against a row of a GIN list: reading a passage's tsvector
 * (often out of line) and matching it took about 12 us, building a bitmap about 1.3 us a row.
 */
const ROW_MATCH_COST = 10;
/** Row by row is tried only for files of at most this many passages (counted up to one past it). */
const ROW_MATCH_MAX = 4_000;

/** The chosen files' current passages, counted up to one past ROW_MATCH_MAX (an index range scan). */
async function chosenPassages(db: Kysely<Database>, fileIds: string[]): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*) as n from (
      select 1 from passages where version_id in (select current_version_id from files where id in (${sql.join(fileIds)}))
      limit ${ROW_MATCH_MAX + 1}) chosen`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Passages holding each word (null: a stop word, which the index doesn't keep). A common word's
 * count comes from the statistics ANALYZE keeps for the tsv column (the frequencies of its most
 * common lexemes). A word not listed there is rarer than the least common one listed, and is
 * counted through the GIN index, capped, and kept as long as the statistics (a few minutes; a
 * word no passage holds is counted again each time). Estimated instead, such words turned out to
 * be held by 30 passages or by 30,000, and planning on the wrong guess ranked tens of thousands
 * of rows (150 ms) at 270,000 passages.
 */
async function documentFrequencies(
  db: Kysely<Database>,
  caches: PostgresCaches,
  terms: QueryTerm[],
): Promise<{ df: Map<string, number | null>; total: number }> {
  const stats = await lexemeStats(db, caches);
  const words = [...new Set(terms.flatMap((t) => t.words))];
  const { rows } = await sql<{ w: string; lexeme: string | null }>`
    select w, (select min(l) from unnest(tsvector_to_array(to_tsvector('english', w))) l) as lexeme
    from unnest(${words}::text[]) w`.execute(db);
  // Renewed with the statistics (every few minutes: reltuples only moves when the table is analyzed).
  let counted = caches.counts;
  if (!counted || counted.at !== stats.at) caches.counts = counted = { at: stats.at, words: new Map() };
  // The words neither listed nor counted yet, counted in one round trip.
  const uncounted = rows.filter((r) => r.lexeme !== null && !stats.freq.has(r.lexeme) && !counted.words.has(r.lexeme));
  if (uncounted.length > 0) {
    const counts = await sql<{ w: string; n: number }>`
      select w, (select count(*) from (select 1 from passages where tsv @@ plainto_tsquery('english', w) limit ${SCORE_BUDGET}) x) as n
      from unnest(${uncounted.map((r) => r.w)}::text[]) w`.execute(db);
    const lexemeOf = new Map(uncounted.map((r) => [r.w, r.lexeme!]));
    // Not a word no passage holds yet: the next upload may bring it, and a term counted 0 is
    // left out of the query.
    for (const c of counts.rows) if (Number(c.n) > 0) counted.words.set(lexemeOf.get(c.w)!, Number(c.n));
  }
  const df = new Map<string, number | null>();
  for (const r of rows) {
    if (r.lexeme === null) df.set(r.w, null);
    else if (stats.freq.has(r.lexeme)) df.set(r.w, Math.max(1, Math.round(stats.freq.get(r.lexeme)! * stats.total)));
    else df.set(r.w, counted.words.get(r.lexeme) ?? 0);
  }
  return { df, total: stats.total };
}

/** What a PostgreSQL index keeps between searches: word counts and the lexeme statistics. */
interface PostgresCaches {
  counts: { at: number; words: Map<string, number> } | null;
  stats: LexemeStats | null;
  stems: StemMemo;
}

interface LexemeStats {
  total: number;
  freq: Map<string, number>;
  at: number;
}

const STATS_TTL_MS = 5 * 60_000;

async function lexemeStats(db: Kysely<Database>, caches: PostgresCaches): Promise<LexemeStats> {
  const cached = caches.stats;
  if (cached && Date.now() - cached.at < STATS_TTL_MS) return cached;
  const { rows } = await sql<{ elems: string[] | null; freqs: number[] | null; total: number }>`
    select s.most_common_elems::text::text[] as elems, s.most_common_elem_freqs as freqs, c.reltuples as total
    from pg_class c left join pg_stats s on s.schemaname = current_schema() and s.tablename = 'passages' and s.attname = 'tsv'
    where c.oid = to_regclass('passages')`.execute(db);
  const row = rows[0];
  const freq = new Map<string, number>();
  const elems = row?.elems ?? [];
  // The frequencies array ends with the minimum, the maximum and the null share (unused here).
  const freqs = (row?.freqs ?? []).map(Number);
  elems.forEach((e, i) => freq.set(e, freqs[i]!));
  const stats = { total: Math.max(0, Number(row?.total ?? 0)), freq, at: Date.now() };
  caches.stats = stats;
  return stats;
}
