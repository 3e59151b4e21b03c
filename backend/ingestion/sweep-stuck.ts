import type { Deps } from "../deps.ts";
import { setCurrentVersionStatus } from "../files/repo.ts";
import { failAbandoned, MAX_ATTEMPTS, requeueStuck } from "../platform/jobs/queue.ts";
import { INGEST_JOB, isReparse } from "./jobs.ts";
import { markParsed } from "./repo.ts";

/** How often a worker sweeps for stuck jobs: every half threshold, at most once a minute. */
export function sweepIntervalMs(stuckAfterMs: number): number {
  return Math.min(60_000, Math.floor(stuckAfterMs / 2));
}

/**
 * Jobs whose worker stopped beating for INGEST_STUCK_AFTER_MS (the process died: killed, out of
 * memory, the machine went away) are queued again; one that has used all its attempts fails, and
 * so does its file, with a reason. Any worker may run this at any time.
 */
export async function sweepStuckJobs(deps: Deps, nowMs = Date.now()): Promise<{ requeued: number; failed: number }> {
  const db = deps.db.kysely;
  const olderThanMs = deps.config.INGEST_STUCK_AFTER_MS;
  const requeued = await requeueStuck(db, olderThanMs, nowMs);
  const message = `Indexing was interrupted ${MAX_ATTEMPTS} times (the worker stopped while processing this file), so it was given up.`;
  const failed = await failAbandoned(db, olderThanMs, message, nowMs);
  // Only ingest jobs have a file to fail with them; a background re-parse leaves its file indexed
  // as it was, and is not tried again.
  for (const job of failed) {
    if (job.kind !== INGEST_JOB || job.file_id === null || job.version_id === null) continue;
    if (isReparse(job)) {
      await markParsed(db, job.version_id);
      continue;
    }
    await setCurrentVersionStatus(db, {
      fileId: job.file_id,
      versionId: job.version_id,
      status: "failed",
      error: message,
      at: new Date(nowMs).toISOString(),
    });
  }
  return { requeued, failed: failed.length };
}
