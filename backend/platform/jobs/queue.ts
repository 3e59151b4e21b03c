import crypto from "node:crypto";
import { sql, type Selectable } from "kysely";
import type { Db, Executor } from "../db/index.ts";
import type { JobTable } from "../db/schema.ts";

export type Job = Selectable<JobTable>;

/** Tries before a job is failed for good. */
export const MAX_ATTEMPTS = 3;
/** The first retry waits this long; each further one doubles it. */
export const BACKOFF_BASE_MS = 5_000;

const iso = (ms = Date.now()) => new Date(ms).toISOString();

/**
 * Queues a job of a kind, with what its handler needs: a `payload` (stored as JSON) and, for a job
 * about a file version (ingestion's), the file and version, so deleting the file deletes the job.
 * Pass a transaction to enqueue with the write the job follows from.
 */
export async function enqueue(
  db: Executor,
  o: { kind: string; payload?: unknown; fileId?: string; versionId?: string },
): Promise<string> {
  const id = crypto.randomUUID();
  const t = iso();
  const payload = o.payload === undefined ? null : JSON.stringify(o.payload);
  await db
    .insertInto("jobs")
    .values({
      id,
      kind: o.kind,
      file_id: o.fileId ?? null,
      version_id: o.versionId ?? null,
      payload,
      status: "queued",
      attempts: 0,
      run_after: t,
      locked_at: null,
      locked_by: null,
      error: null,
      created_at: t,
      updated_at: t,
    })
    .execute();
  return id;
}

/**
 * Takes the oldest due job, marks it running and counts the attempt, atomically: PostgreSQL
 * skips rows other workers hold; on SQLite one UPDATE is a single write transaction. With
 * `kinds`, only jobs of those kinds (the ones this worker has handlers for).
 */
export async function claim(
  db: Db,
  workerId: string,
  nowMs = Date.now(),
  kinds?: readonly string[],
): Promise<Job | null> {
  const t = iso(nowMs);
  const ofKind = kinds ? sql`and kind in (${sql.join(kinds)})` : sql``;
  if (db.dialect === "postgres") {
    const { rows } = await sql<Job>`
      update jobs set status = 'running', attempts = attempts + 1, locked_at = ${t}, locked_by = ${workerId}, pages_done = null, pages_total = null, updated_at = ${t}
      where id = (
        select id from jobs where status = 'queued' and run_after <= ${t} ${ofKind}
        order by run_after, created_at, id for update skip locked limit 1
      )
      returning *`.execute(db.kysely);
    return rows[0] ?? null;
  }
  const { rows } = await sql<Job>`
    update jobs set status = 'running', attempts = attempts + 1, locked_at = ${t}, locked_by = ${workerId}, pages_done = null, pages_total = null, updated_at = ${t}
    where id = (
      select id from jobs where status = 'queued' and run_after <= ${t} ${ofKind}
      order by run_after, created_at, id limit 1
    ) and status = 'queued'
    returning *`.execute(db.kysely);
  return rows[0] ?? null;
}

export async function complete(db: Executor, jobId: string): Promise<void> {
  // locked_at stays: with updated_at it tells how long the job took (the status's estimate).
  await db
    .updateTable("jobs")
    .set({ status: "done", locked_by: null, error: null, updated_at: iso() })
    .where("id", "=", jobId)
    .execute();
}

/**
 * A failed attempt: retried after an exponential backoff while attempts remain, unless the error
 * is permanent (a corrupt file won't parse the second time either). Returns whether it is final.
 */
export async function fail(
  db: Executor,
  job: Job,
  error: string,
  o: { permanent?: boolean; nowMs?: number } = {},
): Promise<boolean> {
  const nowMs = o.nowMs ?? Date.now();
  const final = o.permanent === true || job.attempts >= MAX_ATTEMPTS;
  const retryAt = nowMs + BACKOFF_BASE_MS * 2 ** Math.max(0, job.attempts - 1);
  await db
    .updateTable("jobs")
    .set({
      status: final ? "failed" : "queued",
      run_after: final ? job.run_after : iso(retryAt),
      locked_at: null,
      locked_by: null,
      error,
      updated_at: iso(nowMs),
    })
    .where("id", "=", job.id)
    .execute();
  return final;
}

/**
 * A running job's worker is alive: refresh its lock (and record its page progress, when given).
 * Only while the job is still this worker's; returns false once it is not (finished, or requeued
 * by a sweep that took this worker for dead).
 */
export async function heartbeat(
  db: Executor,
  job: Pick<Job, "id" | "locked_by">,
  progress?: { done: number; total: number | null },
  nowMs = Date.now(),
): Promise<boolean> {
  if (!job.locked_by) return false;
  const res = await db
    .updateTable("jobs")
    .set({ locked_at: iso(nowMs), ...(progress ? { pages_done: progress.done, pages_total: progress.total } : {}) })
    .where("id", "=", job.id)
    .where("status", "=", "running")
    .where("locked_by", "=", job.locked_by)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/**
 * Running jobs whose worker went away (no heartbeat for `olderThanMs`) are queued again, due at
 * once. The attempt was counted when the job was claimed; one that has used all its attempts is
 * left to `failAbandoned`, so a file that kills its worker every time cannot loop forever.
 */
export async function requeueStuck(db: Executor, olderThanMs: number, nowMs = Date.now()): Promise<number> {
  const res = await db
    .updateTable("jobs")
    .set({
      status: "queued",
      locked_at: null,
      locked_by: null,
      pages_done: null,
      pages_total: null,
      updated_at: iso(nowMs),
    })
    .where("status", "=", "running")
    .where("locked_at", "<", iso(nowMs - olderThanMs))
    .where("attempts", "<", MAX_ATTEMPTS)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Stuck jobs (as in `requeueStuck`) with no attempt left fail for good; returns them. */
export async function failAbandoned(
  db: Executor,
  olderThanMs: number,
  error: string,
  nowMs = Date.now(),
): Promise<Pick<Job, "id" | "kind" | "file_id" | "version_id" | "payload">[]> {
  return db
    .updateTable("jobs")
    .set({ status: "failed", locked_by: null, error, updated_at: iso(nowMs) })
    .where("status", "=", "running")
    .where("locked_at", "<", iso(nowMs - olderThanMs))
    .where("attempts", ">=", MAX_ATTEMPTS)
    .returning(["id", "kind", "file_id", "version_id", "payload"])
    .execute();
}
