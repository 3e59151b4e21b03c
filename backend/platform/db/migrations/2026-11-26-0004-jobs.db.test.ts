import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../../tests/helpers/test-db.ts";
import { migrateTo, migrateToLatest } from "../migrate.ts";

let testDb: TestDb | undefined;
afterEach(() => testDb?.drop());

const t = "2026-11-26T00:00:00.000Z";

/** A database migrated up to the job-kind migration, holding one file with a running ingest job. */
async function beforeJobsTable(): Promise<TestDb> {
  const test = await createTestDb({ empty: true });
  await migrateTo(test.db, "2026-11-26-0003-job-kind");
  const db = test.db.kysely;
  await sql`insert into "user" (id, name, email, "createdAt", "updatedAt") values ('u1', 'Ann', 'ann@example.com', ${t}, ${t})`.execute(
    db,
  );
  await sql`insert into workspaces (id, owner_id, name, created_at, updated_at) values ('w1', 'u1', 'Pod', ${t}, ${t})`.execute(
    db,
  );
  await sql`insert into files (id, scope, workspace_id, owner_id, filename, status, created_at, updated_at) values ('f1', 'workspace', 'w1', 'u1', 'a.pdf', 'indexing', ${t}, ${t})`.execute(
    db,
  );
  await sql`insert into ingestion_jobs (id, file_id, version_id, status, attempts, run_after, locked_at, locked_by, error, pages_done, pages_total, created_at, updated_at)
            values ('j1', 'f1', 'v1', 'running', 2, ${t}, ${t}, 'worker-1', 'first try failed', 3, 10, ${t}, ${t})`.execute(
    db,
  );
  return test;
}

describe("migration 2026-11-26-0004-jobs", () => {
  it("renames ingestion_jobs to jobs and keeps its rows as they were", async () => {
    testDb = await beforeJobsTable();
    expect(await migrateToLatest(testDb.db)).toContain("2026-11-26-0004-jobs");
    const job = await testDb.db.kysely.selectFrom("jobs").selectAll().executeTakeFirstOrThrow();
    expect({
      ...job,
      pages_done: Number(job.pages_done),
      pages_total: Number(job.pages_total),
      attempts: Number(job.attempts),
    }).toEqual({
      id: "j1",
      kind: "ingest",
      file_id: "f1",
      version_id: "v1",
      payload: null,
      status: "running",
      attempts: 2,
      run_after: t,
      locked_at: t,
      locked_by: "worker-1",
      error: "first try failed",
      pages_done: 3,
      pages_total: 10,
      created_at: t,
      updated_at: t,
    });
    const tables =
      testDb.dialect === "sqlite"
        ? await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'table' and name like '%jobs'`.execute(testDb.db.kysely)
        : await sql<{
            name: string;
          }>`select tablename as name from pg_tables where schemaname = current_schema() and tablename like '%jobs'`.execute(
            testDb.db.kysely,
          );
    expect(tables.rows.map((r) => r.name)).toEqual(["jobs"]);
  });

  it("takes jobs about no file, with a payload; deleting a file still deletes its jobs", async () => {
    testDb = await beforeJobsTable();
    await migrateToLatest(testDb.db);
    const db = testDb.db.kysely;
    await db
      .insertInto("jobs")
      .values({
        id: "j2",
        kind: "test.publish",
        payload: '{"snapshot":"s1"}',
        status: "queued",
        attempts: 0,
        run_after: t,
        locked_at: null,
        locked_by: null,
        error: null,
        created_at: t,
        updated_at: t,
      })
      .execute();
    await db.deleteFrom("files").where("id", "=", "f1").execute();
    const left = await db.selectFrom("jobs").select(["id", "file_id", "version_id", "payload"]).execute();
    expect(left).toEqual([{ id: "j2", file_id: null, version_id: null, payload: '{"snapshot":"s1"}' }]);
  });

  it("keeps the claim and file indexes", async () => {
    testDb = await beforeJobsTable();
    await migrateToLatest(testDb.db);
    const indexes =
      testDb.dialect === "sqlite"
        ? await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'index' and tbl_name = 'jobs' and sql is not null`.execute(
            testDb.db.kysely,
          )
        : await sql<{
            name: string;
          }>`select indexname as name from pg_indexes where schemaname = current_schema() and tablename = 'jobs' and indexname like '%_idx'`.execute(
            testDb.db.kysely,
          );
    expect(indexes.rows.map((r) => r.name).sort()).toEqual(["jobs_claim_idx", "jobs_file_idx"]);
  });

  it("goes down again to ingestion_jobs, dropping the jobs that name no file", async () => {
    testDb = await beforeJobsTable();
    await migrateToLatest(testDb.db);
    await testDb.db.kysely
      .insertInto("jobs")
      .values({
        id: "j2",
        kind: "test.publish",
        status: "queued",
        attempts: 0,
        run_after: t,
        locked_at: null,
        locked_by: null,
        error: null,
        created_at: t,
        updated_at: t,
      })
      .execute();
    await migrateTo(testDb.db, "2026-11-26-0003-job-kind");
    const { rows } = await sql<{ id: string; status: string }>`select id, status from ingestion_jobs`.execute(
      testDb.db.kysely,
    );
    expect(rows).toEqual([{ id: "j1", status: "running" }]);
  });
});
