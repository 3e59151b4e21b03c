import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { createDb, type Db } from "../../backend/platform/db/index.ts";

export type TestDialect = "sqlite" | "postgres";

export interface TestDb {
  db: Db;
  dialect: TestDialect;
  /** A DATABASE_URL that reaches this same database (for code that opens its own, like the admin CLI). */
  url: string;
  drop(): Promise<void>;
}

export interface TestDbOptions {
  /** Where the SQLite file goes (default: a temp dir of its own, removed by drop()). */
  dataDir?: string;
  /**
   * An empty database instead of a copy of the migrated template, for tests of the migrator
   * itself (e.g. a cluster migrating on first boot).
   */
  empty?: boolean;
}

export const PG_TEST_URL = process.env.DATABASE_URL_TEST || "postgres://postgres@127.0.0.1:5432/test";

/** Set by the global setup (db-global-setup.ts): the migrated SQLite file to copy. */
export const SQLITE_TEMPLATE_ENV = "TEST_SQLITE_TEMPLATE";
/** Set by the global setup: the migrated PostgreSQL database each file's database is created from. */
export const PG_TEMPLATE_ENV = "TEST_PG_TEMPLATE";

/** The dialect of the running Vitest project (vitest.config.ts sets TEST_DB). */
export function testDialect(): TestDialect {
  const v = process.env.TEST_DB ?? "sqlite";
  if (v !== "sqlite" && v !== "postgres") throw new Error(`TEST_DB must be sqlite or postgres, got "${v}"`);
  return v;
}

/**
 * A database for one test file: a SQLite file in a temp dir, or a PostgreSQL database
 * t_<run>_<random> beside DATABASE_URL_TEST's. Under Vitest it is a copy of the template the
 * global setup migrated once per run (a file copy; CREATE DATABASE ... TEMPLATE), so bootBackend's
 * migrator finds nothing to do. Outside it (no template), or with `empty`, it starts empty.
 */
export async function createTestDb(o: TestDbOptions = {}): Promise<TestDb> {
  if (testDialect() === "sqlite") {
    const dir = o.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), "aw-db-")));
    const file = path.join(dir, "test.db");
    const template = o.empty ? undefined : process.env[SQLITE_TEMPLATE_ENV];
    if (template) await fs.copyFile(template, file);
    const db = createDb({ url: `sqlite:${file}`, dataDir: dir });
    return {
      db,
      dialect: "sqlite",
      url: `sqlite:${file}`,
      drop: async () => {
        await db.close();
        if (!o.dataDir) await fs.rm(dir, { recursive: true, force: true });
      },
    };
  }

  const name = `t_${process.env.TEST_RUN_ID ?? "adhoc"}_${crypto.randomBytes(6).toString("hex")}`;
  const template = o.empty ? undefined : process.env[PG_TEMPLATE_ENV];
  await adminQuery(template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = pgDatabaseUrl(name);
  const db = createDb({ url, dataDir: o.dataDir ?? os.tmpdir() });
  return {
    db,
    dialect: "postgres",
    url,
    drop: async () => {
      await db.close();
      // A process the test started may still hold a connection: FORCE ends it. The global
      // teardown drops what a crashed file left behind.
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

/** DATABASE_URL_TEST with its database replaced by `name`. */
export function pgDatabaseUrl(name: string): string {
  const url = new URL(PG_TEST_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One statement on DATABASE_URL_TEST's database, on a connection of its own (CREATE/DROP DATABASE). */
export async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_TEST_URL, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (err) {
    // Loud on purpose: CI provides PostgreSQL, so a missing server is a broken setup, not a skip.
    throw new Error(
      `TEST_DB=postgres but PostgreSQL at ${redact(PG_TEST_URL)} is unreachable (${(err as Error).message}). ` +
        "Start PostgreSQL or point DATABASE_URL_TEST at one.",
      { cause: err },
    );
  }
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = "***";
  return u.toString();
}
