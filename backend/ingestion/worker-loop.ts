import os from "node:os";
import type { Deps } from "../deps.ts";
import {
  drainJobs,
  startJobWorker,
  type JobHandlers,
  type JobWorker,
  type JobWorkerOptions,
} from "../platform/jobs/worker.ts";
import { processJob, workerId, type IngestOptions } from "./ingest.ts";
import { INGEST_JOB } from "./jobs.ts";
import { reparseWhenIdle } from "./reparse.ts";
import { sweepIntervalMs, sweepStuckJobs } from "./sweep-stuck.ts";

export type WorkerLoop = JobWorker;

export interface WorkerLoopOptions extends IngestOptions {
  /**
   * Jobs in progress at once (default: one per core). Parsing runs in the parser pool's worker
   * threads, so while one job parses another can write its index or parse too.
   */
  concurrency?: number;
}

/** Ingestion's handlers for the job worker. */
export function ingestionJobHandlers(deps: Deps, options: IngestOptions = {}): JobHandlers {
  return { [INGEST_JOB]: (job) => processJob(deps, job, options) };
}

/**
 * Ingestion's upkeep for a job worker: stuck jobs requeued or failed between claims, and, when no
 * job is due, PDFs indexed by older text rules parsed again one at a time (reparse.ts).
 */
export function ingestionUpkeep(deps: Deps): Pick<JobWorkerOptions, "maintenance" | "idle"> {
  return { maintenance: ingestionMaintenance(deps), idle: reparseWhenIdle(deps) };
}

/** Ingestion's upkeep between claims: stuck jobs are requeued or failed. */
function ingestionMaintenance(deps: Deps) {
  return {
    // Right at start (a restart after a crash), then every half stuck threshold.
    everyMs: sweepIntervalMs(deps.config.INGEST_STUCK_AFTER_MS),
    async run() {
      const n = await sweepStuckJobs(deps);
      if (n.requeued + n.failed > 0) deps.log.warn(`[ingest] stuck jobs: ${n.requeued} requeued, ${n.failed} failed`);
    },
  };
}

/** Claims and processes ingestion jobs, `concurrency` at a time, until closed; polls every 500 ms when idle. */
export function startWorkerLoop(deps: Deps, options: WorkerLoopOptions = {}): WorkerLoop {
  const { concurrency = os.availableParallelism(), ...ingestOptions } = options;
  return startJobWorker({
    db: deps.db,
    log: deps.log,
    handlers: ingestionJobHandlers(deps, ingestOptions),
    workerId: workerId(),
    concurrency,
    label: "ingest",
    ...ingestionUpkeep(deps),
  });
}

/**
 * Processes due ingestion jobs until none is queued (tests call this instead of waiting on the
 * loop). Jobs retried with a backoff are not due yet, so they end the drain. Returns how many ran.
 */
export async function drainQueue(deps: Deps, options: IngestOptions = {}): Promise<number> {
  return drainJobs({ db: deps.db, handlers: ingestionJobHandlers(deps, options), workerId: workerId() });
}
