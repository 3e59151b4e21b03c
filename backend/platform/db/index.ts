import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
  type SqliteDialectConfig,
  type Transaction,
} from "kysely";
import pg from "pg";
import type { Database } from "./schema.ts";

export type Dialect = "sqlite" | "postgres";

/** What a repo function runs its queries on: the database or a transaction on it. */
export type Executor = Kysely<Database> | Transaction<Database>;

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

export interface DbOptions {
  /** postgres://... or sqlite:<path>; when absent, SQLite at DATA_DIR/app.db. */
  url?: string;
  dataDir: string;
  /** PostgreSQL only: the schema every connection uses (tests get one each). */
  schema?: string;
}

export function createDb({ url, dataDir, schema }: DbOptions): Db {
  if (url && /^postgres(ql)?:/.test(url)) {
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    // An idle client losing its connection must not crash the process.
    pool.on("error", (err) => console.error("[db] idle client error:", err.message));
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: "postgres", close: () => kysely.destroy() };
  }
  const file = url?.startsWith("sqlite:") ? url.slice("sqlite:".length) : path.join(dataDir, "app.db");
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const database = new SQLite(file);
  database.pragma("journal_mode = WAL");
  // In WAL mode NORMAL still never corrupts the database; a power cut may lose the last commits,
  // which the queue redoes. FULL cost an fsync per commit (3.5 ms here), a dozen per ingested file.
  database.pragma("synchronous = NORMAL");
  database.pragma("foreign_keys = ON");
  database.pragma("busy_timeout = 5000");
  const kysely = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database: cachedStatements(database) }),
  });
  return { kysely, dialect: "sqlite", close: () => kysely.destroy() };
}

/** Statements kept prepared, by SQL text; the least recently used go first. */
const STATEMENT_CACHE = 500;

/**
 * Kysely prepares every query again (parsing and planning it in SQLite, 5-40 us each, most of a
 * point lookup). Its driver runs one query at a time on the connection, so a cached statement is
 * never run twice at once.
 */
export function cachedStatements(database: SQLite.Database, size = STATEMENT_CACHE): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    prepare(text: string) {
      let stmt = cache.get(text);
      if (stmt) cache.delete(text);
      else stmt = database.prepare(text);
      cache.set(text, stmt);
      if (cache.size > size) cache.delete(cache.keys().next().value!);
      return stmt;
    },
    close: () => database.close(),
  };
}

/**
 * Transactions begin IMMEDIATE: they take the write lock at the start, waiting busy_timeout for it.
 * A deferred one that read first and wrote second failed with SQLITE_BUSY when another process
 * (WEB_CONCURRENCY, a separate worker) had written in between, and waiting does not help there.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly config: SqliteDialectConfig) {
    super(config);
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.config);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

export async function pingDb(db: Db): Promise<void> {
  await sql`select 1`.execute(db.kysely);
}

/**
 * Refreshes PostgreSQL's planner statistics of tables that just took many rows at once (a
 * snapshot's files). Until autovacuum's next ANALYZE the planner takes a workspace it has no
 * statistics for as one file, and nested-loops a full-text index scan per file: 1.7 s p50 instead
 * of 70 ms at 80,000 pages (bench:publish). SQLite's planner keeps no such statistics: a no-op.
 */
export async function refreshStatistics(db: Db, tables: (keyof Database)[]): Promise<void> {
  if (db.dialect !== "postgres") return;
  for (const table of tables) await sql`analyze ${sql.table(table)}`.execute(db.kysely);
}
