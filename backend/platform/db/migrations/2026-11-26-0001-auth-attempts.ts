import type { Kysely } from "kysely";

/**
 * Counted attempts for the auth throttles (failed sign-ins per account and per client address,
 * password-reset emails, sign-ups that hit an existing address): one row per attempt, kept in the
 * database so every API process sees the same counts. Rows older than the longest window are swept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("auth_attempts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("auth_attempts_key_idx")
    .on("auth_attempts")
    .columns(["kind", "key", "created_at"])
    .execute();
  await db.schema.createIndex("auth_attempts_created_idx").on("auth_attempts").column("created_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("auth_attempts").ifExists().execute();
}
