import os from "node:os";
import { ABANDONED_MS } from "./agent/follow.ts";
import { sweepAbandonedAnswers } from "./agent/repo.ts";
import { settleAbandonedAnswers } from "./billing/charges.ts";
import type { Deps } from "./deps.ts";
import { deleteExpiredCache } from "./edgar/repo.ts";
import { sweepStaleUploads } from "./files/upload.ts";
import { backfillProfiles } from "./ingestion/backfill-profiles.ts";
import { workerId } from "./ingestion/ingest.ts";
import { closeParsers } from "./ingestion/run-parser.ts";
import { ingestionJobHandlers, ingestionUpkeep } from "./ingestion/worker-loop.ts";
import { startJobWorker } from "./platform/jobs/worker.ts";

const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

export interface StartedWorker {
  /** Stops the sweeps and the job loop, waiting for running jobs. */
  close(): Promise<void>;
}

/**
 * Sweeps what clients abandoned (unfinished uploads, answers whose writer went away) and what
 * expired (SEC EDGAR's cached answers), and profiles documents profiled by older rules. Exported
 * for tests.
 */
export async function sweep(deps: Deps): Promise<void> {
  await sweepStaleUploads(deps).catch((err: unknown) =>
    deps.log.error("[files] sweeping abandoned uploads failed:", err),
  );
  await sweepAbandonedAnswers(deps, ABANDONED_MS).catch((err: unknown) =>
    deps.log.error("[agent] closing abandoned answers failed:", err),
  );
  // Their holds (and any an answer failed to settle): released and charged what was metered.
  await settleAbandonedAnswers(deps).catch((err: unknown) =>
    deps.log.error("[billing] settling abandoned answers failed:", err),
  );
  await deleteExpiredCache(deps.db.kysely, new Date().toISOString()).catch((err: unknown) =>
    deps.log.error("[edgar] deleting expired cache entries failed:", err),
  );
  // Profiles made by older rules (after an upgrade), so the files panel and search read the new ones
  // (this process's search at once; other processes' within their labels' TTL, named-documents.ts).
  await backfillProfiles(deps.db.kysely)
    .then((n) => {
      if (n === 0) return;
      deps.documentLabels.clear();
      deps.log.info(`[ingest] profiled ${n} documents again with the current rules`);
    })
    .catch((err: unknown) => deps.log.error("[ingest] profiling documents again failed:", err));
}

/**
 * The worker role: the job queue's loop, with a handler per kind of job (ingestion's today), and
 * the sweeps, at start and every 10 minutes.
 */
export function startWorker(deps: Deps): StartedWorker {
  void sweep(deps);
  const sweeper = setInterval(() => void sweep(deps), SWEEP_INTERVAL_MS);
  sweeper.unref();
  const jobs = startJobWorker({
    db: deps.db,
    log: deps.log,
    handlers: { ...ingestionJobHandlers(deps) },
    workerId: workerId(),
    concurrency: os.availableParallelism(),
    label: "ingest",
    ...ingestionUpkeep(deps),
  });
  return {
    async close() {
      clearInterval(sweeper);
      await jobs.close();
    },
  };
}

/**
 * Ends the parser threads this process started: the worker's, or a drain's (tests drain the
 * queue without the worker role).
 */
export async function closeWorkerThreads(): Promise<void> {
  await closeParsers();
}
