import type { Kysely } from "kysely";

/** Workspaces (Pods), threads, messages, files and the user's library. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("workspaces")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("owner_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("is_public", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("workspaces_owner_idx").on("workspaces").columns(["owner_id", "updated_at"]).execute();

  await db.schema
    .createTable("workspace_bookmarks")
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("workspace_bookmarks_pk", ["user_id", "workspace_id"])
    .execute();
  await db.schema
    .createIndex("workspace_bookmarks_ws_idx")
    .on("workspace_bookmarks")
    .columns(["workspace_id", "created_at"])
    .execute();

  await db.schema
    .createTable("threads")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("created_by", "text", (c) => c.references("user.id").onDelete("set null"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("is_pinned", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("threads_ws_idx").on("threads").columns(["workspace_id", "updated_at"]).execute();

  await db.schema
    .createTable("thread_bookmarks")
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("thread_id", "text", (c) => c.notNull().references("threads.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("thread_bookmarks_pk", ["user_id", "thread_id"])
    .execute();

  await db.schema
    .createTable("messages")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("thread_id", "text", (c) => c.notNull().references("threads.id").onDelete("cascade"))
    .addColumn("parent_id", "text")
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("complete"))
    .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_by", "text", (c) => c.references("user.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("messages_thread_idx").on("messages").columns(["thread_id", "created_at"]).execute();

  await db.schema
    .createTable("message_feedback")
    .addColumn("message_id", "text", (c) => c.notNull().references("messages.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("rating", "text", (c) => c.notNull())
    .addColumn("comment", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("message_feedback_pk", ["message_id", "user_id"])
    .execute();

  // A file is a stable identity (file_id) in one owner scope; each upload or edit is a version.
  // scope: 'workspace' (workspace_id set), 'account' (a user's library) or 'public'.
  await db.schema
    .createTable("files")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("workspace_id", "text", (c) => c.references("workspaces.id").onDelete("cascade"))
    .addColumn("owner_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("filename", "text", (c) => c.notNull())
    .addColumn("current_version_id", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("files_ws_idx").on("files").columns(["workspace_id", "created_at"]).execute();
  await db.schema.createIndex("files_owner_idx").on("files").columns(["owner_id", "scope"]).execute();

  await db.schema
    .createTable("file_versions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("file_id", "text", (c) => c.notNull().references("files.id").onDelete("cascade"))
    .addColumn("blob_key", "text", (c) => c.notNull())
    .addColumn("byte_size", "bigint", (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("checksum", "text")
    .addColumn("created_by", "text", (c) => c.references("user.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("file_versions_file_idx").on("file_versions").column("file_id").execute();

  await db.schema
    .createTable("prompts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("prompts_user_idx").on("prompts").columns(["user_id", "updated_at"]).execute();

  await db.schema
    .createTable("user_attributes")
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("user_attributes_pk", ["user_id", "key"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    "user_attributes",
    "prompts",
    "file_versions",
    "files",
    "message_feedback",
    "messages",
    "thread_bookmarks",
    "threads",
    "workspace_bookmarks",
    "workspaces",
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
