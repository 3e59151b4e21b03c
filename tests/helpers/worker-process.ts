/**
 * A real ingestion worker in a process of its own, for tests that kill it (see
 * tests/helpers/worker-child.ts for the process itself). It shares the test app's DATA_DIR (blobs,
 * auth secret) and database: the SQLite file, or the PostgreSQL URL that pins the test's schema.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { TestApp } from "./test-app.ts";

const CHILD = fileURLToPath(new URL("./worker-child.ts", import.meta.url));
const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export interface WorkerProcess {
  child: ChildProcess;
  /** Everything the process wrote, for a failing test's message. */
  output(): string;
  /** SIGKILL: no cleanup, no finally blocks, locks left as they were. Resolves once it is gone. */
  kill(): Promise<void>;
}

export function startWorkerProcess(app: TestApp, env: Record<string, string> = {}): WorkerProcess {
  const child = spawn(process.execPath, ["--import", "tsx", CHILD], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      DATA_DIR: app.config.DATA_DIR,
      DATABASE_URL: app.testDb.url,
      PUBLIC_URL: app.config.PUBLIC_URL ?? "http://localhost:3000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (b: Buffer) => (out += b.toString()));
  child.stderr!.on("data", (b: Buffer) => (out += b.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    child,
    output: () => out,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}
