import type { ExpressionBuilder, Insertable, Updateable } from "kysely";
import type { Executor } from "../platform/db/index.ts";
import type { Database, FileScope, FileTable, FileVersionTable } from "../platform/db/schema.ts";
import { STORED_FILE_STATUSES } from "../platform/db/schema.ts";
import { afterCursor, decodeCursor } from "../platform/paging.ts";

/** A file joined with its current (or pending) version. */
export function fileRows(db: Executor) {
  return (
    db
      .selectFrom("files as f")
      .leftJoin("file_versions as v", (j) =>
        j.on((eb) =>
          eb.or([
            eb("v.id", "=", eb.ref("f.current_version_id")),
            eb.and([eb("f.current_version_id", "is", null), eb("v.file_id", "=", eb.ref("f.id"))]),
          ]),
        ),
      )
      // What the current version's document is (ingestion's profile, read-only: decision 0008).
      .leftJoin("documents as d", "d.version_id", "f.current_version_id")
      .selectAll("f")
      .select(["v.id as version_id", "v.blob_key", "v.byte_size", "v.content_type", "v.checksum"])
      .select([
        "d.profiled as doc_profiled",
        "d.profile_title as doc_title",
        "d.kind as doc_kind",
        "d.issuer as doc_issuer",
        "d.period as doc_period",
        "d.form as doc_form",
      ])
  );
}

export type FileRow = NonNullable<Awaited<ReturnType<ReturnType<typeof fileRows>["executeTakeFirst"]>>>;

export function findFile(db: Executor, o: { id: string; scope: FileScope; workspaceId?: string; ownerId?: string }) {
  let q = fileRows(db).where("f.id", "=", o.id).where("f.scope", "=", o.scope);
  if (o.workspaceId) q = q.where("f.workspace_id", "=", o.workspaceId);
  if (o.ownerId) q = q.where("f.owner_id", "=", o.ownerId);
  return q.executeTakeFirst();
}

