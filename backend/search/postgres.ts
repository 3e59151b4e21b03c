import { sql, type Kysely } from "kysely";
import type { Database } from "../platform/db/schema.ts";
import { planTerms } from "./plan-terms.ts";
import type { QueryTerm } from "./query.ts";
import type { SearchHit, SearchIndex } from "./search-index.ts";

/**
 * The generated `tsv` column (text weighted A; heading and document label B) with ts_rank, which
 * measured better than ts_rank_cd on bench:retrieval (FinanceBench single R@5 0.77 vs 0.56).
 * Terms are OR-ed (like the SQLite index): a word through plainto_tsquery, a phrase through
 * phraseto_tsquery, so stemming and stop words apply and no input is a syntax error.
 * At scale ts_rank on every passage holding any term took seconds, so the GIN match is narrowed
 * to passages holding one of the rarest terms (plan-terms.ts) while the rank still uses them all.
 */
export function postgresSearchIndex(db: Kysely<Database>): SearchIndex {
  return {
    async search(q) {
      if (q.terms.length === 0) return [];
      const { df, total } = await documentFrequencies(db, q.terms);
      const plan = planTerms(q.terms, (w) => df.get(w) ?? null, total);
      if (plan.kept.length === 0) return [];
      // Within one file the plain OR is cheap: the file's passages are few.
      const required = q.fileIds?.length === 1 ? null : plan.required;
      const tsquery = (terms: QueryTerm[]) =>
        sql.join(
          terms.map((t) => (t.words.length === 1 ? sql`plainto_tsquery('english', ${t.words[0]})` : sql`phraseto_tsquery('english', ${t.words.join(" ")})`)),
          sql` || `,
        );
      const files = q.fileIds?.length
        ? sql`and p.file_id in (${sql.join(q.fileIds)}) and p.version_id in (select current_version_id from files where id in (${sql.join(q.fileIds)}))`
        : sql``;
      const run = (filter: QueryTerm[], rank = plan.kept) => sql<SearchHit>`
        select p.id as passage_id, p.file_id, p.version_id, f.filename, p.page, p.text, ts_rank(p.tsv, tq.query) as score
        from passages p
        join files f on f.id = p.file_id and f.current_version_id = p.version_id
        cross join (select ${tsquery(rank)} as query, ${tsquery(filter)} as filter) tq
        where p.tsv @@ tq.filter and p.workspace_id = ${q.workspaceId} and f.scope = 'workspace' ${files}
        order by score desc, p.id
        limit ${q.limit}`.execute(db);
      let { rows } = await run(required ?? plan.kept);
      // The statistics only estimate a rare word's count (it may be a word no passage holds):
      // when the rare terms found almost nothing, the plain OR runs.
      if (required && rows.length < q.limit / 10) ({ rows } = await run(plan.kept));
      // A file may hold none of the cheap terms but some of the common ones left unscored.
      if (q.fileIds?.length === 1 && rows.length === 0 && plan.kept.length < q.terms.length) ({ rows } = await run(q.terms, q.terms));
      return rows.map((r) => ({ ...r, page: Number(r.page), score: Number(r.score) }));
    },
  };
}

/**
 * Passages holding each word (null: a stop word, which the index doesn't keep), estimated from
 * the statistics ANALYZE keeps for the tsv column: the frequencies of its most common lexemes.
 * A lexeme missing there is rarer than the least common one listed. Counting at query time
 * (ts_stat, or counting matches) costs what the search does. Cached for a few minutes.
 */
async function documentFrequencies(db: Kysely<Database>, terms: QueryTerm[]): Promise<{ df: Map<string, number | null>; total: number }> {
  const stats = await lexemeStats(db);
  const words = [...new Set(terms.flatMap((t) => t.words))];
  const { rows } = await sql<{ w: string; lexeme: string | null }>`
    select w, (select min(l) from unnest(tsvector_to_array(to_tsvector('english', w))) l) as lexeme
    from unnest(${words}::text[]) w`.execute(db);
  const df = new Map<string, number | null>();
  for (const r of rows) df.set(r.w, r.lexeme === null ? null : Math.max(1, Math.round((stats.freq.get(r.lexeme) ?? stats.rare) * stats.total)));
  return { df, total: stats.total };
}

interface LexemeStats {
  total: number;
  freq: Map<string, number>;
  /** Share assumed for a lexeme not listed: half the least common listed one's. */
  rare: number;
  at: number;
}

const STATS_TTL_MS = 5 * 60_000;
const statsCache = new WeakMap<Kysely<Database>, LexemeStats>();

async function lexemeStats(db: Kysely<Database>): Promise<LexemeStats> {
  const cached = statsCache.get(db);
  if (cached && Date.now() - cached.at < STATS_TTL_MS) return cached;
  const { rows } = await sql<{ elems: string[] | null; freqs: number[] | null; total: number }>`
    select s.most_common_elems::text::text[] as elems, s.most_common_elem_freqs as freqs, c.reltuples as total
    from pg_class c left join pg_stats s on s.schemaname = current_schema() and s.tablename = 'passages' and s.attname = 'tsv'
    where c.oid = to_regclass('passages')`.execute(db);
  const row = rows[0];
  const freq = new Map<string, number>();
  const elems = row?.elems ?? [];
  // The frequencies array ends with the minimum, the maximum and the null share.
  const freqs = (row?.freqs ?? []).map(Number);
  elems.forEach((e, i) => freq.set(e, freqs[i]!));
  const least = freqs.length > elems.length ? freqs[elems.length]! : 0;
  const stats = { total: Math.max(0, Number(row?.total ?? 0)), freq, rare: least / 2, at: Date.now() };
  statsCache.set(db, stats);
  return stats;
}
