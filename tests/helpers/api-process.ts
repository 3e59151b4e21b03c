/**
 * The API in a process of its own, sharing the test app's DATA_DIR (blobs, auth secret, so its
 * signed URLs work there) and database, for tests that kill it mid-request with SIGKILL.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { TestApp } from "./test-app.ts";

const CHILD = fileURLToPath(new URL("./api-child.ts", import.meta.url));
const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export interface ApiProcess {
  /** Origin of the API, served at its root like the test app's. */
  url: string;
  /** SIGKILL: no cleanup, no finally blocks. Resolves once it is gone. */
  kill(): Promise<void>;
}

/** `env` adds to (or overrides) the child's configuration. */
export async function startApiProcess(app: TestApp, env: Record<string, string> = {}): Promise<ApiProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", CHILD], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "test",
      LOG_LEVEL: "error",
      DATA_DIR: app.config.DATA_DIR,
      DATABASE_URL: app.testDb.url,
      HOST: "127.0.0.1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let out = "";
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.on("data", (b: Buffer) => {
      out += b.toString();
      const m = /api ready on (\d+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.stderr!.on("data", (b: Buffer) => (out += b.toString()));
    void exited.then(() => reject(new Error(`the API process exited before it was ready:\n${out}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}
