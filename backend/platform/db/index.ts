import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import type { Database } from "./schema.ts";

export type Dialect = "sqlite" | "postgres";

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
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  return { kysely, dialect: "sqlite", close: () => kysely.destroy() };
}

export async function pingDb(db: Db): Promise<void> {
  await sql`select 1`.execute(db.kysely);
}
