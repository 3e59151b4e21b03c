import type { Executor } from "../platform/db/index.ts";
import { enqueue, type Job } from "../platform/jobs/queue.ts";

/** The kind of job that indexes a file version. */
export const INGEST_JOB = "ingest";

/** An ingest job: always about a file version (the queue's columns, so deleting the file deletes the job). */
export type IngestJob = Job & { file_id: string; version_id: string };

/**
 * Queues the (re)indexing of a file version. Pass a transaction to enqueue with the file's own
 * write. `reparse`: a background parse of an indexed PDF by newer text rules (reparse.ts), which
 * neither the file's status nor the workspace's indexing progress shows.
 */
export function enqueueIngest(db: Executor, o: { fileId: string; versionId: string; reparse?: true }): Promise<string> {
  return enqueue(db, {
    kind: INGEST_JOB,
    fileId: o.fileId,
    versionId: o.versionId,
    ...(o.reparse ? { payload: REPARSE } : {}),
  });
}

const REPARSE = { reparse: true } as const;

/** Whether the job is a background re-parse (enqueueIngest's `reparse`): the only ingest jobs with a payload. */
export function isReparse(job: Pick<Job, "payload">): boolean {
  return job.payload !== null && (JSON.parse(job.payload) as { reparse?: unknown }).reparse === true;
}

/** The job as an ingest job, or null when it names no file version (enqueueIngest always does). */
export function asIngestJob(job: Job): IngestJob | null {
  return job.file_id !== null && job.version_id !== null
    ? { ...job, file_id: job.file_id, version_id: job.version_id }
    : null;
}
