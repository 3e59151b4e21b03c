import crypto from "node:crypto";
import pg from "pg";

/**
 * One id per test run, in every PostgreSQL test schema's name (t_<run>_<random>). Schemas are
 * dropped here, once every file has finished, never while other files run: Kysely's migrator
 * introspects the tables of ALL schemas, and a schema dropped meanwhile makes that query fail
 * with "schema ... does not exist".
 */
export default function setup() {
  const runId = crypto.randomBytes(4).toString("hex");
  process.env.TEST_RUN_ID = runId;
  return async () => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL_TEST || "postgres://postgres@127.0.0.1:5432/test", connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
    } catch {
      return; // No PostgreSQL (a SQLite-only run): nothing was created.
    }
    try {
      const { rows } = await client.query<{ nspname: string }>("select nspname from pg_namespace where nspname like $1", [`t\\_${runId}\\_%`]);
      for (const { nspname } of rows) await client.query(`drop schema if exists "${nspname}" cascade`);
    } finally {
      await client.end();
    }
  };
}
