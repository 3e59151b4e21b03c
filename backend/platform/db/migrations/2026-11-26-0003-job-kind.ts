import type { Kysely } from "kysely";

/**
 * The job queue serves more than ingestion: each job names its kind, and the worker runs it with
 * that kind's handler. Every job before this one was an ingestion job.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("ingestion_jobs")
    .addColumn("kind", "text", (c) => c.notNull().defaultTo("ingest"))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("ingestion_jobs").dropColumn("kind").execute();
}
