import type { Deps } from "../deps.ts";
import { claim, requeueStuck } from "../platform/jobs/queue.ts";
import { processJob, workerId, type IngestOptions } from "./ingest.ts";

/** How long an idle worker waits before looking for work again. */
export const IDLE_POLL_MS = 500;
/** A running job whose lock is older than this belongs to a worker that went away. */
export const STUCK_AFTER_MS = 30 * 60_000;
const STUCK_CHECK_MS = 60_000;

export interface WorkerLoop {
  /** Stops claiming jobs and waits for the current one to finish. */
  close(): Promise<void>;
}

/** Claims and processes one job at a time until closed; polls every 500 ms when idle. */
export function startWorkerLoop(deps: Deps, options: IngestOptions = {}): WorkerLoop {
  const id = workerId();
  let stopped = false;
  let wake: (() => void) | null = null;
  let lastStuckCheck = 0;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => { wake = null; resolve(); }, ms);
      wake = () => { clearTimeout(timer); wake = null; resolve(); };
    });
  const loop = async () => {
    while (!stopped) {
      try {
        if (Date.now() - lastStuckCheck > STUCK_CHECK_MS) {
          lastStuckCheck = Date.now();
          const n = await requeueStuck(deps.db.kysely, STUCK_AFTER_MS);
          if (n > 0) deps.log.warn(`[ingest] requeued ${n} stuck job(s)`);
        }
        const job = await claim(deps.db, id);
        if (job) await processJob(deps, job, options);
        else await sleep(IDLE_POLL_MS);
      } catch (err) {
        deps.log.error("[ingest] worker loop error:", err);
        if (!stopped) await sleep(IDLE_POLL_MS);
      }
    }
  };
  const running = loop();
  return {
    async close() {
      stopped = true;
      wake?.();
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