/** Bytes a user's finished files take, plus recent reservations that may still finish. */
export async function usedBytes(db: Executor, userId: string, o: { includePendingSince?: string } = {}) {
  const q = db
    .selectFrom("file_versions as v")
    .innerJoin("files as f", "f.id", "v.file_id")
    .select((eb) => eb.fn.sum<string | number>("v.byte_size").as("total"))
    .where("f.owner_id", "=", userId)
    // A file its owner deleted that a snapshot still shows costs them nothing (nor do snapshots,
    // whose files own no versions).
    .where("f.scope", "!=", "retained")
    .where((eb) =>
      o.includePendingSince
        ? eb.or([
            eb("f.status", "in", [...STORED_FILE_STATUSES]),
            eb.and([eb("f.status", "=", "uploading"), eb("f.created_at", ">=", o.includePendingSince)]),
          ])
        : eb("f.status", "in", [...STORED_FILE_STATUSES]),
    );
  const row = await q.executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** A workspace's files, oldest first; `finishedOnly` hides uploads in progress and failures. */
export function listWorkspaceFileRows(
  db: Executor,
  o: { workspaceId: string; finishedOnly: boolean; limit: number; cursor?: string },
) {
  let q = fileRows(db).where("f.workspace_id", "=", o.workspaceId).where("f.scope", "=", "workspace");
  if (o.finishedOnly) q = q.where("f.status", "in", ["uploaded", "indexing", "indexed"]);
  const c = decodeCursor(o.cursor);
  if (c) q = q.where(afterCursor("f.created_at", "f.id", ">", c));
  return q
    .orderBy("f.created_at", "asc")
    .orderBy("f.id", "asc")
    .limit(o.limit + 1)
    .execute();
}

/** A user's account (library) files, newest first. */
export function listAccountFileRows(db: Executor, o: { ownerId: string; limit: number; cursor?: string }) {
  let q = fileRows(db).where("f.scope", "=", "account").where("f.owner_id", "=", o.ownerId);
  const c = decodeCursor(o.cursor);
  if (c) q = q.where(afterCursor("f.created_at", "f.id", "<", c));
  return q
    .orderBy("f.created_at", "desc")
    .orderBy("f.id", "desc")
    .limit(o.limit + 1)
    .execute();
}

/** A workspace's files whose bytes are stored, oldest first. */
export function listStoredWorkspaceFiles(db: Executor, workspaceId: string) {
  return fileRows(db)
    .where("f.workspace_id", "=", workspaceId)
    .where("f.scope", "=", "workspace")
    .where("f.status", "in", [...STORED_FILE_STATUSES])
    .orderBy("f.created_at", "asc")
    .execute();
}

/** A workspace's files imported from elsewhere (with a `source`): id, name and the source as JSON text. */
export function listSourcedWorkspaceFiles(db: Executor, workspaceId: string) {
  return db
    .selectFrom("files")
    .select(["id", "filename", "source"])
    .where("workspace_id", "=", workspaceId)
    .where("scope", "=", "workspace")
    .where("source", "is not", null)
    .execute();
}

/** A file's confirmed versions (with a checksum; its own or ones it shows), oldest first. */
export function listConfirmedVersions(db: Executor, fileId: string) {
  return db
    .selectFrom("file_versions as v")
    .innerJoin("files as f", (j) => j.on("f.id", "=", fileId))
    .select(["v.id", "v.byte_size", "v.checksum", "v.created_at"])
    .where(showsVersion)
    .where("v.checksum", "is not", null)
    .orderBy("v.created_at", "asc")
    .execute();
}

/**
 * The versions a file shows: its own, and those file_version_refs lends it (a snapshot's copy
 * shows its source's versions). For joins of `files as f` to `file_versions as v`.
 */
export function showsVersion(eb: ExpressionBuilder<Database & { f: FileTable; v: FileVersionTable }, "f" | "v">) {
  return eb.or([
    eb("v.file_id", "=", eb.ref("f.id")),
    eb.exists(
      eb
        .selectFrom("file_version_refs as r")
        .select("r.version_id")
        .whereRef("r.file_id", "=", "f.id")
        .whereRef("r.version_id", "=", "v.id"),
    ),
  ]);
}

/** One version of a workspace file (its own or one it shows), with the file's name and status. */
export function findWorkspaceFileVersion(db: Executor, o: { workspaceId: string; fileId: string; versionId: string }) {
  return db
    .selectFrom("file_versions as v")
    .innerJoin("files as f", (j) => j.on("f.id", "=", o.fileId))
    .select(["v.id", "v.blob_key", "v.content_type", "v.checksum", "f.id as file_id", "f.filename", "f.status"])
    .where("v.id", "=", o.versionId)
    .where(showsVersion)
    .where("f.workspace_id", "=", o.workspaceId)
    .where("f.scope", "=", "workspace")
    .executeTakeFirst();
}

/** A workspace file's name and current version, without joining the version. */
export function findWorkspaceFileHead(db: Executor, o: { workspaceId: string; fileId: string }) {
  return db
    .selectFrom("files")
    .select(["id", "filename", "current_version_id"])
    .where("id", "=", o.fileId)
    .where("workspace_id", "=", o.workspaceId)
    .where("scope", "=", "workspace")
    .executeTakeFirst();
}

/** A workspace's finished files (uploaded or indexed) with their current version's bytes, by name; optionally only some. */
export function listCurrentWorkspaceFiles(db: Executor, o: { workspaceId: string; fileIds?: string[] }) {
  let q = db
    .selectFrom("files as f")
    .innerJoin("file_versions as v", "v.id", "f.current_version_id")
    .select(["f.id", "f.filename", "v.blob_key", "v.byte_size"])
    .where("f.workspace_id", "=", o.workspaceId)
    .where("f.scope", "=", "workspace")
    .where("f.status", "in", ["uploaded", "indexed"])
    .orderBy("f.filename")
    .orderBy("f.id");
  if (o.fileIds) q = q.where("f.id", "in", o.fileIds);
  return q.execute();
}

/** The status of the file whose version stores its bytes under `blobKey`. */
export async function fileStatusByBlobKey(db: Executor, blobKey: string) {
  const row = await db
    .selectFrom("file_versions as v")
    .innerJoin("files as f", "f.id", "v.file_id")
    .select("f.status")
    .where("v.blob_key", "=", blobKey)
    .executeTakeFirst();
  return row?.status;
}

/** Reservations (status uploading) made before `cutoff`, with the blob key of any version. */
export function listUploadsCreatedBefore(db: Executor, cutoff: string) {
  return db
    .selectFrom("files as f")
    .leftJoin("file_versions as v", "v.file_id", "f.id")
    .select(["f.id", "v.blob_key"])
    .where("f.status", "=", "uploading")
    .where("f.created_at", "<", cutoff)
    .execute();
}

export async function insertFile(db: Executor, row: Insertable<FileTable>): Promise<void> {
  await db.insertInto("files").values(row).execute();
}

export async function insertVersion(db: Executor, row: Insertable<FileVersionTable>): Promise<void> {
  await db.insertInto("file_versions").values(row).execute();
}

export async function updateFile(db: Executor, fileId: string, changes: Updateable<FileTable>): Promise<void> {
  await db.updateTable("files").set(changes).where("id", "=", fileId).execute();
}

export async function setVersionChecksum(db: Executor, versionId: string, checksum: string): Promise<void> {
  await db.updateTable("file_versions").set({ checksum }).where("id", "=", versionId).execute();
}

/** Deletes a file; its versions go with it (foreign key cascade). */
export async function deleteFileRow(db: Executor, fileId: string): Promise<void> {
  await db.deleteFrom("files").where("id", "=", fileId).execute();
}

/**
 * Marks a failed file uploaded again, clearing its error, only if it is still failed with this
 * current version: of two racing callers one gets true.
 */
export async function resetFailedFile(
  db: Executor,
  o: { fileId: string; versionId: string; at: string },
): Promise<boolean> {
  const res = await db
    .updateTable("files")
    .set({ status: "uploaded", error: null, updated_at: o.at })
    .where("id", "=", o.fileId)
    .where("status", "=", "failed")
    .where("current_version_id", "=", o.versionId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Which of these files exist. */
export async function listExistingFileIds(db: Executor, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  return (await db.selectFrom("files").select("id").where("id", "in", ids).execute()).map((r) => r.id);
}

/** Inserts a file unless one with its id exists; true when this call inserted it. */
export async function insertFileIfAbsent(db: Executor, row: Insertable<FileTable>): Promise<boolean> {
  const res = await db
    .insertInto("files")
    .values(row)
    .onConflict((oc) => oc.column("id").doNothing())
    .returning("id")
    .execute();
  return res.length > 0;
}

/** A file with its current version's blob key (none when it has no current version). */
export function findFileWithCurrentBlob(db: Executor, fileId: string) {
  return db
    .selectFrom("files as f")
    .innerJoin("file_versions as v", "v.id", "f.current_version_id")
    .select([
      "f.id",
      "f.workspace_id",
      "f.owner_id",
      "f.filename",
      "f.archive_depth",
      "f.current_version_id",
      "v.blob_key",
    ])
    .where("f.id", "=", fileId)
    .executeTakeFirst();
}

/**
 * Sets a file's status and error only while `versionId` is still its current version; snapshot
 * copies showing that version as theirs follow (one published while it was being indexed).
 */
export async function setCurrentVersionStatus(
  db: Executor,
  o: {
    fileId: string;
    versionId: string;
    status: "uploaded" | "indexing" | "indexed" | "failed";
    error: string | null;
    at: string;
  },
): Promise<void> {
  await db
    .updateTable("files")
    .set({ status: o.status, error: o.error, updated_at: o.at })
    .where("current_version_id", "=", o.versionId)
    .where((eb) =>
      eb.or([
        eb("id", "=", o.fileId),
        eb.exists(
          eb
            .selectFrom("file_version_refs as r")
            .select("r.file_id")
            .whereRef("r.file_id", "=", "files.id")
            .where("r.version_id", "=", o.versionId),
        ),
      ]),
    )
    .execute();
}

/**
 * A workspace's files with their state, for its indexing progress: reservations made before
 * `staleBefore` left out; `finishedOnly` keeps what viewers see (no uploads, no failures).
 */
export function listFileStates(db: Executor, o: { workspaceId: string; staleBefore: string; finishedOnly: boolean }) {
  return db
    .selectFrom("files")
    .select(["id", "filename", "status", "error"])
    .where("workspace_id", "=", o.workspaceId)
    .where("scope", "=", "workspace")
    .where((eb) => eb.or([eb("status", "!=", "uploading"), eb("created_at", ">=", o.staleBefore)]))
    .$if(o.finishedOnly, (q) => q.where("status", "in", ["uploaded", "indexing", "indexed"]))
    .execute();
}

/** The status of some of a workspace's files (an import waiting for their indexing). */
export function listFileStatuses(db: Executor, o: { workspaceId: string; fileIds: string[] }) {
  if (o.fileIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("files")
    .select(["id", "status"])
    .where("workspace_id", "=", o.workspaceId)
    .where("scope", "=", "workspace")
    .where("id", "in", o.fileIds)
    .execute();
}

/** A workspace's files a question may cover (not uploads in progress), by name; optionally only some. */
export function listQuestionFiles(db: Executor, o: { workspaceId: string; fileIds?: string[]; limit: number }) {
  let q = db
    .selectFrom("files")
    .select(["id", "filename"])
    .where("workspace_id", "=", o.workspaceId)
    .where("scope", "=", "workspace")
    .where("status", "!=", "uploading");
  if (o.fileIds) q = q.where("id", "in", o.fileIds);
  return q.orderBy("filename").limit(o.limit).execute();
}

/** A user's workspace and account files (not uploads in progress) whose name holds any of the words, at most 1,000. */
export function listOwnedFilesNamedLike(db: Executor, o: { ownerId: string; words: string[] }) {
  return db
    .selectFrom("files")
    .select(["id", "filename", "scope", "workspace_id"])
    .where("owner_id", "=", o.ownerId)
    .where("scope", "in", ["workspace", "account"])
    .where("status", "!=", "uploading")
    .where((eb) => eb.or(o.words.map((w) => eb("filename", "like", `%${w.replace(/[%_\\]/g, "\\$&")}%`))))
    .limit(1000)
    .execute();
}

/** How many files a workspace has and the latest `updated_at` among them: changes when any file does. */
export async function workspaceFilesStamp(
  db: Executor,
  workspaceId: string,
): Promise<{ count: number; updatedAt: string }> {
  const row = await db
    .selectFrom("files")
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.max("updated_at").as("at")])
    .where("workspace_id", "=", workspaceId)
    .executeTakeFirst();
  return { count: Number(row?.n ?? 0), updatedAt: String(row?.at ?? "") };
}

/** Renames a thread's file; false when the thread has no such file. */
export async function renameThreadFileRow(
  db: Executor,
  o: { workspaceId: string; threadId: string; fileId: string; filename: string; at: string },
): Promise<boolean> {
  const res = await db
    .updateTable("files")
    .set({ filename: o.filename, updated_at: o.at })
    .where("id", "=", o.fileId)
    .where("scope", "=", "thread")
    .where("thread_id", "=", o.threadId)
    .where("workspace_id", "=", o.workspaceId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
