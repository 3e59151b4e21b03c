import { PostgresAdapter, type Insertable } from "kysely";
import type { Executor } from "../platform/db/index.ts";
import type { FileTable, FileVersionRefTable } from "../platform/db/schema.ts";

/*
 * Versions shared between files. A snapshot's files are new `files` rows that own no version:
 * they show their source's (immutable) version rows through `current_version_id` and
 * `file_version_refs`, so a snapshot shares blobs, pages and passages instead of copying them.
 * A file whose versions another file shows outlives its own deletion as a 'retained' file (no
 * workspace) until nothing shows them; blob bytes go when no version row names them.
 */

/** Rows per multi-row insert: under SQLite's bound-parameter limit at 14 columns. */
const BATCH = 50;

/** A workspace's files to copy into a snapshot: stored workspace files and thread files. */
export function listFilesToCopy(db: Executor, o: { workspaceId: string; fileIds?: string[]; threadId?: string }) {
  let q = db
    .selectFrom("files")
    .selectAll()
    // Held until the snapshot's refs are committed: a concurrent delete (lockFiles) waits for them.
    .$if(rowLocks(db), (b) => b.forShare())
    .where("workspace_id", "=", o.workspaceId)
    .where("current_version_id", "is not", null)
    .where("status", "!=", "uploading");
  if (o.fileIds || o.threadId)
    q = q.where((eb) =>
      eb.or([
        ...(o.fileIds?.length ? [eb.and([eb("scope", "=", "workspace"), eb("id", "in", o.fileIds)])] : []),
        ...(o.threadId ? [eb.and([eb("scope", "=", "thread"), eb("thread_id", "=", o.threadId)])] : []),
      ]),
    );
  else q = q.where("scope", "in", ["workspace", "thread"]);
  return q.orderBy("created_at").orderBy("id").execute();
}

/** The confirmed versions of files (their own), to lend a thread file's history to its copy. */
export function listOwnVersionIds(db: Executor, fileIds: string[]) {
  if (fileIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("file_versions")
    .select(["id", "file_id", "message_id"])
    .where("file_id", "in", fileIds)
    .where("checksum", "is not", null)
    .execute();
}

export async function insertFiles(db: Executor, rows: Insertable<FileTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH)
    await db
      .insertInto("files")
      .values(rows.slice(i, i + BATCH))
      .execute();
}

export async function insertVersionRefs(db: Executor, rows: Insertable<FileVersionRefTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 400)
    await db
      .insertInto("file_version_refs")
      .values(rows.slice(i, i + 400))
      .onConflict((oc) => oc.columns(["file_id", "version_id"]).doNothing())
      .execute();
}

/**
 * PostgreSQL runs publishing and deleting concurrently, so they lock the files rows they decide
 * on; SQLite runs one writer at a time (and has no FOR UPDATE / FOR SHARE).
 */
function rowLocks(db: Executor): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

type Where = { fileId: string } | { workspaceId: string } | { threadId: string };

/**
 * Locks the files about to be deleted, before looking for snapshots that show their versions: a
 * snapshot being published from them commits first (its refs are then seen), or finds them gone.
 */
export async function lockFiles(db: Executor, where: Where): Promise<void> {
  if (rowLocks(db)) await filesIn(db, where).select("f.id").forUpdate().execute();
}

function filesIn(db: Executor, where: Where) {
  const q = db.selectFrom("files as f");
  if ("fileId" in where) return q.where("f.id", "=", where.fileId);
  if ("workspaceId" in where) return q.where("f.workspace_id", "=", where.workspaceId);
  return q.where("f.thread_id", "=", where.threadId);
}

/** Files in `where` owning a version another file shows: they must outlive their deletion. */
export async function listSharedFiles(db: Executor, where: Where): Promise<string[]> {
  const rows = await filesIn(db, where)
    .select("f.id")
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("file_versions as v")
          .innerJoin("file_version_refs as r", "r.version_id", "v.id")
          .select("v.id")
          .whereRef("v.file_id", "=", "f.id"),
      ),
    )
    .execute();
  return rows.map((r) => r.id);
}

/** Keeps files their owner deleted for the snapshots that show them: no workspace, no thread. */
export async function retainFiles(db: Executor, ids: string[], at: string): Promise<void> {
  for (let i = 0; i < ids.length; i += 400)
    await db
      .updateTable("files")
      .set({ scope: "retained", workspace_id: null, thread_id: null, updated_at: at })
      .where("id", "in", ids.slice(i, i + 400))
      .execute();
}

/** Blob keys of the versions owned by the files in `where` (their bytes may go with them). */
export async function ownedBlobKeys(db: Executor, where: Where): Promise<string[]> {
  const rows = await filesIn(db, where)
    .innerJoin("file_versions as v", "v.file_id", "f.id")
    .select("v.blob_key")
    .execute();
  return rows.map((r) => r.blob_key);
}

/** Retained files none of whose versions any file shows any more, with their versions' blob keys. */
export async function listUnsharedRetainedFiles(db: Executor) {
  return db
    .selectFrom("files as f")
    .leftJoin("file_versions as v", "v.file_id", "f.id")
    .select(["f.id", "v.blob_key"])
    .where("f.scope", "=", "retained")
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("file_versions as sv")
            .innerJoin("file_version_refs as r", "r.version_id", "sv.id")
            .select("sv.id")
            .whereRef("sv.file_id", "=", "f.id"),
        ),
      ),
    )
    .execute();
}

export async function deleteFiles(db: Executor, ids: string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 400)
    await db
      .deleteFrom("files")
      .where("id", "in", ids.slice(i, i + 400))
      .execute();
}

/** Of these blob keys, those no version row names any more: their bytes can be deleted. */
export async function unusedBlobKeys(db: Executor, keys: string[]): Promise<string[]> {
  const unique = [...new Set(keys)];
  const used = new Set<string>();
  for (let i = 0; i < unique.length; i += 400) {
    const rows = await db
      .selectFrom("file_versions")
      .select("blob_key")
      .where("blob_key", "in", unique.slice(i, i + 400))
      .execute();
    for (const r of rows) used.add(r.blob_key);
  }
  return unique.filter((k) => !used.has(k));
}
