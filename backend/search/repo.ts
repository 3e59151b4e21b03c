import { sql } from "kysely";
import type { Executor } from "../platform/db/index.ts";

/*
 * Search's reads. passages (and the full-text tables) are search's own and are written only by
 * the SearchIndex adapters (sqlite.ts, postgres.ts). The reads here join other domains' tables
 * (files, documents) read-only, in one query each because they run on every search: the owners'
 * repos stay the only writers (docs/decisions/0008-domains-own-their-tables.md).
 */

/** The file name, document title and profile (what it is) of each indexed current version of a workspace's files. */
export function listDocumentLabelRows(db: Executor, workspaceId: string) {
  return (
    db
      .selectFrom("documents as d")
      // By version, not file id: a snapshot's files show their source's documents.
      .innerJoin("files as f", "f.current_version_id", "d.version_id")
      .select(["f.id", "f.filename", "d.title", "d.profile_title", "d.kind", "d.issuer", "d.period", "d.form"])
      .where("f.workspace_id", "=", workspaceId)
      .where("f.scope", "=", "workspace")
      .execute()
  );
}

/**
 * A workspace file's current version and name, with how many passages it has and its last
 * passage's seq (together they change when the version is indexed again); undefined when no
 * such file.
 */
export async function findFilePassageStamp(db: Executor, o: { workspaceId: string; fileId: string }) {
  const stamp = await sql<{ version_id: string | null; filename: string; n: number; last: number | null }>`
    select f.current_version_id as version_id, f.filename, count(p.seq) as n, max(p.seq) as last
    from files f left join passages p on p.version_id = f.current_version_id
    where f.id = ${o.fileId} and f.workspace_id = ${o.workspaceId} and f.scope = 'workspace'
    group by f.current_version_id, f.filename`.execute(db);
  return stamp.rows[0];
}

/** A version's passages in order. */
export function listVersionPassages(db: Executor, versionId: string) {
  return db
    .selectFrom("passages")
    .select(["id as passage_id", "file_id", "version_id", "page", "text", "heading", "listing"])
    .where("version_id", "=", versionId)
    .orderBy("seq")
    .execute();
}

/** Versions with passages not yet marked listing or not (indexed before migration 0012). */
export function listUnmarkedListingVersions(db: Executor, limit: number) {
  return db
    .selectFrom("passages")
    .select("version_id")
    .where("listing", "is", null)
    .groupBy("version_id")
    .limit(limit)
    .execute();
}

/** A version's passages' pages and texts. */
export function listVersionPageTexts(db: Executor, versionId: string) {
  return db.selectFrom("passages").select(["page", "text"]).where("version_id", "=", versionId).execute();
}

/** Marks a version's passages: those on `pages` as listing, the rest not. */
export async function markListingPages(db: Executor, o: { versionId: string; pages: number[] }) {
  await db.updateTable("passages").set({ listing: 0 }).where("version_id", "=", o.versionId).execute();
  if (o.pages.length > 0)
    await db
      .updateTable("passages")
      .set({ listing: 1 })
      .where("version_id", "=", o.versionId)
      .where("page", "in", o.pages)
      .execute();
}
