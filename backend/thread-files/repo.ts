import { showsVersion } from "../files/repo.ts";
import type { Executor } from "../platform/db/index.ts";

/** A version of a thread file with its file's fields, as the services read it. */
export function versionRows(db: Executor, o: { workspaceId: string; threadId: string }) {
  return (
    db
      .selectFrom("files as f")
      // Its own versions and those it shows (a snapshot's copy shows its source's).
      .innerJoin("file_versions as v", (j) => j.on(showsVersion))
      .leftJoin("file_version_refs as r", (j) => j.onRef("r.file_id", "=", "f.id").onRef("r.version_id", "=", "v.id"))
      .select((eb) => [
        // A version the file shows (a snapshot's copy) was written by the copy of its answer.
        eb
          .case()
          .when("v.file_id", "=", eb.ref("f.id"))
          .then(eb.ref("v.message_id"))
          .else(eb.ref("r.message_id"))
          .end()
          .as("message_id"),
        "v.id as version_id",
        "f.id as file_id",
        "v.blob_key",
        "v.byte_size",
        "v.content_type",
        "v.checksum",
        "v.number",
        "v.created_at",
        "f.filename",
        "f.thread_id",
        "f.workspace_id",
        "f.current_version_id",
        "f.original_file_id",
        "f.created_at as file_created_at",
        "f.updated_at as file_updated_at",
      ])
      .where("f.scope", "=", "thread")
      .where("f.thread_id", "=", o.threadId)
      .where("f.workspace_id", "=", o.workspaceId)
      .where("v.checksum", "is not", null)
  );
}
export type VersionRow = NonNullable<Awaited<ReturnType<ReturnType<typeof versionRows>["executeTakeFirst"]>>>;

export function findVersion(db: Executor, o: { workspaceId: string; threadId: string; versionId: string }) {
  return versionRows(db, o).where("v.id", "=", o.versionId).executeTakeFirst();
}

/** The file's current version. */
export function findLatestVersion(db: Executor, o: { workspaceId: string; threadId: string; fileId: string }) {
  return versionRows(db, o)
    .where("f.id", "=", o.fileId)
    .whereRef("v.id", "=", "f.current_version_id")
    .executeTakeFirst();
}

/** Every version of the thread's files (or of one), newest first within each file. */
export function listVersions(db: Executor, o: { workspaceId: string; threadId: string; fileId?: string }) {
  let q = versionRows(db, o);
  if (o.fileId) q = q.where("f.id", "=", o.fileId);
  return q.orderBy("f.created_at", "asc").orderBy("f.id", "asc").orderBy("v.number", "desc").execute();
}

/** The highest version number a file has (0 when it has none). */
export async function lastVersionNumber(db: Executor, fileId: string): Promise<number> {
  const last = await db
    .selectFrom("file_versions")
    .select((eb) => eb.fn.max("number").as("n"))
    .where("file_id", "=", fileId)
    .executeTakeFirst();
  return Number(last?.n ?? 0);
}
