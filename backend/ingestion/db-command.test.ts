import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** Runs `npm run <name>`'s script in a fresh data dir, as a user would. */
const run = (cli: string, env: Record<string, string> = {}) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${cli}-`));
  const r = spawnSync(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, cli)], {
    env: { PATH: process.env.PATH!, DATA_DIR: dataDir, LOG_LEVEL: "error", ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
  fs.rmSync(dataDir, { recursive: true, force: true });
  return r;
};

describe.each([
  {
    name: "reprofile",
    cli: "reprofile-cli.ts",
    empty: "Profiled 0 documents again (sqlite).",
  },
  {
    name: "reindex",
    cli: "reindex-cli.ts",
    empty:
      "Queued 0 PDFs to be indexed again (sqlite); the worker indexes them, search answers from the old index until then.",
  },
])("npm run $name", ({ name, cli, empty }) => {
  it("says in one line that it cannot reach the database, and fails", () => {
    // Port 1: nothing listens there.
    const r = run(cli, { DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" });
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toBe(`${name} failed: cannot reach the database at 127.0.0.1:1 (check DATABASE_URL)`);
  }, 60_000);

  it("does nothing in an empty SQLite data dir, and says so", () => {
    const r = run(cli);
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toBe(empty);
  }, 60_000);
});
