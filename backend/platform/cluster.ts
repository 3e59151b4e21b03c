/**
 * WEB_CONCURRENCY > 1: this process becomes a node:cluster primary that serves nothing itself. It
 * prepares what must happen once (migrations, the generated auth secret), then forks that many
 * copies of server.ts that share one port (the primary hands connections out round-robin). Only
 * the first copy keeps the `worker` role (ingestion loop, sweeps); the others serve web and api.
 * A copy that dies is forked again with the same roles.
 */
import cluster, { type Worker } from "node:cluster";
import { resolveAuthSecret } from "./auth-secret.ts";
import type { PlatformConfig as Config } from "./config.ts";
import { createDb } from "./db/index.ts";
import { migrateToLatest } from "./db/migrate.ts";

type Role = Config["ROLES"][number];

const RESTART_DELAY_MS = 1000;

/** The roles of forked copy `index`: background work runs in the first copy only. */
export function rolesOfCopy(roles: Role[], index: number): Role[] {
  return index === 0 ? roles : roles.filter((r) => r !== "worker");
}

/**
 * Forks the serving copies when this process should be a cluster primary; returns false when it
 * should serve itself (WEB_CONCURRENCY=1, a forked copy, or a process with nothing to serve).
 */
export async function forkServers(config: Config): Promise<boolean> {
  const serves = config.ROLES.includes("web") || config.ROLES.includes("api");
  if (!cluster.isPrimary || config.WEB_CONCURRENCY <= 1 || !serves) return false;

  // Once, before any copy starts: copies migrating at once would race, and two copies generating
  // the auth secret would each write their own.
  resolveAuthSecret(config.AUTH_SECRET, config.DATA_DIR);
  const db = createDb({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await migrateToLatest(db);
  } finally {
    await db.close();
  }

  let stopping = false;
  const copies = new Map<Worker, number>();
  const fork = (index: number) => {
    const worker = cluster.fork({ ROLES: rolesOfCopy(config.ROLES, index).join(",") });
    copies.set(worker, index);
  };
  cluster.on("exit", (worker, code, signal) => {
    const index = copies.get(worker);
    copies.delete(worker);
    if (stopping) {
      if (copies.size === 0) process.exit(0);
      return;
    }
    if (index === undefined) return;
    console.error(`[cluster] process ${worker.process.pid} exited (${signal ?? code}); starting another`);
    setTimeout(() => fork(index), RESTART_DELAY_MS);
  });
  for (let i = 0; i < config.WEB_CONCURRENCY; i++) fork(i);

  const stop = () => {
    stopping = true;
    if (copies.size === 0) process.exit(0);
    for (const worker of copies.keys()) worker.process.kill("SIGTERM");
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  console.log(`Analyst Workspace: ${config.WEB_CONCURRENCY} processes on port ${config.PORT}`);
  return true;
}
