/**
 * The queue serves any kind of job, not only ingestion's: a job about no file, with a payload,
 * runs once with its kind's handler and fails and retries like an ingest job.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { createTestDb, type TestDb } from "../../../tests/helpers/test-db.ts";
import { BACKOFF_BASE_MS, claim, enqueue, failAbandoned, MAX_ATTEMPTS, requeueStuck } from "./queue.ts";
import { drainJobs, jobHandler, type JobHandlers } from "./worker.ts";

let testDb: TestDb;
beforeEach(async () => {
  testDb = await createTestDb();
});
afterEach(() => testDb.drop());

const KIND = "test.publish";
const warnings: unknown[][] = [];
const deps = () => ({ db: testDb.db, log: { warn: (...args: unknown[]) => void warnings.push(args) } });
const payloadSchema = z.object({ snapshotId: z.string(), pages: z.array(z.number()) });

const jobRow = (id: string) =>
  testDb.db.kysely.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
/** Makes a retried job due now, as if its backoff had passed. */
const makeDue = (id: string) =>
  testDb.db.kysely
    .updateTable("jobs")
    .set({ run_after: new Date(Date.now() - 1000).toISOString() })
    .where("id", "=", id)
    .execute();
const drain = (handlers: JobHandlers) => drainJobs({ db: testDb.db, handlers, workerId: "test-worker" });

describe("a job about no file", () => {
  it("is queued with its payload and run once by its kind's handler, which gets the payload typed", async () => {
    const seen: { snapshotId: string; pages: number[] }[] = [];
    const run = vi.fn(async (payload: z.infer<typeof payloadSchema>) => {
      seen.push(payload);
    });
    const id = await enqueue(testDb.db.kysely, { kind: KIND, payload: { snapshotId: "s1", pages: [1, 2] } });
    expect(await jobRow(id)).toMatchObject({
      kind: KIND,
      file_id: null,
      version_id: null,
      payload: '{"snapshotId":"s1","pages":[1,2]}',
      status: "queued",
    });

    const handlers = { [KIND]: jobHandler(deps(), { payload: payloadSchema, stuckAfterMs: 60_000, run }) };
    expect(await drain(handlers)).toBe(1);
    expect(await drain(handlers)).toBe(0);
    expect(run).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([{ snapshotId: "s1", pages: [1, 2] }]);
    expect(await jobRow(id)).toMatchObject({ status: "done", attempts: 1, error: null, locked_by: null });
  });

  it("whose handler throws is retried after a backoff and failed after its last attempt, like an ingest job", async () => {
    const run = vi.fn(async () => {
      throw new Error("the snapshot store is down");
    });
    const handlers = { [KIND]: jobHandler(deps(), { payload: payloadSchema, stuckAfterMs: 60_000, run }) };
    const id = await enqueue(testDb.db.kysely, { kind: KIND, payload: { snapshotId: "s1", pages: [] } });

    const before = Date.now();
    expect(await drain(handlers)).toBe(1);
    const first = await jobRow(id);
    expect(first).toMatchObject({
      status: "queued",
      attempts: 1,
      error: "the snapshot store is down",
      locked_by: null,
    });
    // Not due until the backoff has passed, so the drain ended.
    expect(Date.parse(first.run_after)).toBeGreaterThanOrEqual(before + BACKOFF_BASE_MS);

    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      await makeDue(id);
      expect(await drain(handlers)).toBe(1);
      expect(await jobRow(id)).toMatchObject({
        status: attempt < MAX_ATTEMPTS ? "queued" : "failed",
        attempts: attempt,
      });
    }
    await makeDue(id);
    expect(await drain(handlers)).toBe(0);
    expect(run).toHaveBeenCalledTimes(MAX_ATTEMPTS);
    expect(await jobRow(id)).toMatchObject({ status: "failed", error: "the snapshot store is down" });
  });

  it("whose payload does not fit its kind's schema fails for good without running", async () => {
    const run = vi.fn(async () => {});
    const id = await enqueue(testDb.db.kysely, { kind: KIND, payload: { snapshotId: 42 } });
    expect(await drain({ [KIND]: jobHandler(deps(), { payload: payloadSchema, stuckAfterMs: 60_000, run }) })).toBe(1);
    expect(run).not.toHaveBeenCalled();
    const row = await jobRow(id);
    expect(row).toMatchObject({ status: "failed", attempts: 1 });
    expect(row.error).toMatch(/^The job's payload is not valid/);
  });

  it("is left queued by a worker with no handler for its kind", async () => {
    const id = await enqueue(testDb.db.kysely, { kind: KIND, payload: { snapshotId: "s1", pages: [] } });
    expect(
      await drain({
        "test.other": jobHandler(deps(), { payload: z.unknown(), stuckAfterMs: 60_000, run: async () => {} }),
      }),
    ).toBe(0);
    expect(await jobRow(id)).toMatchObject({ status: "queued", attempts: 0 });
  });

  it("whose worker died is requeued by the stuck sweep, and failed once its attempts are used", async () => {
    const id = await enqueue(testDb.db.kysely, { kind: KIND });
    const stuckAfterMs = 60_000;
    const later = Date.now() + 2 * stuckAfterMs;
    expect((await claim(testDb.db, "dead-worker"))?.id).toBe(id);
    expect(await requeueStuck(testDb.db.kysely, stuckAfterMs, later)).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: "queued", attempts: 1, locked_by: null });

    await testDb.db.kysely
      .updateTable("jobs")
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where("id", "=", id)
      .execute();
    expect((await claim(testDb.db, "dead-worker"))?.id).toBe(id);
    expect(await requeueStuck(testDb.db.kysely, stuckAfterMs, later)).toBe(0);
    expect(await failAbandoned(testDb.db.kysely, stuckAfterMs, "gave up", later)).toEqual([
      { id, kind: KIND, file_id: null, version_id: null, payload: null },
    ]);
    expect(await jobRow(id)).toMatchObject({ status: "failed", error: "gave up" });
  });

  it("keeps its lock fresh while run runs, so the stuck sweep leaves a long job alone", async () => {
    const stuckAfterMs = 600; // a beat every 200 ms
    const id = await enqueue(testDb.db.kysely, { kind: KIND, payload: { snapshotId: "s1", pages: [] } });
    let requeuedWhileRunning = -1;
    const run = async () => {
      await new Promise((resolve) => setTimeout(resolve, 2 * stuckAfterMs));
      // Twice the threshold since the claim: without the heartbeat this job would look dead.
      requeuedWhileRunning = await requeueStuck(testDb.db.kysely, stuckAfterMs);
    };
    expect(await drain({ [KIND]: jobHandler(deps(), { payload: payloadSchema, stuckAfterMs, run }) })).toBe(1);
    expect(requeuedWhileRunning).toBe(0);
    expect(await jobRow(id)).toMatchObject({ status: "done", attempts: 1 });
    expect(warnings).toEqual([]);
  });
});
