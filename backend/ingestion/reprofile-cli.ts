/**
 * `npm run reprofile`: derives every document's profile (title, kind, issuer, period, form) again
 * from its stored first pages, with the current rules; the files panel and the named-documents
 * search stage read them. The metadata author is not stored, so a profile that needed it can lose
 * its issuer until the file is indexed again.
 */
import { loadConfig } from "../config.ts";
import { loadDotEnv } from "../platform/config.ts";
import { createDb } from "../platform/db/index.ts";
import { migrateToLatest } from "../platform/db/migrate.ts";
import { reprofileAll } from "./backfill-profiles.ts";

loadDotEnv();
try {
  const config = loadConfig();
  const db = createDb({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await migrateToLatest(db);
    const n = await reprofileAll(db.kysely);
    console.log(`Profiled ${n} document${n === 1 ? "" : "s"} again (${db.dialect}).`);
  } finally {
    await db.close();
  }
} catch (err) {
  // A wrong DATABASE_URL or setting: say what failed, not a stack trace.
  console.error(`reprofile failed: ${reason(err)}`);
  process.exitCode = 1;
}

function reason(err: unknown): string {
  if (err instanceof AggregateError && err.errors.length > 0) return reason(err.errors[0]);
  const e = err as { message?: string; code?: string; address?: string; port?: number };
  if (e.code === "ECONNREFUSED") return `cannot reach the database at ${e.address}:${e.port} (check DATABASE_URL)`;
  return e.message || String(err);
}
