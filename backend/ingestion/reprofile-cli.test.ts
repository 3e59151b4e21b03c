import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const run = (env: Record<string, string>) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "reprofile-cli-"));
  const r = spawnSync(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, "reprofile-cli.ts")], {
    env: { PATH: process.env.PATH!, DATA_DIR: dataDir, LOG_LEVEL: "error", ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
  fs.rmSync(dataDir, { recursive: true, force: true });
  return r;
};

describe("npm run reprofile", () => {
  it("says in one line that it cannot reach the database, and fails", () => {
    // Port 1: nothing listens there.
    const r = run({ DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" });
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toBe("reprofile failed: cannot reach the database at 127.0.0.1:1 (check DATABASE_URL)");
  }, 60_000);

  it("profiles an empty SQLite data dir's documents: none", () => {
    const r = run({});
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toBe("Profiled 0 documents again (sqlite).");
  }, 60_000);
});
