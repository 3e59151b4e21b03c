import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { authEmulator, EMULATOR_DIR_ENV, stopAuthEmulator } from "./firebase-emulator.ts";

/**
 * Once per run (every project shares one emulator): a directory where the Auth emulator is
 * started (firebase-emulator.ts), and the teardown that stops it. A run with a *-firebase project
 * starts it now, in the background, while the workers start (it takes 5 to 40 s on a busy
 * machine); any other run starts it only if a test file asks.
 */
export default async function setup(project: TestProject) {
  let teardown: (() => Promise<void>) | undefined;
  if (!process.env[EMULATOR_DIR_ENV]) {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "aw-firebase-"));
    process.env[EMULATOR_DIR_ENV] = dir;
    teardown = async () => {
      await stopAuthEmulator(dir);
      await fs.rm(dir, { recursive: true, force: true });
    };
  }
  // A failure is written where the test files look (firebase-emulator.ts), and reported there.
  if (project.name.endsWith("-firebase")) authEmulator().catch(() => undefined);
  return teardown;
}
