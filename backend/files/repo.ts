import type { Executor } from "../platform/db/index.ts";
import type { FileScope } from "../platform/db/schema.ts";
import { STORED_FILE_STATUSES } from "../platform/db/schema.ts";

/** A file joined with its current (or pending) version. */
export function fileRows(db: Executor) {
  return db
    .selectFrom("files as f")
    .leftJoin("file_versions as v", (j) =>
      j.on((eb) =>
        eb.or([
          eb("v.id", "=", eb.ref("f.current_version_id")),
          eb.and([eb("f.current_version_id", "is", null), eb("v.file_id", "=", eb.ref("f.id"))]),
        ]),
      ),
    )
    .selectAll("f")
    .select(["v.id as version_id", "v.blob_key", "v.byte_size", "v.content_type", "v.checksum"]);
}

export type FileRow = NonNullable<Awaited<ReturnType<ReturnType<typeof fileRows>["executeTakeFirst"]>>>;

export function findFile(db: Executor, o: { id: string; scope: FileScope; workspaceId?: string; ownerId?: string }) {
  let q = fileRows(db).where("f.id", "=", o.id).where("f.scope", "=", o.scope);
  if (o.workspaceId) q = q.where("f.workspace_id", "=", o.workspaceId);
  if (o.ownerId) q = q.where("f.owner_id", "=", o.ownerId);
  return q.executeTakeFirst();
}

/** Blob keys of every version of the given files, so their bytes can be removed too. */
export async function blobKeysOf(db: Executor, where: { workspaceId?: string; fileId?: string }) {
  let q = db.selectFrom("file_versions as v").innerJoin("files as f", "f.id", "v.file_id").select("v.blob_key");
  if (where.workspaceId) q = q.where("f.workspace_id", "=", where.workspaceId);
  if (where.fileId) q = q.where("f.id", "=", where.fileId);
  return (await q.execute()).map((r) => r.blob_key);
}

/** Bytes a user's finished files take, plus recent reservations that may still finish. */
export async function usedBytes(db: Executor, userId: string, o: { includePendingSince?: string } = {}) {
  const q = db
    .selectFrom("file_versions as v")
    .innerJoin("files as f", "f.id", "v.file_id")
    .select((eb) => eb.fn.sum<string | number>("v.byte_size").as("total"))
    .where("f.owner_id", "=", userId)
    .where((eb) =>
      o.includePendingSince
        ? eb.or([eb("f.status", "in", [...STORED_FILE_STATUSES]), eb.and([eb("f.status", "=", "uploading"), eb("f.created_at", ">=", o.includePendingSince)])])
        : eb("f.status", "in", [...STORED_FILE_STATUSES]),
    );
  const row = await q.executeTakeFirst();
  return Number(row?.total ?? 0);
}
