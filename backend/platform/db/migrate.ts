import { Migrator, sql, type Migration, type MigrationProvider, type MigrationResultSet } from "kysely";
import type { Db } from "./index.ts";
import * as identity from "./migrations/2026-11-23-0001-identity.ts";
import * as workspaces from "./migrations/2026-11-23-0002-workspaces.ts";
import * as ingestion from "./migrations/2026-11-23-0003-ingestion.ts";
import * as ingestionJobs from "./migrations/2026-11-23-0004-ingestion-jobs.ts";
import * as passageLabels from "./migrations/2026-11-23-0007-passage-labels.ts";
import * as agent from "./migrations/2026-11-23-0008-agent.ts";
import * as threadFiles from "./migrations/2026-11-23-0009-thread-files.ts";
import * as sheetLayout from "./migrations/2026-11-23-0011-sheet-layout.ts";
import * as authAttempts from "./migrations/2026-11-26-0001-auth-attempts.ts";
import * as fileVersionsBlobKey from "./migrations/2026-11-26-0002-file-versions-blob-key.ts";
import * as jobKind from "./migrations/2026-11-26-0003-job-kind.ts";
import * as jobs from "./migrations/2026-11-26-0004-jobs.ts";
import * as snapshots from "./migrations/2026-11-26-0005-snapshots.ts";
import * as snapshotsIndexes from "./migrations/2026-11-26-0005-snapshots-indexes.ts";
import * as documentProfile from "./migrations/2026-11-26-0006-document-profile.ts";
import * as examplePods from "./migrations/2026-11-26-0007-example-pods.ts";
import * as edgar from "./migrations/2026-11-26-0010-edgar.ts";
import * as billing from "./migrations/2026-11-26-0011-billing.ts";
import * as passageListing from "./migrations/2026-11-26-0012-passage-listing.ts";
import * as agentConfirmations from "./migrations/2026-11-26-0013-agent-confirmations.ts";
import * as billingExempt from "./migrations/2026-11-26-0016-billing-exempt.ts";
import * as documentParsed from "./migrations/2026-11-29-0017-document-parsed.ts";
import * as passageStatistics from "./migrations/2026-11-29-0018-passage-statistics.ts";

/**
 * Every migration, named by date, in order. Listed explicitly (not read from disk) so they
 * work the same under tsx, Vitest and a bundle.
 */
const migrations: Record<string, Migration> = {
  "2026-11-23-0001-identity": identity,
  "2026-11-23-0002-workspaces": workspaces,
  "2026-11-23-0003-ingestion": ingestion,
  "2026-11-23-0004-ingestion-jobs": ingestionJobs,
  "2026-11-23-0007-passage-labels": passageLabels,
  "2026-11-23-0008-agent": agent,
  "2026-11-23-0009-thread-files": threadFiles,
  "2026-11-23-0011-sheet-layout": sheetLayout,
  "2026-11-26-0001-auth-attempts": authAttempts,
  "2026-11-26-0002-file-versions-blob-key": fileVersionsBlobKey,
  "2026-11-26-0003-job-kind": jobKind,
  "2026-11-26-0004-jobs": jobs,
  "2026-11-26-0005-snapshots": snapshots,
  "2026-11-26-0005-snapshots-indexes": snapshotsIndexes,
  "2026-11-26-0006-document-profile": documentProfile,
  "2026-11-26-0007-example-pods": examplePods,
  "2026-11-26-0010-edgar": edgar,
  "2026-11-26-0011-billing": billing,
  "2026-11-26-0012-passage-listing": passageListing,
  "2026-11-26-0013-agent-confirmations": agentConfirmations,
  "2026-11-26-0016-billing-exempt": billingExempt,
  "2026-11-29-0017-document-parsed": documentParsed,
  "2026-11-29-0018-passage-statistics": passageStatistics,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db: db.kysely, provider, migrationTableSchema: await migrationSchema(db) });
  return applied(await migrator.migrateToLatest());
}

/** Migrates up or down to the named migration (tests of a migration start from the one before it). */
export async function migrateTo(db: Db, name: string): Promise<string[]> {
  if (!(name in migrations)) throw new Error(`No migration named ${name}.`);
  const migrator = new Migrator({ db: db.kysely, provider, migrationTableSchema: await migrationSchema(db) });
  return applied(await migrator.migrateTo(name));
}

function applied({ error, results }: MigrationResultSet): string[] {
  if (error) {
    const failed = results?.find((r) => r.status === "Error");
    throw new Error(`Migration ${failed?.migrationName ?? "(unknown)"} failed: ${String(error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/**
 * On PostgreSQL the schema the connection works in (search_path). Without it Kysely looks for
 * its bookkeeping tables in every schema, so another schema's kysely_migration table makes it
 * skip creating ours and then fail to find it.
 */
async function migrationSchema(db: Db): Promise<string | undefined> {
  if (db.dialect !== "postgres") return undefined;
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db.kysely);
  return rows[0]?.schema ?? undefined;
}
