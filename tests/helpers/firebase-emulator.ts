/**
 * The Firebase Auth emulator (firebase-tools, runs in Node without Java), started at most once per
 * test run: the first test file that asks starts it on free ports, every other file (in any
 * worker) reuses it, and the global setup (firebase-global-setup.ts) stops it when the run ends.
 * Runs that never ask for it never pay its start-up (about 5 s).
 *
 * FIREBASE_AUTH_EMULATOR_HOST set in the environment wins: an emulator started elsewhere (CI).
 */
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import net from "node:net";
import path from "node:path";

/** Set by the global setup: where the run keeps the emulator's config, lock, pid and host. */
export const EMULATOR_DIR_ENV = "TEST_FIREBASE_EMULATOR_DIR";
/** The demo project every test app uses (a demo-* id needs no credentials). */
export const TEST_FIREBASE_PROJECT = "demo-analyst-test";

const START_TIMEOUT_MS = 85_000;

export interface AuthEmulator {
  /** host:port, as FIREBASE_AUTH_EMULATOR_HOST wants it. */
  host: string;
  projectId: string;
}

let mine: Promise<AuthEmulator> | null = null;

export function authEmulator(): Promise<AuthEmulator> {
  mine ??= locate();
  return mine;
}

async function locate(): Promise<AuthEmulator> {
  const external = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (external) return { host: external, projectId: process.env.FIREBASE_PROJECT_ID ?? TEST_FIREBASE_PROJECT };
  const dir = process.env[EMULATOR_DIR_ENV];
  if (!dir) throw new Error(`${EMULATOR_DIR_ENV} is unset: is tests/helpers/firebase-global-setup.ts a globalSetup?`);
  const hostFile = path.join(dir, "host");
  let starter = false;
  try {
    // mkdir is atomic: exactly one worker of the run becomes the starter.
    await fs.mkdir(path.join(dir, "lock"));
    starter = true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  }
  if (starter) {
    const host = await start(dir);
    await fs.writeFile(hostFile, host);
    return { host, projectId: TEST_FIREBASE_PROJECT };
  }
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const host = await fs.readFile(hostFile, "utf8").catch(() => "");
    if (host) return { host, projectId: TEST_FIREBASE_PROJECT };
    const failed = await fs.readFile(path.join(dir, "failed"), "utf8").catch(() => "");
    if (failed) throw new Error(`The Auth emulator did not start:\n${failed}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("Timed out waiting for another worker to start the Auth emulator");
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function start(dir: string): Promise<string> {
  const [auth, hub, logging] = [await freePort(), await freePort(), await freePort()];
  const host = `127.0.0.1:${auth}`;
  await fs.writeFile(
    path.join(dir, "firebase.json"),
    JSON.stringify({
      emulators: {
        auth: { host: "127.0.0.1", port: auth },
        hub: { host: "127.0.0.1", port: hub },
        logging: { host: "127.0.0.1", port: logging },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const bin = path.resolve("node_modules/.bin/firebase");
  const log = await fs.open(path.join(dir, "emulator.log"), "w");
  const child = spawn(bin, ["emulators:start", "--only", "auth", "--project", TEST_FIREBASE_PROJECT], {
    cwd: dir,
    // Its own process group, so the teardown stops the CLI and the emulator it runs together.
    detached: true,
    stdio: ["ignore", log.fd, log.fd],
    env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: "", CI: "1" },
  });
  child.unref();
  await fs.writeFile(path.join(dir, "pid"), String(child.pid));
  const deadline = Date.now() + START_TIMEOUT_MS;
  try {
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`firebase emulators:start exited with ${child.exitCode}`);
      const ready = await fetch(`http://${host}/`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) return host;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error("The Auth emulator did not answer in time");
  } catch (err) {
    const output = await fs.readFile(path.join(dir, "emulator.log"), "utf8").catch(() => "");
    await fs.writeFile(path.join(dir, "failed"), `${String(err)}\n${output}`);
    throw err;
  } finally {
    await log.close();
  }
}

/** Stops the run's emulator, if a test file started one. */
export async function stopAuthEmulator(dir: string): Promise<void> {
  const pid = Number(await fs.readFile(path.join(dir, "pid"), "utf8").catch(() => ""));
  if (!pid) return;
  try {
    process.kill(-pid, "SIGTERM");
  } catch {
    return; // already gone
  }
  for (let i = 0; i < 50; i++) {
    try {
      process.kill(-pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  process.kill(-pid, "SIGKILL");
}
