/**
 * Starts `server.ts` of a checkout (this one, or the baseline's) as its own process on a seeded
 * DATA_DIR, waits for /api/health, and samples the resident memory of it and its cluster workers.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export interface LaunchedServer {
  url: string;
  /** The primary and every worker it forked, as now. */
  pids(): number[];
  /** Peak RSS per process (bytes) since the last reset. */
  peakRss(): Map<number, number>;
  resetRss(): void;
  stop(): Promise<void>;
}

function childPids(pid: number): number[] {
  try {
    const kids = fs
      .readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
    return kids.flatMap((k) => [k, ...childPids(k)]);
  } catch {
    return [];
  }
}

function rssOf(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

export async function launchServer(o: {
  root: string;
  dataDir: string;
  databaseUrl?: string;
  port: number;
  env?: Record<string, string>;
  nodeArgs?: string[];
}): Promise<LaunchedServer> {
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", ...(o.nodeArgs ?? []), path.join(o.root, "server.ts")],
    {
      cwd: o.root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        LOG_LEVEL: "error",
        ROLES: "api,worker",
        HOST: "127.0.0.1",
        PORT: String(o.port),
        DATA_DIR: o.dataDir,
        DATABASE_URL: o.databaseUrl ?? "",
        ...o.env,
      },
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  const url = `http://127.0.0.1:${o.port}`;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  // A bench that dies must not leave its server holding the port.
  const orphaned = () => child.kill("SIGKILL");
  process.once("exit", orphaned);
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server in ${o.root} exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (i > 1800) throw new Error(`server in ${o.root} did not answer /api/health in 180 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const pids = () => [child.pid!, ...childPids(child.pid!)];
  let peaks = new Map<number, number>();
  const sample = () => {
    for (const pid of pids()) peaks.set(pid, Math.max(peaks.get(pid) ?? 0, rssOf(pid)));
  };
  const timer = setInterval(sample, 250);
  timer.unref();
  return {
    url,
    pids,
    peakRss: () => {
      sample();
      return new Map(peaks);
    },
    resetRss: () => {
      peaks = new Map();
    },
    async stop() {
      clearInterval(timer);
      process.off("exit", orphaned);
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(killer);
    },
  };
}
