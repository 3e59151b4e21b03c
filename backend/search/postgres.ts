import { sql, type Kysely } from "kysely";
import type { Database } from "../platform/db/schema.ts";
import { queryWords, type SearchHit, type SearchIndex } from "./search-index.ts";

/**
 * The generated `tsv` column with ts_rank_cd. The words are OR-ed (like the SQLite index) through
 * plainto_tsquery per word, so stemming and stop words apply and no input is a syntax error.
 */
export function postgresSearchIndex(db: Kysely<Database>): SearchIndex {
  return {
    async search(q) {
      const words = queryWords(q.query);
      if (words.length === 0) return [];
      const tsquery = sql.join(words.map((w) => sql`plainto_tsquery('english', ${w})`), sql` || `);
      const files = q.fileIds?.length ? sql`and p.file_id in (${sql.join(q.fileIds)})` : sql``;
      const { rows } = await sql<SearchHit>`
        select p.id as passage_id, p.file_id, p.version_id, f.filename, p.page, p.text, ts_rank_cd(p.tsv, query) as score
        from passages p
        join files f on f.id = p.file_id and f.current_version_id = p.version_id
        cross join (select ${tsquery} as query) tq
        where p.tsv @@ query and p.workspace_id = ${q.workspaceId} and f.scope = 'workspace' ${files}
        order by score desc, p.id
        limit ${q.limit}`.execute(db);
      return rows.map((r) => ({ ...r, score: Number(r.score) }));
    },
  };
}
