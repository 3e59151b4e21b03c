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

export const PG_TEST_URL = process.env.DATABASE_URL_TEST || "postgres://postgres@127.0.0.1:5432/test";

/** The dialect of the running Vitest project (vitest.config.ts sets TEST_DB). */
export function testDialect(): TestDialect {
  const v = process.env.TEST_DB ?? "sqlite";
  if (v !== "sqlite" && v !== "postgres") throw new Error(`TEST_DB must be sqlite or postgres, got "${v}"`);
  return v;
}

/**
 * A fresh, empty database for one test file: a SQLite file in a temp dir, or a new PostgreSQL
 * schema t_<run>_<random> (dropped at the end of the run). Migrations are left to bootBackend.
 */
export async function createTestDb(dataDir?: string): Promise<TestDb> {
  if (testDialect() === "sqlite") {
    const dir = dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), "aw-db-")));
    const file = path.join(dir, "test.db");
    const db = createDb({ url: `sqlite:${file}`, dataDir: dir });
    return {
      db,
      dialect: "sqlite",
      url: `sqlite:${file}`,
      drop: async () => {
        await db.close();
        if (!dataDir) await fs.rm(dir, { recursive: true, force: true });
      },
    };
  }

  // Dropped by the global teardown (pg-global-setup.ts), not here: see there for why.
  const schema = `t_${process.env.TEST_RUN_ID ?? "adhoc"}_${crypto.randomBytes(6).toString("hex")}`;
  await adminQuery(`create schema ${schema}`);
  const db = createDb({ url: PG_TEST_URL, dataDir: dataDir ?? os.tmpdir(), schema });
  const url = new URL(PG_TEST_URL);
  url.searchParams.set("options", `-c search_path=${schema}`);
  return {
    db,
    dialect: "postgres",
    url: url.toString(),
    drop: async () => {
      await db.close();
      // Without a run id (a file run outside Vitest's global setup) nobody else would drop it.
      if (!process.env.TEST_RUN_ID) await adminQuery(`drop schema if exists ${schema} cascade`);
    },
  };
}

async function adminQuery(text: string): Promise<void> {
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
