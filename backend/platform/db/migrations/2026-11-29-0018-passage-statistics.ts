import { SqliteAdapter, sql, type Kysely } from "kysely";

/**
 * On PostgreSQL, ANALYZE keeps frequencies for up to 10,000 of the `tsv` column's commonest
 * lexemes instead of 1,000 (its statistics target 1,000, not the default 100), read from a sample
 * of 300,000 passages instead of 30,000. Search takes a word's count from these (postgres.ts's
 * documentFrequencies) and counts the others through the GIN index (more are known without a
 * query, which measured no faster). The point: an index of up to 300,000 passages is read whole,
 * so its statistics, and the ranking that reads them, no longer change from one ANALYZE to the
 * next.
 * Measured (bench:dataroom search only, 278,946 passages, two runs each): ANALYZE 0.75 s -> 3.6 s;
 * latency within the runs' spread (first pass of 200 queries p95 55.7 / 57.5 ms -> 52.1 / 57.6,
 * second pass 44.9 / 44.1 -> 44.3 / 46.1), recall unchanged. bench:retrieval (35,269 passages):
 * three ANALYZEs gave one table, where the default moved FinanceBench single R@1 (0.42 or 0.44)
 * and shared R@10 (0.80 or 0.82) from one ANALYZE to the next.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await sql`alter table passages alter column tsv set statistics 1000`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await sql`alter table passages alter column tsv set statistics -1`.execute(db);
}
