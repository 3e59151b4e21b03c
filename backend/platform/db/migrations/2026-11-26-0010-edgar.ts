import type { Kysely } from "kysely";

/**
 * SEC EDGAR (backend/edgar): the deployment-wide request pacing every process shares, the cache
 * of EDGAR's JSON answers, and where an imported file came from (`files.source`, JSON).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per outside budget ("sec"): the earliest time, in ms since the epoch, the next
  // request may leave. Each request takes the slot and moves it one interval on, atomically.
  await db.schema
    .createTable("edgar_rate")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("next_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("edgar_cache")
    .addColumn("url", "text", (c) => c.primaryKey())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("fetched_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.alterTable("files").addColumn("source", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("files").dropColumn("source").execute();
  await db.schema.dropTable("edgar_cache").execute();
  await db.schema.dropTable("edgar_rate").execute();
}
