import os from "node:os";
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

/**
 * Three projects: `unit` runs the pure tests once; `sqlite` and `postgres` run every test that
 * touches a database, once per dialect (tests/helpers/test-db.ts reads TEST_DB). CI must reach
 * PostgreSQL: the postgres project fails, it never skips.
 */
const dbTests = ["tests/integration/**/*.test.ts", "backend/**/*.db.test.ts", "tests/helpers/**/*.db.test.ts"];
const exclude = [...configDefaults.exclude, "tests/e2e/**", "build/**", "scratch/**"];
/**
 * The shared identity suite: run once more per dialect with IDENTITY_PROVIDER=firebase, against
 * the Firebase Auth emulator (tests/helpers/firebase-emulator.ts).
 */
const identityTests = [
  "tests/integration/sign-up.test.ts",
  "tests/integration/password-reset.test.ts",
  "tests/integration/recover-email.test.ts",
  "tests/integration/email-verification.test.ts",
  "tests/integration/signup-codes.test.ts",
  "tests/integration/auth-limits.test.ts",
];
/** Only the Firebase provider's own behaviour: not run by the builtin projects. */
const firebaseOnly = ["tests/integration/firebase-identity.test.ts"];
/**
 * Database tests of one dialect only, run in that dialect's project alone (each file says why),
 * rather than skipped in the other: better-sqlite3's connections and the in-process ranking of one
 * file are SQLite's; a delete racing a publish needs PostgreSQL's row locks.
 */
const sqliteOnly = ["tests/integration/search-file-rank.test.ts", "backend/platform/db/sqlite-connection.db.test.ts"];
const postgresOnly = ["tests/integration/snapshot-delete-race.test.ts"];

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    // The integration files mostly wait (HTTP, SMTP, PostgreSQL, scrypt on the libuv pool), so
    // run more of them at once than Vitest's default of one per core minus one.
    maxWorkers: Math.max(4, os.availableParallelism()),
    // A worker runs its files one after another in one module registry instead of importing the
    // backend again for each file: each file opens its own database, app and fakes, and no test
    // changes a module's state for the next. On a 2-core machine 1,062 s -> 478 s for the whole
    // run (import time summed over files 1,745 s -> 262 s), every test passing both ways.
    isolate: false,
    globalSetup: ["tests/helpers/db-global-setup.ts", "tests/helpers/firebase-global-setup.ts"],
    // Fails a test on any request a fake server did not expect (fake-guard.ts).
    setupFiles: ["tests/helpers/vitest-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["backend/**/*.test.ts", "contracts/**/*.test.ts", "app/**/*.test.ts", "tests/helpers/**/*.test.ts"],
          exclude: [...exclude, ...dbTests],
        },
      },
      {
        extends: true,
        test: {
          name: "sqlite",
          include: dbTests,
          exclude: [...exclude, ...firebaseOnly, ...postgresOnly],
          env: { TEST_DB: "sqlite" },
        },
      },
      {
        extends: true,
        test: {
          name: "postgres",
          include: dbTests,
          exclude: [...exclude, ...firebaseOnly, ...sqliteOnly],
          env: { TEST_DB: "postgres" },
        },
      },
      {
        extends: true,
        test: {
          name: "sqlite-firebase",
          // The first file may wait for the Auth emulator to start (firebase-global-setup.ts).
          hookTimeout: 90_000,
          include: [...identityTests, ...firebaseOnly],
          env: { TEST_DB: "sqlite", TEST_IDENTITY: "firebase" },
        },
      },
      {
        extends: true,
        test: {
          name: "postgres-firebase",
          hookTimeout: 90_000,
          include: [...identityTests, ...firebaseOnly],
          env: { TEST_DB: "postgres", TEST_IDENTITY: "firebase" },
        },
      },
    ],
  },
});
