import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../tests/helpers/test-db.ts";
import { migrateToLatest } from "../platform/db/migrate.ts";
import { createAttemptLimiter } from "./attempt-limiter.ts";

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
  await migrateToLatest(testDb.db);
});
afterAll(() => testDb?.drop());

const tooMany = expect.objectContaining({ code: "auth/too-many-requests", status: 429 });

describe("createAttemptLimiter", () => {
  it("refuses once max attempts fall inside the window, and forgets them after it", async () => {
    let t = Date.parse("2026-11-26T00:00:00Z");
    const limiter = createAttemptLimiter(testDb.db, { kind: "t1", max: 3, windowMs: 1000 }, { now: () => t });
    for (let i = 0; i < 3; i++) await limiter.take("a@x.com");
    await expect(limiter.take("a@x.com")).rejects.toThrow(tooMany);
    await limiter.take("b@x.com"); // other keys are unaffected
    t += 1001;
    await expect(limiter.take("a@x.com")).resolves.toBeTypeOf("string");
  });

  it("reset clears a key, forget un-counts one attempt", async () => {
    const limiter = createAttemptLimiter(testDb.db, { kind: "t2", max: 1, windowMs: 60_000 });
    const first = await limiter.take("k");
    await expect(limiter.take("k")).rejects.toThrow(tooMany);
    await limiter.forget(first);
    const again = await limiter.take("k");
    expect(again).not.toBe(first);
    await limiter.reset("k");
    await limiter.take("k");
  });

  it("is shared by every limiter on the same database (another process) and kept apart by kind", async () => {
    const a = createAttemptLimiter(testDb.db, { kind: "t3", max: 2, windowMs: 60_000 });
    const b = createAttemptLimiter(testDb.db, { kind: "t3", max: 2, windowMs: 60_000 });
    const other = createAttemptLimiter(testDb.db, { kind: "t4", max: 2, windowMs: 60_000 });
    await a.take("k");
    await b.take("k");
    await expect(a.take("k")).rejects.toThrow(tooMany);
    await other.take("k");
  });

  it("lets no more than max through when attempts race", async () => {
    const limiter = createAttemptLimiter(testDb.db, { kind: "t5", max: 5, windowMs: 60_000 });
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => limiter.take("k")));
    expect(results.filter((r) => r.status === "fulfilled").length).toBeLessThanOrEqual(5);
  });
});
