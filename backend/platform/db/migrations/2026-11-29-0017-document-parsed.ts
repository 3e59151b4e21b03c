import type { Kysely } from "kysely";

/**
 * The version of the PDF text rules a document was parsed by (`PARSE_RULES`,
 * backend/ingestion/reparse.ts); null for documents indexed before this migration. The worker
 * parses an older one again when it has nothing else to do, so an upgrade that reads pages better
 * reaches the files already indexed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("documents").addColumn("parsed", "integer").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("documents").dropColumn("parsed").execute();
}
