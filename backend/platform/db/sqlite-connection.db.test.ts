/**
 * SQLite connections as several processes share them (WEB_CONCURRENCY, a separate worker):
 * transactions take the write lock when they begin, and statements are prepared once.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterAll, describe, expect, it, vi } from "vitest";
import { cachedStatements, createDb } from "./index.ts";

// SQLite only (vitest.config.ts runs it in the sqlite project alone): these test better-sqlite3
// connections (IMMEDIATE transactions, the statement cache); PostgreSQL has neither and its own
// locking is tested by the concurrency suites.
describe("SQLite connections", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aw-sqlite-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("a transaction that reads and then writes is not failed by another connection's write", async () => {
    const url = `sqlite:${path.join(dir, "tx.db")}`;
    const a = createDb({ url, dataDir: dir });
    const b = createDb({ url, dataDir: dir });
    try {
      await sql`create table t (n integer)`.execute(a.kysely);
      // The other process, as impatient as it can be, so the test need not wait its busy_timeout.
      await sql`pragma busy_timeout = 0`.execute(b.kysely);
      let other: unknown = null;
      await a.kysely.transaction().execute(async (tx) => {
        await sql`select count(*) from t`.execute(tx);
        other = await sql`insert into t values (2)`.execute(b.kysely).then(
          () => "written",
          (err: Error) => err.message,
        );
        await sql`insert into t values (1)`.execute(tx);
      });
      // The other writer waited for (here: was refused) the lock instead of failing this one.
      expect(other).toMatch(/locked|busy/i);
      const { rows } = await sql<{ n: number }>`select n from t`.execute(b.kysely);
      expect(rows.map((r) => r.n)).toEqual([1]);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it("prepares each statement once, and forgets the least recently used", () => {
    const database = new SQLite(":memory:");
    const prepare = vi.spyOn(database, "prepare");
    const cached = cachedStatements(database, 2);
    const one = cached.prepare("select 1");
    expect(cached.prepare("select 1")).toBe(one);
    cached.prepare("select 2");
    cached.prepare("select 1");
    cached.prepare("select 3");
    expect(prepare).toHaveBeenCalledTimes(3);
    cached.prepare("select 2");
    expect(prepare).toHaveBeenCalledTimes(4);
    cached.close();
  });
});
