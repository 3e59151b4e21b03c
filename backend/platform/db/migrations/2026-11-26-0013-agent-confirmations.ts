import type { Kysely } from "kysely";

/**
 * What an answer asks the user before it acts (backend/agent/confirmations.ts), e.g. importing SEC
 * filings: the tool waits on its row, which the confirmation route answers from any process.
 * `payload` is the request as JSON; `status` is pending, then approved, declined, expired or
 * cancelled (set once, by whoever gets there first).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("agent_confirmations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("message_id", "text", (c) => c.notNull().references("messages.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("answered_at", "text")
    .addColumn("answered_by", "text", (c) => c.references("user.id").onDelete("set null"))
    .execute();
  await db.schema
    .createIndex("agent_confirmations_message_idx")
    .on("agent_confirmations")
    .column("message_id")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("agent_confirmations").ifExists().execute();
}
