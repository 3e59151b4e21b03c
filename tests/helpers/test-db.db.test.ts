import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "../../backend/platform/db/migrate.ts";
import { createTestDb, type TestDb } from "./test-db.ts";

let testDb: TestDb | undefined;
afterEach(() => testDb?.drop());

describe("createTestDb", () => {
  it("is a copy of the migrated template: the migrator finds nothing to do", async () => {
    testDb = await createTestDb();
    expect(await migrateToLatest(testDb.db)).toEqual([]);
  });

  it("with empty, starts without tables, for tests of the migrator", async () => {
    testDb = await createTestDb({ empty: true });
    const applied = await migrateToLatest(testDb.db);
    expect(applied.length).toBeGreaterThan(0);
    expect(applied[0]).toMatch(/identity$/);
  });

  it("gives every call a database of its own", async () => {
    const a = await createTestDb();
    const b = await createTestDb();
    try {
      expect(a.url).not.toBe(b.url);
    } finally {
      await a.drop();
      await b.drop();
    }
  });
});
