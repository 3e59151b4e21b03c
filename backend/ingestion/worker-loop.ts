import os from "node:os";
import type { Deps } from "../deps.ts";
import { claim } from "../platform/jobs/queue.ts";
import { processJob, workerId, type IngestOptions } from "./ingest.ts";
import { sweepIntervalMs, sweepStuckJobs } from "./sweep-stuck.ts";

/** How long an idle worker waits before looking for work again. */
export const IDLE_POLL_MS = 500;

export interface WorkerLoop {
  /** Stops claiming jobs and waits for the current ones to finish. */
  close(): Promise<void>;
}

export interface WorkerLoopOptions extends IngestOptions {
  /**
   * Jobs in progress at once (default: one per core). Parsing runs in the parser pool's worker
   * threads, so while one job parses another can write its index or parse too.
   */
  concurrency?: number;
}

/** Claims and processes jobs, `concurrency` at a time, until closed; polls every 500 ms when idle. */
export function startWorkerLoop(deps: Deps, options: WorkerLoopOptions = {}): WorkerLoop {
  const { concurrency = os.availableParallelism(), ...ingestOptions } = options;
  const id = workerId();
  let stopped = false;
  const wakers = new Set<() => void>();
  let lastStuckCheck = 0;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => { clearTimeout(timer); wakers.delete(wake); resolve(); };
      const timer = setTimeout(wake, ms);
      wakers.add(wake);
    });
  const loop = async () => {
    while (!stopped) {
      try {
        // Right at start (a restart after a crash), then every half stuck threshold.
        if (Date.now() - lastStuckCheck > sweepIntervalMs(deps.config.INGEST_STUCK_AFTER_MS)) {
          lastStuckCheck = Date.now();
          const n = await sweepStuckJobs(deps);
          if (n.requeued + n.failed > 0) deps.log.warn(`[ingest] stuck jobs: ${n.requeued} requeued, ${n.failed} failed`);
        }
        const job = await claim(deps.db, id);
        if (job) await processJob(deps, job, ingestOptions);
        else await sleep(IDLE_POLL_MS);
      } catch (err) {
        deps.log.error("[ingest] worker loop error:", err);
        if (!stopped) await sleep(IDLE_POLL_MS);
      }
    }
  };
  const running = Promise.all(Array.from({ length: Math.max(1, concurrency) }, loop));
  return {
    async close() {
      stopped = true;
      for (const wake of [...wakers]) wake();
      await running;
    },
  };
}

/**
 * Processes due jobs until none is queued (tests call this instead of waiting on the loop).
 * Jobs retried with a backoff are not due yet, so they end the drain. Returns how many ran.
 */
export async function drainQueue(deps: Deps, options: IngestOptions = {}): Promise<number> {
  const id = workerId();
  let n = 0;
  for (let job = await claim(deps.db, id); job; job = await claim(deps.db, id)) {
    await processJob(deps, job, options);
    n++;
  }
  return n;
}
