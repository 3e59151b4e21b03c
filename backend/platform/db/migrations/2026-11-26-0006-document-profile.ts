import type { Kysely } from "kysely";

/**
 * What each indexed document is, derived from its first pages and metadata at index time
 * (backend/ingestion/profile.ts): a title, its kind, issuer or author, period and form number.
 * Null where nothing says it, and for documents indexed before this migration until their file is
 * indexed again (or profiled by `backfillProfiles`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ["profile_title", "kind", "issuer", "period", "form"]) {
    await db.schema.alterTable("documents").addColumn(column, "text").execute();
  }
  await db.schema
    .alterTable("documents")
    .addColumn("profiled", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ["profiled", "form", "period", "issuer", "kind", "profile_title"]) {
    await db.schema.alterTable("documents").dropColumn(column).execute();
  }
}
