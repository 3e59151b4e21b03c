import crypto from "node:crypto";
import { sql, type Kysely, type Selectable, type Transaction } from "kysely";
import type { Db } from "../db/index.ts";
import type { Database, IngestionJobTable } from "../db/schema.ts";

export type Job = Selectable<IngestionJobTable>;

/** Tries before a job is failed for good. */
export const MAX_ATTEMPTS = 3;
/** The first retry waits this long; each further one doubles it. */
export const BACKOFF_BASE_MS = 5_000;

type Exec = Kysely<Database> | Transaction<Database>;

const iso = (ms = Date.now()) => new Date(ms).toISOString();

/** Queues (re)indexing of a file version. Pass a transaction to enqueue with the file's own write. */
export async function enqueue(db: Exec, o: { fileId: string; versionId: string }): Promise<string> {
  const id = crypto.randomUUID();
  const t = iso();
  await db
    .insertInto("ingestion_jobs")
    .values({ id, file_id: o.fileId, version_id: o.versionId, status: "queued", attempts: 0, run_after: t, locked_at: null, locked_by: null, error: null, created_at: t, updated_at: t })
    .execute();
  return id;
}

/**
 * Takes the oldest due job, marks it running and counts the attempt, atomically: PostgreSQL
 * skips rows other workers hold; on SQLite one UPDATE is a single write transaction.
 */
export async function claim(db: Db, workerId: string, nowMs = Date.now()): Promise<Job | null> {
  const t = iso(nowMs);
  if (db.dialect === "postgres") {
    const { rows } = await sql<Job>`
      update ingestion_jobs set status = 'running', attempts = attempts + 1, locked_at = ${t}, locked_by = ${workerId}, updated_at = ${t}
      where id = (
        select id from ingestion_jobs where status = 'queued' and run_after <= ${t}
        order by run_after, created_at, id for update skip locked limit 1
      )
      returning *`.execute(db.kysely);
    return rows[0] ?? null;
  }
  const { rows } = await sql<Job>`
    update ingestion_jobs set status = 'running', attempts = attempts + 1, locked_at = ${t}, locked_by = ${workerId}, updated_at = ${t}
    where id = (
      select id from ingestion_jobs where status = 'queued' and run_after <= ${t}
      order by run_after, created_at, id limit 1
    ) and status = 'queued'
    returning *`.execute(db.kysely);
  return rows[0] ?? null;
}

export async function complete(db: Exec, jobId: string): Promise<void> {
  // locked_at stays: with updated_at it tells how long the job took (the status's estimate).
  await db.updateTable("ingestion_jobs").set({ status: "done", locked_by: null, error: null, updated_at: iso() }).where("id", "=", jobId).execute();
}

/**
 * A failed attempt: retried after an exponential backoff while attempts remain, unless the error
 * is permanent (a corrupt file won't parse the second time either). Returns whether it is final.
 */
export async function fail(db: Exec, job: Job, error: string, o: { permanent?: boolean; nowMs?: number } = {}): Promise<boolean> {
  const nowMs = o.nowMs ?? Date.now();
  const final = o.permanent === true || job.attempts >= MAX_ATTEMPTS;
  const retryAt = nowMs + BACKOFF_BASE_MS * 2 ** Math.max(0, job.attempts - 1);
  await db
    .updateTable("ingestion_jobs")
    .set({ status: final ? "failed" : "queued", run_after: final ? job.run_after : iso(retryAt), locked_at: null, locked_by: null, error, updated_at: iso(nowMs) })
    .where("id", "=", job.id)
    .execute();
  return final;
}

/** Running jobs whose worker went away (lock older than `olderThanMs`) are queued again. */
export async function requeueStuck(db: Exec, olderThanMs: number, nowMs = Date.now()): Promise<number> {
  const res = await db
    .updateTable("ingestion_jobs")
    .set({ status: "queued", locked_at: null, locked_by: null, updated_at: iso(nowMs) })
    .where("status", "=", "running")
    .where("locked_at", "<", iso(nowMs - olderThanMs))
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}
