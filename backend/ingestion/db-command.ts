import { loadConfig } from "../config.ts";
import { loadDotEnv } from "../platform/config.ts";
import { createDb, type Db } from "../platform/db/index.ts";
import { migrateToLatest } from "../platform/db/migrate.ts";

/**
 * Runs a maintenance command (`npm run reprofile`, `npm run reindex`) against the configured
 * database, migrated first: prints the line `work` returns, or one line saying what failed (an
 * unreachable DATABASE_URL, a wrong setting) instead of a stack trace, with exit code 1.
 */
export async function runDbCommand(name: string, work: (db: Db) => Promise<string>): Promise<void> {
  loadDotEnv();
  try {
    const config = loadConfig();
    const db = createDb({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
    try {
      await migrateToLatest(db);
      console.log(await work(db));
    } finally {
      await db.close();
    }
  } catch (err) {
    console.error(`${name} failed: ${reason(err)}`);
    process.exitCode = 1;
  }
}

function reason(err: unknown): string {
  if (err instanceof AggregateError && err.errors.length > 0) return reason(err.errors[0]);
  const e = err as { message?: string; code?: string; address?: string; port?: number };
  if (e.code === "ECONNREFUSED") return `cannot reach the database at ${e.address}:${e.port} (check DATABASE_URL)`;
  return e.message || String(err);
}
