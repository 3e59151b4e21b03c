import type { Kysely } from "kysely";

/**
 * Whether a passage's page lists where things are (a table of contents, an index: search's
 * listing.ts), written at index time: 1 or 0, null for passages indexed before this migration
 * until their file is indexed again or `backfillListing` reads their pages (null ranks as 0).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("passages").addColumn("listing", "integer").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("passages").dropColumn("listing").execute();
}
