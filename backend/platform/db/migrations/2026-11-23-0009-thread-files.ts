import type { Kysely } from "kysely";

/**
 * Thread files: files with scope 'thread', tied to their thread (and, through workspace_id, to its
 * workspace), so deleting either removes them. Each version may name the answer that wrote it and
 * carries its number within the file. `original_file_id` is the workspace file an edit started from.
 * Thread files are never queued for indexing; a transfer to the workspace copies them there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("files")
    .addColumn("thread_id", "text", (c) => c.references("threads.id").onDelete("cascade"))
    .execute();
  await db.schema.alterTable("files").addColumn("original_file_id", "text").execute();
  await db.schema.alterTable("file_versions").addColumn("message_id", "text").execute();
  await db.schema.alterTable("file_versions").addColumn("number", "integer").execute();
  await db.schema.createIndex("files_thread_idx").on("files").columns(["thread_id", "created_at"]).execute();
  // Workspace versions leave `number` null (both dialects allow many nulls in a unique index).
  await db.schema
    .createIndex("file_versions_number_idx")
    .on("file_versions")
    .columns(["file_id", "number"])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("file_versions_number_idx").ifExists().execute();
  await db.schema.dropIndex("files_thread_idx").ifExists().execute();
  await db.schema.alterTable("file_versions").dropColumn("number").execute();
  await db.schema.alterTable("file_versions").dropColumn("message_id").execute();
  await db.schema.alterTable("files").dropColumn("original_file_id").execute();
  await db.schema.alterTable("files").dropColumn("thread_id").execute();
}
