import { SqliteAdapter, sql, type Kysely } from "kysely";

/** The ingestion queue, parsed documents, their pages and passages, and the full-text index. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("ingestion_jobs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("file_id", "text", (c) => c.notNull().references("files.id").onDelete("cascade"))
    .addColumn("version_id", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("run_after", "text", (c) => c.notNull())
    .addColumn("locked_at", "text")
    .addColumn("locked_by", "text")
    .addColumn("error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("ingestion_jobs_claim_idx")
    .on("ingestion_jobs")
    .columns(["status", "run_after", "created_at"])
    .execute();
  await db.schema.createIndex("ingestion_jobs_file_idx").on("ingestion_jobs").column("file_id").execute();

  await db.schema
    .createTable("documents")
    .addColumn("version_id", "text", (c) => c.primaryKey())
    .addColumn("file_id", "text", (c) => c.notNull().references("files.id").onDelete("cascade"))
    .addColumn("workspace_id", "text", (c) => c.references("workspaces.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("page_count", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("documents_ws_idx").on("documents").column("workspace_id").execute();

  await db.schema
    .createTable("pages")
    .addColumn("version_id", "text", (c) => c.notNull().references("documents.version_id").onDelete("cascade"))
    .addColumn("page", "integer", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("pages_pk", ["version_id", "page"])
    .execute();

  const isSqlite = await dialectIsSqlite(db);
  await db.schema
    .createTable("passages")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("version_id", "text", (c) => c.notNull().references("documents.version_id").onDelete("cascade"))
    .addColumn("file_id", "text", (c) => c.notNull())
    .addColumn("workspace_id", "text")
    .addColumn("page", "integer", (c) => c.notNull())
    .addColumn("start", "integer", (c) => c.notNull())
    .addColumn("end", "integer", (c) => c.notNull())
    .addColumn("heading", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("text", "text", (c) => c.notNull())
    // SQLite: the FTS5 row is keyed by this rowid (an alias of it, so it is stable).
    .$call((b) => (isSqlite ? b.addColumn("seq", "integer", (c) => c.notNull().unique()) : b))
    .execute();
  await db.schema.createIndex("passages_version_idx").on("passages").columns(["version_id", "page"]).execute();
  await db.schema.createIndex("passages_ws_idx").on("passages").column("workspace_id").execute();

  if (isSqlite) {
    // Contentless (the text lives in `passages`), keyed by passages.seq; contentless_delete=1
    // (SQLite >= 3.43) allows plain DELETEs by rowid.
    await sql`create virtual table passages_fts using fts5(text, heading, title, content='', contentless_delete=1, tokenize='porter unicode61')`.execute(
      db,
    );
    // A passage's FTS row goes with it, however it is deleted (re-indexing, or a cascade from
    // its document, file or workspace).
    await sql`create trigger passages_fts_delete after delete on passages begin delete from passages_fts where rowid = old.seq; end`.execute(
      db,
    );
  } else {
    await sql`alter table passages add column tsv tsvector generated always as (to_tsvector('english', coalesce(heading, '') || ' ' || text)) stored`.execute(
      db,
    );
    await sql`create index passages_tsv_idx on passages using gin (tsv)`.execute(db);
  }
}

/** No failing probe query: on PostgreSQL it would abort the migration's transaction. */
async function dialectIsSqlite(db: Kysely<unknown>): Promise<boolean> {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists passages_fts_delete`.execute(db);
  await sql`drop table if exists passages_fts`.execute(db);
  for (const t of ["passages", "pages", "documents", "ingestion_jobs"])
    await db.schema.dropTable(t).ifExists().execute();
}
