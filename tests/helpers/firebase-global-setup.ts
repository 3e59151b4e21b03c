import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { EMULATOR_DIR_ENV, stopAuthEmulator } from "./firebase-emulator.ts";

/**
 * Once per run (not per project: the three projects share one emulator): a directory where the
 * first test file that needs the Auth emulator starts it (firebase-emulator.ts), and the teardown
 * that stops it.
 */
export default async function setup() {
  if (process.env[EMULATOR_DIR_ENV]) return;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "aw-firebase-"));
  process.env[EMULATOR_DIR_ENV] = dir;
  return async () => {
    await stopAuthEmulator(dir);
    await fs.rm(dir, { recursive: true, force: true });
  };
}
