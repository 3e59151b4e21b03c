import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { createDb } from "../../backend/platform/db/index.ts";
import { migrateToLatest } from "../../backend/platform/db/migrate.ts";
import { adminQuery, PG_TEMPLATE_ENV, PG_TEST_URL, pgDatabaseUrl, SQLITE_TEMPLATE_ENV } from "./test-db.ts";

/**
 * Runs once per Vitest project. The database projects migrate a template once per run, and every
 * test file gets a copy (test-db.ts): migrating per file cost ~0.5 s on PostgreSQL, a copy ~0.1 s.
 * One run id for the whole run names every PostgreSQL database (t_<run>_<random>); whatever a
 * file did not drop (it crashed) is dropped here once every file has finished.
 */
export default async function setup(project: TestProject) {
  process.env.TEST_RUN_ID ??= crypto.randomBytes(4).toString("hex");
  const runId = process.env.TEST_RUN_ID;
  // sqlite-firebase and postgres-firebase share their dialect's template (made once per run).
  if (project.name.startsWith("sqlite") && !process.env[SQLITE_TEMPLATE_ENV]) return sqliteTemplate();
  if (project.name.startsWith("postgres") && !process.env[PG_TEMPLATE_ENV]) return pgTemplate(runId);
}

async function sqliteTemplate() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "aw-template-"));
  const file = path.join(dir, "template.db");
  const db = createDb({ url: `sqlite:${file}`, dataDir: dir });
  await migrateToLatest(db);
  // Closing the last connection checkpoints the WAL into the file, so the file alone is a copy.
  await db.close();
  process.env[SQLITE_TEMPLATE_ENV] = file;
  return () => fs.rm(dir, { recursive: true, force: true });
}

async function pgTemplate(runId: string) {
  const name = `t_${runId}_template`;
  await adminQuery(`create database ${name}`);
  const db = createDb({ url: pgDatabaseUrl(name), dataDir: os.tmpdir() });
  try {
    await migrateToLatest(db);
  } finally {
    // CREATE DATABASE ... TEMPLATE refuses a template anyone is connected to.
    await db.close();
  }
  process.env[PG_TEMPLATE_ENV] = name;
  return async () => {
    const client = new pg.Client({ connectionString: PG_TEST_URL, connectionTimeoutMillis: 3000 });
    await client.connect();
    try {
      const { rows } = await client.query<{ datname: string }>(
        "select datname from pg_database where datname like $1",
        [`t\\_${runId}\\_%`],
      );
      for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
    } finally {
      await client.end();
    }
  };
}
