import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../../tests/helpers/test-db.ts";
import { migrateTo, migrateToLatest } from "../migrate.ts";

let testDb: TestDb | undefined;
afterEach(() => testDb?.drop());

/** The `tsv` column's statistics target on PostgreSQL (null or -1: the default). */
async function target(test: TestDb): Promise<number | null> {
  const { rows } = await sql<{ t: number | null }>`
    select attstattarget as t from pg_attribute where attrelid = 'passages'::regclass and attname = 'tsv'`.execute(
    test.db.kysely,
  );
  const t = rows[0]?.t;
  return t === null || t === undefined || Number(t) < 0 ? null : Number(t);
}

describe("migration 2026-11-29-0018-passage-statistics", () => {
  it("raises the tsv column's statistics target on PostgreSQL, and down puts the default back", async () => {
    testDb = await createTestDb({ empty: true });
    await migrateTo(testDb.db, "2026-11-29-0017-document-parsed");
    if (testDb.dialect === "postgres") expect(await target(testDb)).toBeNull();
    expect(await migrateToLatest(testDb.db)).toContain("2026-11-29-0018-passage-statistics");
    if (testDb.dialect === "postgres") expect(await target(testDb)).toBe(1000);
    await migrateTo(testDb.db, "2026-11-29-0017-document-parsed");
    if (testDb.dialect === "postgres") expect(await target(testDb)).toBeNull();
    // SQLite has no such setting: the migration is applied and undone as no-ops, and the passages
    // table is still there to read.
    const tables = await sql<{ n: number }>`select count(*) as n from passages`.execute(testDb.db.kysely);
    expect(Number(tables.rows[0]!.n)).toBe(0);
  });
});
