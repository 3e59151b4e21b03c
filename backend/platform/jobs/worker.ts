import type { ZodType } from "zod";
import type { Db } from "../db/index.ts";
import { heartbeatIntervalMs, startHeartbeat, type HeartbeatDeps } from "./heartbeat.ts";
import type { Logger } from "../log.ts";
import { claim, complete, fail, type Job } from "./queue.ts";

/** How long an idle worker waits before looking for work again. */
export const IDLE_POLL_MS = 500;

/**
 * Runs the jobs of one kind. A handler settles its job itself (complete or fail): ingestion
 * completes its jobs in the transaction that writes the index. `jobHandler` makes one that does.
 */
export type JobHandler = (job: Job) => Promise<void>;

/**
 * A handler whose `run` gets the job's payload checked and typed by the `payload` schema, and
 * whose jobs are settled for it: done when `run` resolves; when it throws, failed and retried
 * after a backoff while attempts remain, like an ingest job. A payload that does not fit the
 * schema fails the job for good (a retry would not change it). While `run` runs, the job's lock
 * is refreshed (a heartbeat sized to `stuckAfterMs`, the threshold the stuck sweep uses), so a
 * long job is not taken for one whose worker died and run twice.
 */
export function jobHandler<P>(
  deps: HeartbeatDeps,
  o: { payload: ZodType<P>; stuckAfterMs: number; run(payload: P, job: Job): Promise<void> },
): JobHandler {
  const { db } = deps;
  return async (job) => {
    let payload: P;
    try {
      payload = o.payload.parse(job.payload === null ? undefined : JSON.parse(job.payload));
    } catch (err) {
      await fail(db.kysely, job, `The job's payload is not valid: ${errorMessage(err)}`, { permanent: true });
      return;
    }
    const beat = startHeartbeat(deps, job, { intervalMs: heartbeatIntervalMs(o.stuckAfterMs) });
    try {
      await o.run(payload, job);
    } catch (err) {
      await beat.stop();
      await fail(db.kysely, job, errorMessage(err));
      return;
    }
    await beat.stop();
    await complete(db.kysely, job.id);
  };
}

const errorMessage = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The kinds a worker runs, each with its handler. */
export type JobHandlers = Readonly<Record<string, JobHandler>>;

export interface JobWorkerOptions {
  db: Db;
  log: Pick<Logger, "error">;
  handlers: JobHandlers;
  /** A worker's identity in job locks. */
  workerId: string;
  /** Jobs in progress at once. */
  concurrency: number;
  /** Prefix of the loop's log lines ("ingest"). */
  label: string;
  /** Upkeep between claims (requeueing stuck jobs): at start, then once `everyMs` has passed. */
  maintenance?: { everyMs: number; run(): Promise<void> };
  /**
   * Work to find when no job is due (ingestion's background re-parse), at most once every
   * `everyMs` while it finds none; `run` answers whether it queued a job, which is then claimed
   * at once, and the next look is as soon as the worker is idle again.
   */
  idle?: { everyMs: number; run(): Promise<boolean> };
}

export interface JobWorker {
  /** Stops claiming jobs and waits for the current ones to finish. */
  close(): Promise<void>;
}

function kindsOf(handlers: JobHandlers): string[] {
  const kinds = Object.keys(handlers);
  if (kinds.length === 0) throw new Error("A job worker needs a handler for at least one kind.");
  return kinds;
}

/** Runs a claimed job with the handler of its kind (claims only take kinds that have one). */
async function run(handlers: JobHandlers, job: Job): Promise<void> {
  const handler = handlers[job.kind];
  if (!handler) throw new Error(`No handler for jobs of kind "${job.kind}".`);
  await handler(job);
}

/** Claims jobs of the handlers' kinds and runs them, `concurrency` at a time, until closed; polls when idle. */
export function startJobWorker(o: JobWorkerOptions): JobWorker {
  const kinds = kindsOf(o.handlers);
  let stopped = false;
  const wakers = new Set<() => void>();
  let lastMaintenance = 0;
  let lastIdle = 0;
  const idleWork = async () => {
    if (!o.idle || Date.now() - lastIdle < o.idle.everyMs) return false;
    lastIdle = Date.now();
    const queued = await o.idle.run();
    // Work found: look again as soon as it is done.
    if (queued) lastIdle = 0;
    return queued;
  };
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      wakers.add(wake);
    });
  const loop = async () => {
    while (!stopped) {
      try {
        if (o.maintenance && Date.now() - lastMaintenance > o.maintenance.everyMs) {
          lastMaintenance = Date.now();
          await o.maintenance.run();
        }
        const job = await claim(o.db, o.workerId, Date.now(), kinds);
        if (job) await run(o.handlers, job);
        else if (!(await idleWork())) await sleep(IDLE_POLL_MS);
      } catch (err) {
        o.log.error(`[${o.label}] worker loop error:`, err);
        if (!stopped) await sleep(IDLE_POLL_MS);
      }
    }
  };
  const running = Promise.all(Array.from({ length: Math.max(1, o.concurrency) }, loop));
  return {
    async close() {
      stopped = true;
      for (const wake of [...wakers]) wake();
      await running;
    },
  };
}

/**
 * Runs due jobs of the handlers' kinds until none is queued (tests call this instead of waiting
 * on the loop). Jobs retried with a backoff are not due yet, so they end the drain. Returns how many ran.
 */
export async function drainJobs(o: Pick<JobWorkerOptions, "db" | "handlers" | "workerId">): Promise<number> {
  const kinds = kindsOf(o.handlers);
  let n = 0;
  for (
    let job = await claim(o.db, o.workerId, Date.now(), kinds);
    job;
    job = await claim(o.db, o.workerId, Date.now(), kinds)
  ) {
    await run(o.handlers, job);
    n++;
  }
  return n;
}
