import type { Kysely } from "kysely";

/**
 * The analyst agent: answers keep their citations, model and the question's file scope; a cancel
 * request is a flag any process can set; the stream's events are stored in batches (one row per
 * flush, a JSON array) so a refresh, a second tab or a replay can read them back; and every model
 * call is metered in usage_events (kept when its thread is deleted: it is billing history).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("messages")
    .addColumn("citations", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();
  await db.schema.alterTable("messages").addColumn("model", "text").execute();
  await db.schema.alterTable("messages").addColumn("file_ids", "text").execute();
  await db.schema.alterTable("messages").addColumn("cancel_requested_at", "text").execute();

  await db.schema
    .createTable("message_events")
    .addColumn("message_id", "text", (c) => c.notNull().references("messages.id").onDelete("cascade"))
    .addColumn("seq", "integer", (c) => c.notNull())
    .addColumn("first_index", "integer", (c) => c.notNull())
    .addColumn("events", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("message_events_pk", ["message_id", "seq"])
    .execute();

  await db.schema
    .createTable("usage_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.references("user.id").onDelete("set null"))
    .addColumn("workspace_id", "text")
    .addColumn("thread_id", "text")
    .addColumn("message_id", "text")
    .addColumn("model", "text", (c) => c.notNull())
    .addColumn("input_tokens", "integer", (c) => c.notNull())
    .addColumn("output_tokens", "integer", (c) => c.notNull())
    .addColumn("cost_usd", "double precision")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("usage_events_user_idx").on("usage_events").columns(["user_id", "created_at"]).execute();
  await db.schema.createIndex("usage_events_message_idx").on("usage_events").column("message_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("usage_events").ifExists().execute();
  await db.schema.dropTable("message_events").ifExists().execute();
  for (const col of ["cancel_requested_at", "file_ids", "model", "citations"]) {
    await db.schema.alterTable("messages").dropColumn(col).execute();
  }
}
