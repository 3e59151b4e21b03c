import { SqliteAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";

/**
 * The queue is not only ingestion's: `ingestion_jobs` becomes `jobs`, a job carries its own JSON
 * `payload`, and `file_id`/`version_id` may be null (a job about no file: publish a snapshot,
 * import from EDGAR). Ingest jobs still set both, so deleting a file still deletes its jobs.
 * Existing rows keep their state. SQLite cannot drop NOT NULL, so there the table is rebuilt.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (await dialectIsSqlite(db)) return rebuildSqlite(db, { from: "ingestion_jobs", to: "jobs", generic: true });
  await sql`alter table ingestion_jobs rename to jobs`.execute(db);
  await sql`alter table jobs rename constraint ingestion_jobs_pkey to jobs_pkey`.execute(db);
  await sql`alter table jobs rename constraint ingestion_jobs_file_id_fkey to jobs_file_id_fkey`.execute(db);
  await sql`alter index ingestion_jobs_claim_idx rename to jobs_claim_idx`.execute(db);
  await sql`alter index ingestion_jobs_file_idx rename to jobs_file_idx`.execute(db);
  await sql`alter table jobs alter column file_id drop not null, alter column version_id drop not null, add column payload text`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Only file jobs fit the old table.
  await sql`delete from jobs where file_id is null or version_id is null`.execute(db);
  if (await dialectIsSqlite(db)) return rebuildSqlite(db, { from: "jobs", to: "ingestion_jobs", generic: false });
  await sql`alter table jobs drop column payload, alter column file_id set not null, alter column version_id set not null`.execute(
    db,
  );
  await sql`alter index jobs_file_idx rename to ingestion_jobs_file_idx`.execute(db);
  await sql`alter index jobs_claim_idx rename to ingestion_jobs_claim_idx`.execute(db);
  await sql`alter table jobs rename constraint jobs_file_id_fkey to ingestion_jobs_file_id_fkey`.execute(db);
  await sql`alter table jobs rename constraint jobs_pkey to ingestion_jobs_pkey`.execute(db);
  await sql`alter table jobs rename to ingestion_jobs`.execute(db);
}

/**
 * Copies `from` into a new table `to`, the generic one (`payload`, nullable file columns) or the
 * old one, with its indexes and the file FK (ON DELETE CASCADE).
 */
async function rebuildSqlite(db: Kysely<unknown>, o: { from: string; to: string; generic: boolean }): Promise<void> {
  const fileColumn = (c: ColumnDefinitionBuilder) => (o.generic ? c : c.notNull());
  await db.schema
    .createTable(o.to)
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull().defaultTo("ingest"))
    .addColumn("file_id", "text", (c) => fileColumn(c).references("files.id").onDelete("cascade"))
    .addColumn("version_id", "text", (c) => fileColumn(c))
    .$call((b) => (o.generic ? b.addColumn("payload", "text") : b))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("run_after", "text", (c) => c.notNull())
    .addColumn("locked_at", "text")
    .addColumn("locked_by", "text")
    .addColumn("error", "text")
    .addColumn("pages_done", "integer")
    .addColumn("pages_total", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  const columns = sql.join(
    [
      "id",
      "kind",
      "file_id",
      "version_id",
      "status",
      "attempts",
      "run_after",
      "locked_at",
      "locked_by",
      "error",
      "pages_done",
      "pages_total",
      "created_at",
      "updated_at",
    ].map((c) => sql.ref(c)),
  );
  await sql`insert into ${sql.table(o.to)} (${columns}) select ${columns} from ${sql.table(o.from)}`.execute(db);
  await db.schema.dropTable(o.from).execute();
  await db.schema.createIndex(`${o.to}_claim_idx`).on(o.to).columns(["status", "run_after", "created_at"]).execute();
  await db.schema.createIndex(`${o.to}_file_idx`).on(o.to).column("file_id").execute();
}

/** No failing probe query: on PostgreSQL it would abort the migration's transaction. */
async function dialectIsSqlite(db: Kysely<unknown>): Promise<boolean> {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}
