import { SqliteAdapter, sql, type Kysely } from "kysely";

/**
 * A passage carries its document's label (file name in words, then title: how a question naming
 * a company, period or form type finds its filing). SQLite's FTS already indexes it in its
 * `title` column; on PostgreSQL the generated `tsv` now weighs text A, heading and label B.
 * Existing rows get an empty label until their file is indexed again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("passages")
    .addColumn("label", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await sql`drop index if exists passages_tsv_idx`.execute(db);
  await sql`alter table passages drop column tsv`.execute(db);
  await sql`alter table passages add column tsv tsvector generated always as (
    setweight(to_tsvector('english', text), 'A') ||
    setweight(to_tsvector('english', coalesce(heading, '') || ' ' || label), 'B')) stored`.execute(db);
  await sql`create index passages_tsv_idx on passages using gin (tsv)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    await sql`drop index if exists passages_tsv_idx`.execute(db);
    await sql`alter table passages drop column tsv`.execute(db);
    await sql`alter table passages add column tsv tsvector generated always as (to_tsvector('english', coalesce(heading, '') || ' ' || text)) stored`.execute(
      db,
    );
    await sql`create index passages_tsv_idx on passages using gin (tsv)`.execute(db);
  }
  await db.schema.alterTable("passages").dropColumn("label").execute();
}
