import { describe, expect, it } from "vitest";
import { startHeartbeat } from "../../backend/platform/jobs/heartbeat.ts";
import { sweepStuckJobs } from "../../backend/ingestion/sweep-stuck.ts";
import { startWorkerLoop } from "../../backend/ingestion/worker-loop.ts";
import { enqueueIngest } from "../../backend/ingestion/jobs.ts";
import { claim, heartbeat, MAX_ATTEMPTS, requeueStuck } from "../../backend/platform/jobs/queue.ts";
import type { CreatedUser } from "../helpers/factories.ts";
import { uploadFile } from "../helpers/files.ts";
import type { TestApp } from "../helpers/test-app.ts";
import { useWorkspaceApp } from "../helpers/workspace-app.ts";
import * as workspacesApi from "../../contracts/workspaces.ts";

// Heartbeats and the stuck sweep, against the real queue table (no worker process: see
// ingestion-crash.test.ts for a killed one).

let app: TestApp;
let alice: CreatedUser;
let ws: { id: string };

useWorkspaceApp((s) => ({ app, alice, ws } = s));

const jobRow = (id: string) =>
  app.deps.db.kysely.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const fileRow = (id: string) =>
  app.deps.db.kysely.selectFrom("files").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A file whose upload queued a job, with that job claimed by `worker` and last locked at `lockedAtMs`. */
async function claimedJob(worker: string, lockedAtMs?: number) {
  const file = await uploadFile(app, alice.token, ws.id, {
    filename: "notes.txt",
    bytes: Buffer.from(`The harbour pilot logbook ${Date.now()}.\n`),
  });
  const job = (await claim(app.deps.db, worker))!;
  expect(job).toMatchObject({ file_id: file.id, status: "running", locked_by: worker, attempts: 1 });
  if (lockedAtMs !== undefined) {
    await app.deps.db.kysely
      .updateTable("jobs")
      .set({ locked_at: new Date(lockedAtMs).toISOString() })
      .where("id", "=", job.id)
      .execute();
  }
  return { file, job };
}

