import type { Kysely } from "kysely";

/**
 * A sheet page (XLSX, CSV) keeps its sheet's name and the row number of each of its lines, as
 * JSON `{"sheet": "...", "rows": [1, 2, 5, ...]}`, so the viewer can show a citation at its cell.
 * Null for other pages and for sheets indexed before this migration (indexed again, they get it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("pages").addColumn("sheet_layout", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("pages").dropColumn("sheet_layout").execute();
}
