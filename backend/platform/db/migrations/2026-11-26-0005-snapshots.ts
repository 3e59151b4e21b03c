import type { Kysely } from "kysely";

/**
 * Published snapshots (backend/snapshots). A snapshot is its own workspace row (marked by
 * `workspaces.snapshot_id`) holding copies of the threads, messages and files rows; the copied
 * files point at the source's immutable version rows (`current_version_id`), so blobs, pages and
 * passages are shared, never copied. `file_version_refs` lists the versions a file shows beyond
 * its own (a snapshot file's current version and the older versions its answers cite): while a
 * version is listed there, deleting its owner keeps it (the owner becomes a 'retained' file).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("workspaces").addColumn("snapshot_id", "text").execute();

  await db.schema
    .createTable("snapshots")
    .addColumn("id", "text", (c) => c.primaryKey())
    // The snapshot's own workspace; deleting the snapshot deletes it.
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    // The snapshot's copy of the published thread; null for a Pod snapshot.
    .addColumn("thread_id", "text")
    // Where it was published from: no foreign key, the source may be deleted.
    .addColumn("source_workspace_id", "text")
    .addColumn("source_thread_id", "text")
    .addColumn("created_by", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("is_discoverable", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("snapshots_creator_idx").on("snapshots").columns(["created_by", "created_at"]).execute();
  await db.schema
    .createIndex("snapshots_discoverable_idx")
    .on("snapshots")
    .columns(["is_discoverable", "created_at"])
    .execute();
  await db.schema.createIndex("snapshots_source_idx").on("snapshots").column("source_workspace_id").execute();
  await db.schema.createIndex("snapshots_workspace_idx").on("snapshots").column("workspace_id").execute();

  await db.schema
    .createTable("file_version_refs")
    .addColumn("file_id", "text", (c) => c.notNull().references("files.id").onDelete("cascade"))
    .addColumn("version_id", "text", (c) => c.notNull())
    // A thread file's version written by an answer: that answer's copy (the version's own
    // message_id names the source's answer).
    .addColumn("message_id", "text")
    .addPrimaryKeyConstraint("file_version_refs_pk", ["file_id", "version_id"])
    .execute();
  await db.schema.createIndex("file_version_refs_version_idx").on("file_version_refs").column("version_id").execute();

  // Search and the reference checks find a version's files by it.
  await db.schema.createIndex("files_current_version_idx").on("files").column("current_version_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("files_current_version_idx").execute();
  await db.schema.dropTable("file_version_refs").execute();
  await db.schema.dropTable("snapshots").execute();
  await db.schema.alterTable("workspaces").dropColumn("snapshot_id").execute();
}
