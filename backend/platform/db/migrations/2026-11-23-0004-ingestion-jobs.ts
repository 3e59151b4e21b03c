import type { Kysely } from "kysely";

/**
 * Durable ingestion: files expanded from an archive (ZIP entries, EML attachments) remember the
 * archive and how deep they sit, and a running job carries its page progress.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("files")
    .addColumn("parent_file_id", "text", (c) => c.references("files.id").onDelete("set null"))
    .execute();
  await db.schema
    .alterTable("files")
    .addColumn("archive_depth", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("files_parent_idx").on("files").column("parent_file_id").execute();
  await db.schema.alterTable("ingestion_jobs").addColumn("pages_done", "integer").execute();
  await db.schema.alterTable("ingestion_jobs").addColumn("pages_total", "integer").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("ingestion_jobs").dropColumn("pages_total").execute();
  await db.schema.alterTable("ingestion_jobs").dropColumn("pages_done").execute();
  await db.schema.dropIndex("files_parent_idx").ifExists().execute();
  await db.schema.alterTable("files").dropColumn("archive_depth").execute();
  await db.schema.alterTable("files").dropColumn("parent_file_id").execute();
}
