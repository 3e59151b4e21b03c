import crypto from "node:crypto";
import { Readable } from "node:stream";
import { AppError } from "../../contracts/errors.ts";
import {
  DEFAULT_EDITED_FILENAME,
  THREAD_FILE_MESSAGES,
  type SavedThreadFileVersion,
} from "../../contracts/thread-files.ts";
import { requireFullAccess } from "../auth/access.ts";
import type { Deps } from "../deps.ts";
import { findFile, insertFile, insertVersion, updateFile } from "../files/repo.ts";
import { storeCounted } from "../files/upload.ts";
import { blobKey } from "../platform/blobs/blob-store.ts";
import type { Actor } from "../platform/http/context.ts";
import { now } from "../platform/clock.ts";
import { touchThread } from "../threads/repo.ts";
import { loadThread } from "../threads/service.ts";
import { presentSaved } from "./present.ts";
import { findVersion, lastVersionNumber } from "./repo.ts";
import { contentTypeFor } from "./kinds.ts";

export interface SaveThreadFileVersion {
  actor: Actor;
  workspaceId: string;
  threadId: string;
  body: Readable | Uint8Array;
  /** A new file's name (default workbook.xlsx); for a new version, a new name for the file. */
  filename?: string;
  contentType?: string;
  /** The thread file version that was edited: the bytes become that file's next version. */
  versionId?: string;
  /** The workspace file that was edited: the bytes become a new thread file that remembers it. */
  originalFileId?: string;
  /** The answer writing it (the agent); null for the user's own edits. */
  messageId?: string | null;
}

/**
 * Saves bytes as a thread file version: the next version of the file `versionId` belongs to, or
 * the first version of a new thread file. Used by edit_file and by the agent's write_workbook.
 * The owner's quota is checked as for any upload; the bytes are never queued for indexing.
 */
export async function saveThreadFileVersion(deps: Deps, o: SaveThreadFileVersion): Promise<SavedThreadFileVersion> {
  if (o.versionId && o.originalFileId)
    throw new AppError("thread-files/version-and-original", THREAD_FILE_MESSAGES.versionAndOriginal);
  requireFullAccess(o.actor);
  await loadThread(deps, o.actor, o.workspaceId, o.threadId, "write");
  const db = deps.db.kysely;
  const base = o.versionId
    ? await findVersion(db, { workspaceId: o.workspaceId, threadId: o.threadId, versionId: o.versionId })
    : undefined;
  if (o.versionId && !base) throw new AppError("not_found", "Thread file version not found.");
  if (
    o.originalFileId &&
    !(await findFile(db, { id: o.originalFileId, scope: "workspace", workspaceId: o.workspaceId }))
  ) {
    throw new AppError("not_found", "The original workspace file was not found.");
  }
  const filename = o.filename?.trim() || base?.filename || DEFAULT_EDITED_FILENAME;
  const contentType =
    o.contentType && o.contentType !== "application/octet-stream"
      ? o.contentType
      : contentTypeFor(filename, o.contentType);

  const versionId = crypto.randomUUID();
  const key = blobKey("files", versionId);
  const body =
    o.body instanceof Readable
      ? o.body
      : Readable.from([Buffer.from(o.body.buffer, o.body.byteOffset, o.body.byteLength)]);
  const { byteSize, checksum } = await storeCounted(deps, {
    actor: o.actor,
    key,
    body,
    contentType,
    maxBytes: deps.config.MAX_UPLOAD_BYTES,
  });

  const t = now();
  const fileId = base?.file_id ?? crypto.randomUUID();
  try {
    await db.transaction().execute(async (tx) => {
      if (!base) {
        await insertFile(tx, {
          id: fileId,
          scope: "thread",
          workspace_id: o.workspaceId,
          thread_id: o.threadId,
          owner_id: o.actor.user.id,
          filename,
          original_file_id: o.originalFileId ?? null,
          current_version_id: null,
          status: "uploaded",
          error: null,
          created_at: t,
          updated_at: t,
        });
      }
      // Touching the file first locks its row (PostgreSQL), so racing saves number their versions in turn.
      await updateFile(tx, fileId, { updated_at: t });
      const last = await lastVersionNumber(tx, fileId);
      await insertVersion(tx, {
        id: versionId,
        file_id: fileId,
        blob_key: key,
        byte_size: byteSize,
        content_type: contentType,
        checksum,
        created_by: o.actor.user.id,
        created_at: t,
        message_id: o.messageId ?? null,
        number: last + 1,
      });
      await updateFile(tx, fileId, { current_version_id: versionId, filename, updated_at: t });
      await touchThread(tx, o.threadId, t);
    });
  } catch (err) {
    await deps.blobs.delete(key).catch(() => undefined);
    throw err;
  }
  return presentSaved((await findVersion(db, { workspaceId: o.workspaceId, threadId: o.threadId, versionId }))!);
}
