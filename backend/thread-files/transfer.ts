import crypto from "node:crypto";
import { AppError } from "../../contracts/errors.ts";
import type { FileInfo } from "../../contracts/files.ts";
import { THREAD_FILE_MESSAGES } from "../../contracts/thread-files.ts";
import { requireFullAccess } from "../auth/access.ts";
import type { Deps } from "../deps.ts";
import { presentFile } from "../files/present.ts";
import { findFile, insertVersion, updateFile } from "../files/repo.ts";
import { SUPPORTED_EXTENSIONS, isSupported } from "../files/supported.ts";
import { storeCounted, storeStream } from "../files/upload.ts";
import { blobKey } from "../platform/blobs/blob-store.ts";
import type { Actor } from "../platform/http/context.ts";
import { enqueueIngest } from "../ingestion/jobs.ts";
import { now } from "../platform/clock.ts";
import { touchWorkspace } from "../workspaces/repo.ts";
import { loadVersion, type ThreadTarget } from "./service.ts";

/**
 * Copies a thread file version into the workspace, where it is queued for indexing like an upload:
 * as the next version of the workspace file `fileId`, or as a new workspace file named `filename`.
 * Exactly one of the two; the owner's quota is checked for the copied bytes.
 */
export async function transferThreadFile(
  deps: Deps,
  o: ThreadTarget & { actor: Actor; versionId: string; fileId?: string; filename?: string },
): Promise<FileInfo> {
  if (Boolean(o.fileId) === Boolean(o.filename))
    throw new AppError("thread-files/transfer-target", THREAD_FILE_MESSAGES.transferTarget);
  requireFullAccess(o.actor);
  const v = await loadVersion(deps, { ...o, ability: "write" });
  if (o.filename) {
    if (!isSupported(o.filename)) {
      throw new AppError(
        "unprocessable",
        `Files of this type can't be added to a workspace. Supported: ${SUPPORTED_EXTENSIONS.join(", ")}.`,
      );
    }
    const stored = await storeStream(deps, {
      actor: o.actor,
      scope: "workspace",
      workspaceId: o.workspaceId,
      filename: o.filename,
      contentType: v.content_type,
      body: await deps.blobs.get(v.blob_key),
      maxBytes: Number(v.byte_size),
    });
    return presentFile(stored);
  }
  const target = await findFile(deps.db.kysely, { id: o.fileId!, scope: "workspace", workspaceId: o.workspaceId });
  if (!target) throw new AppError("not_found", "File not found.");
  if (target.status === "uploading") throw new AppError("conflict", "This file has not finished uploading.");

  const versionId = crypto.randomUUID();
  const key = blobKey("files", versionId);
  const { byteSize, checksum } = await storeCounted(deps, {
    actor: o.actor,
    key,
    body: await deps.blobs.get(v.blob_key),
    contentType: v.content_type,
    maxBytes: Number(v.byte_size),
  });
  const t = now();
  await deps.db.kysely.transaction().execute(async (tx) => {
    await insertVersion(tx, {
      id: versionId,
      file_id: target.id,
      blob_key: key,
      byte_size: byteSize,
      content_type: v.content_type,
      checksum,
      created_by: o.actor.user.id,
      created_at: t,
    });
    await updateFile(tx, target.id, { current_version_id: versionId, status: "uploaded", error: null, updated_at: t });
    await enqueueIngest(tx, { fileId: target.id, versionId });
    await touchWorkspace(tx, o.workspaceId, t);
  });
  return presentFile((await findFile(deps.db.kysely, { id: target.id, scope: "workspace" }))!);
}
