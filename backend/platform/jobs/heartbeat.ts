import type { Db } from "../db/index.ts";
import type { Logger } from "../log.ts";
import { heartbeat, type Job } from "./queue.ts";

/** What a heartbeat writes with: the database, and a log for beats that find the job gone. */
export interface HeartbeatDeps {
  db: Db;
  log: Pick<Logger, "warn">;
}

/** Progress reaches the database at most this often. */
export const PROGRESS_WRITE_MS = 1000;

/** How often a running job's lock is refreshed: every 10 s, or a third of the stuck threshold if that is shorter. */
export function heartbeatIntervalMs(stuckAfterMs: number): number {
  return Math.max(100, Math.min(10_000, Math.floor(stuckAfterMs / 3)));
}

export interface JobHeartbeat {
  /** The parser's page progress; stored on the job row, throttled to one write a second. */
  progress(done: number, total: number | null): void;
  /** Stops the timers and waits for a write in flight. Safe to call twice. */
  stop(): Promise<void>;
}

/**
 * Keeps a running job's lock fresh while its worker lives, so the sweep (`requeueStuck`) can tell
 * a slow job from one whose process died, and carries its page progress to the status endpoint.
 * Writes never overlap and never throw: a missed beat only makes the job look older.
 */
export function startHeartbeat(
  deps: HeartbeatDeps,
  job: Pick<Job, "id" | "locked_by">,
  o: { intervalMs: number; progressWriteMs?: number },
): JobHeartbeat {
  const progressWriteMs = o.progressWriteMs ?? PROGRESS_WRITE_MS;
  let latest: { done: number; total: number | null } | undefined;
  let written: typeof latest;
  let lastWrite = 0;
  let stopped = false;
  let pending: NodeJS.Timeout | null = null;
  let chain: Promise<void> = Promise.resolve();

  const write = () => {
    chain = chain.then(async () => {
      if (stopped) return;
      lastWrite = Date.now();
      const progress = latest !== written ? latest : undefined;
      written = latest;
      try {
        const ours = await heartbeat(deps.db.kysely, job, progress);
        if (!ours) deps.log.warn(`[jobs] job ${job.id} is no longer held by ${job.locked_by} (finished or requeued)`);
      } catch (err) {
        deps.log.warn(`[jobs] heartbeat of job ${job.id} failed:`, err);
      }
    });
  };
  const beat = setInterval(write, o.intervalMs);
  beat.unref();

  return {
    progress(done, total) {
      if (stopped) return;
      latest = { done, total };
      if (pending) return;
      const wait = lastWrite + progressWriteMs - Date.now();
      if (wait <= 0) return write();
      pending = setTimeout(() => {
        pending = null;
        write();
      }, wait);
      pending.unref();
    },
    async stop() {
      stopped = true;
      clearInterval(beat);
      if (pending) clearTimeout(pending);
      pending = null;
      await chain;
    },
  };
}