describe("heartbeat and stuck sweep", () => {
  it("a beating job is not stuck; once the beats stop it is requeued after the threshold", async () => {
    const t0 = Date.now();
    const { job } = await claimedJob("w1", t0);
    expect(await heartbeat(app.deps.db.kysely, job, { done: 2, total: 5 }, t0 + 50_000)).toBe(true);
    expect(await jobRow(job.id)).toMatchObject({
      locked_at: new Date(t0 + 50_000).toISOString(),
      pages_done: 2,
      pages_total: 5,
    });
    // Another worker cannot beat for it.
    expect(await heartbeat(app.deps.db.kysely, { id: job.id, locked_by: "w2" }, undefined, t0 + 60_000)).toBe(false);
    // 70 s after the claim but 20 s after the last beat: alive with a 60 s threshold.
    expect(await requeueStuck(app.deps.db.kysely, 60_000, t0 + 70_000)).toBe(0);
    expect(await requeueStuck(app.deps.db.kysely, 60_000, t0 + 111_000)).toBe(1);
    expect(await jobRow(job.id)).toMatchObject({
      status: "queued",
      locked_by: null,
      locked_at: null,
      pages_done: null,
      pages_total: null,
      attempts: 1,
    });
    // The requeued job is due at once; claiming it again counts the second attempt.
    expect(await claim(app.deps.db, "w3", t0 + 111_000)).toMatchObject({ id: job.id, attempts: 2 });
    expect(await heartbeat(app.deps.db.kysely, job, undefined, t0 + 112_000)).toBe(false);
    await app.deps.db.kysely.updateTable("jobs").set({ status: "done" }).where("id", "=", job.id).execute();
  });

  it("startHeartbeat refreshes the lock on its own until stopped", async () => {
    const { job } = await claimedJob("w4", Date.now() - 30_000);
    const before = Date.parse((await jobRow(job.id)).locked_at!);
    const beat = startHeartbeat(app.deps, job, { intervalMs: 100 });
    try {
      await sleep(400);
      expect(Date.parse((await jobRow(job.id)).locked_at!)).toBeGreaterThan(before + 25_000);
    } finally {
      await beat.stop();
    }
    const stoppedAt = (await jobRow(job.id)).locked_at;
    await sleep(250);
    expect((await jobRow(job.id)).locked_at).toBe(stoppedAt);
    await app.deps.db.kysely.updateTable("jobs").set({ status: "done" }).where("id", "=", job.id).execute();
  });

  it("progress reaches the job row at most once per write interval, the latest count last", async () => {
    const { job } = await claimedJob("w4b");
    const beat = startHeartbeat(app.deps, job, { intervalMs: 60_000, progressWriteMs: 600 });
    try {
      beat.progress(1, 10);
      await sleep(150);
      expect(await jobRow(job.id)).toMatchObject({ pages_done: 1, pages_total: 10 });
      beat.progress(2, 10);
      beat.progress(3, 10);
      await sleep(150);
      expect(await jobRow(job.id)).toMatchObject({ pages_done: 1 });
      await sleep(700);
      expect(await jobRow(job.id)).toMatchObject({ pages_done: 3, pages_total: 10 });
    } finally {
      await beat.stop();
    }
    await app.deps.db.kysely.updateTable("jobs").set({ status: "done" }).where("id", "=", job.id).execute();
  });

  it("a job whose worker died on its last attempt fails, and so does its file, with a reason", async () => {
    const { file, job } = await claimedJob("w5", Date.now() - 10 * 60_000);
    await app.deps.db.kysely.updateTable("jobs").set({ attempts: MAX_ATTEMPTS }).where("id", "=", job.id).execute();
    expect(await sweepStuckJobs(app.deps)).toEqual({ requeued: 0, failed: 1 });
    expect(await jobRow(job.id)).toMatchObject({
      status: "failed",
      error: expect.stringMatching(/interrupted 3 times/),
    });
    expect(await fileRow(file.id)).toMatchObject({
      status: "failed",
      error: expect.stringMatching(/interrupted 3 times/),
    });
    const status = (await app.api(workspacesApi.indexingStatus, { params: { id: ws.id }, token: alice.token })).body;
    expect(status.failures).toContainEqual({
      file_id: file.id,
      filename: "notes.txt",
      reason: expect.stringMatching(/interrupted/),
    });
  });

  it("a worker sweeps right at start: a job left running by a dead worker is indexed again", async () => {
    // Claimed two minutes ago by a worker that never beat again: past the default 60 s threshold.
    const { file, job } = await claimedJob("dead-worker", Date.now() - 120_000);
    // The loop sweeps once on start and then only every 30 s, so within this test only the start counts.
    const loop = startWorkerLoop(app.deps, { limits: { ocrPdfPages: false } });
    try {
      const deadline = Date.now() + 25_000;
      while ((await fileRow(file.id)).status !== "indexed" && Date.now() < deadline) await sleep(100);
    } finally {
      await loop.close();
    }
    expect(await fileRow(file.id)).toMatchObject({ status: "indexed" });
    expect(await jobRow(job.id)).toMatchObject({ status: "done", attempts: 2 });
  });

  it("enqueue after a requeue leaves the file indexed once", async () => {
    const { file, job } = await claimedJob("w6");
    await requeueStuck(app.deps.db.kysely, 1000, Date.now() + 5000);
    await enqueueIngest(app.deps.db.kysely, { fileId: file.id, versionId: file.version_id! });
    const loop = startWorkerLoop(app.deps, { limits: { ocrPdfPages: false } });
    try {
      const deadline = Date.now() + 25_000;
      const pending = () =>
        app.deps.db.kysely
          .selectFrom("jobs")
          .select("id")
          .where("file_id", "=", file.id)
          .where("status", "in", ["queued", "running"])
          .execute();
      while ((await pending()).length > 0 && Date.now() < deadline) await sleep(100);
    } finally {
      await loop.close();
    }
    expect(await jobRow(job.id)).toMatchObject({ status: "done" });
    const docs = await app.deps.db.kysely
      .selectFrom("documents")
      .select("version_id")
      .where("file_id", "=", file.id)
      .execute();
    expect(docs).toHaveLength(1);
    const passages = await app.deps.db.kysely
      .selectFrom("passages")
      .select("id")
      .where("version_id", "=", file.version_id!)
      .execute();
    expect(passages).toHaveLength(1);
  });
});
