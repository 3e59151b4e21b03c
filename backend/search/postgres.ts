import { sql, type Kysely } from "kysely";
import type { Database } from "../platform/db/schema.ts";
import type { SearchHit, SearchIndex } from "./search-index.ts";

/**
 * The generated `tsv` column (text weighted A; heading and document label B) with ts_rank, which
 * measured better than ts_rank_cd on bench:retrieval (FinanceBench single R@5 0.77 vs 0.56).
 * Terms are OR-ed (like the SQLite index): a word through plainto_tsquery, a phrase through
 * phraseto_tsquery, so stemming and stop words apply and no input is a syntax error.
 */
export function postgresSearchIndex(db: Kysely<Database>): SearchIndex {
  return {
    async search(q) {
      if (q.terms.length === 0) return [];
      const parts = q.terms.map((t) =>
        t.words.length === 1 ? sql`plainto_tsquery('english', ${t.words[0]})` : sql`phraseto_tsquery('english', ${t.words.join(" ")})`,
      );
      const files = q.fileIds?.length ? sql`and p.file_id in (${sql.join(q.fileIds)})` : sql``;
      const { rows } = await sql<SearchHit>`
        select p.id as passage_id, p.file_id, p.version_id, f.filename, p.page, p.text, ts_rank(p.tsv, query) as score
        from passages p
        join files f on f.id = p.file_id and f.current_version_id = p.version_id
        cross join (select ${sql.join(parts, sql` || `)} as query) tq
        where p.tsv @@ query and p.workspace_id = ${q.workspaceId} and f.scope = 'workspace' ${files}
        order by score desc, p.id
        limit ${q.limit}`.execute(db);
      return rows.map((r) => ({ ...r, page: Number(r.page), score: Number(r.score) }));
    },
  };
}
