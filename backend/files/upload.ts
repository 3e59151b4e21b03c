import crypto from "node:crypto";
import { pipeline, type Readable } from "node:stream";
import { AppError } from "../../contracts/errors.ts";
import type { FileSource } from "../../contracts/files.ts";
import { requireFullAccess } from "../auth/access.ts";
import type { Deps } from "../deps.ts";
import { BlobExistsError, BlobTooLargeError, blobKey } from "../platform/blobs/blob-store.ts";
import type { Actor } from "../platform/http/context.ts";
import type { FileScope } from "../platform/db/schema.ts";
import { enqueueIngest } from "../ingestion/jobs.ts";
import { now } from "../platform/clock.ts";
import { touchWorkspace } from "../workspaces/repo.ts";
import { loadWorkspace } from "../workspaces/service.ts";
import { presentFile } from "./present.ts";
import { assertQuota, assertRoomBeforeStoring, UPLOAD_URL_TTL_SECONDS } from "./quota.ts";
import {
  deleteFileRow,
  fileStatusByBlobKey,
  findFile,
  insertFile,
  insertVersion,
  listUploadsCreatedBefore,
  setVersionChecksum,
  updateFile,
} from "./repo.ts";
import { DEFAULT_CONTENT_TYPE, SUPPORTED_EXTENSIONS, isSupported } from "./supported.ts";
import { digestStream, hashingCounter } from "./hash.ts";

/** Step 1 of the presigned flow: reserve a file and a version, and sign a PUT for exactly these bytes. */
export async function generateUploadUrl(
  deps: Deps,
  o: { actor: Actor; workspaceId: string; byteSize: number; contentType?: string },
) {
  requireFullAccess(o.actor);
  await loadWorkspace(deps, o.actor, o.workspaceId, "write");
  await assertQuota(deps, { userId: o.actor.user.id, addBytes: o.byteSize, when: "reserve" });
  const contentType = o.contentType || DEFAULT_CONTENT_TYPE;
  const fileId = crypto.randomUUID();
  const versionId = crypto.randomUUID();
  const key = blobKey("files", versionId);
  const t = now();
  await deps.db.kysely.transaction().execute(async (tx) => {
    await insertFile(tx, {
      id: fileId,
      scope: "workspace",
      workspace_id: o.workspaceId,
      owner_id: o.actor.user.id,
      filename: "upload",
      current_version_id: null,
      status: "uploading",
      error: null,
      created_at: t,
      updated_at: t,
    });
    await insertVersion(tx, {
      id: versionId,
      file_id: fileId,
      blob_key: key,
      byte_size: o.byteSize,
      content_type: contentType,
      checksum: null,
      created_by: o.actor.user.id,
      created_at: t,
    });
  });
  const uploadUrl = await deps.blobs.createUploadUrl({
    key,
    maxBytes: o.byteSize,
    contentType,
    expiresInSeconds: UPLOAD_URL_TTL_SECONDS,
  });
  return {
    upload_url: uploadUrl,
    file_id: fileId,
    expires_at: new Date(Date.now() + UPLOAD_URL_TTL_SECONDS * 1000).toISOString(),
  };
}

/** Removes a reserved file and its bytes: a refused upload leaves nothing behind. */
async function discard(deps: Deps, fileId: string, key: string | null) {
  if (key) await deps.blobs.delete(key).catch((err) => deps.log.warn(`[files] could not delete blob ${key}:`, err));
  await deleteFileRow(deps.db.kysely, fileId);
}

/** Step 3: the server recomputes size and SHA-256 from the stored bytes before keeping anything. */
export async function finalizeUpload(
  deps: Deps,
  o: { actor: Actor; workspaceId: string; fileId: string; filename: string; byteSize: number; checksum: string },
) {
  await loadWorkspace(deps, o.actor, o.workspaceId, "write");
  const f = await findFile(deps.db.kysely, { id: o.fileId, scope: "workspace", workspaceId: o.workspaceId });
  if (!f) throw new AppError("not_found", "File not found.");
  if (f.status !== "uploading" || !f.version_id || !f.blob_key)
    throw new AppError("conflict", "This upload is already finalized.");
  const key = f.blob_key;
  const refuse = async (message: string) => {
    await discard(deps, f.id, key);
    return new AppError("unprocessable", message);
  };
  if (!isSupported(o.filename)) {
    throw await refuse(
      `Files of this type can't be added to a workspace. Supported: ${SUPPORTED_EXTENSIONS.join(", ")}.`,
    );
  }
  // From here on the bytes are the key's own: a late PUT to the upload URL cannot change what
  // is checked below (S3 copies them out of the URL's reach; the disk store's URL writes once).
  if (!(await deps.blobs.commitUpload(key))) {
    throw new AppError(
      "unprocessable",
      "No bytes were uploaded for this file yet. PUT the file to upload_url, then finalize.",
    );
  }
  const stat = await deps.blobs.stat(key);
  if (!stat)
    throw new AppError(
      "unprocessable",
      "No bytes were uploaded for this file yet. PUT the file to upload_url, then finalize.",
    );
  if (stat.byteSize !== o.byteSize || stat.byteSize !== Number(f.byte_size)) {
    throw await refuse(
      `Size mismatch: ${stat.byteSize} bytes arrived but ${o.byteSize} were declared. The upload was discarded; please try again.`,
    );
  }
  const { sha256 } = await digestStream(await deps.blobs.get(key));
  if (sha256 !== o.checksum.toLowerCase()) {
    throw await refuse(
      "Checksum mismatch: the uploaded bytes are not the file you sent (SHA-256 differs). The upload was discarded; please try again.",
    );
  }
  try {
    await assertQuota(deps, { userId: o.actor.user.id, addBytes: stat.byteSize, when: "finalize" });
  } catch (err) {
    await discard(deps, f.id, key);
    throw err;
  }
  const t = now();
  await deps.db.kysely.transaction().execute(async (tx) => {
    await setVersionChecksum(tx, f.version_id!, sha256);
    await updateFile(tx, f.id, {
      status: "uploaded",
      filename: o.filename,
      current_version_id: f.version_id,
      updated_at: t,
    });
    await enqueueIngest(tx, { fileId: f.id, versionId: f.version_id! });
    await touchWorkspace(tx, o.workspaceId, t);
  });
  const done = await findFile(deps.db.kysely, { id: f.id, scope: "workspace" });
  return presentFile(done!);
}

/** Whether the reservation that owns an upload URL's key still takes bytes. */
async function reservationState(deps: Deps, key: string): Promise<"open" | "finalized" | "gone"> {
  const status = await fileStatusByBlobKey(deps.db.kysely, key);
  if (!status) return "gone";
  return status === "uploading" ? "open" : "finalized";
}

const closedUpload = (state: "finalized" | "gone") =>
  state === "finalized"
    ? new AppError(
        "conflict",
        "This file is already uploaded and its bytes can't be replaced. To change it, upload the file again.",
      )
    : new AppError(
        "forbidden",
        "This upload link is no longer valid: its upload was cancelled or has expired. Start the upload again.",
      );

/**
 * Step 2 for our own upload URLs (the disk store): bytes are taken once, and only while the
 * reservation is open, so a URL cannot replace verified bytes or store what no quota counts.
 */
export async function receiveUpload(
  deps: Deps,
  o: { key: string; body: Readable; contentType: string; maxBytes: number },
): Promise<{ byteSize: number }> {
  const before = await reservationState(deps, o.key);
  if (before !== "open") throw closedUpload(before);
  const usedOnce = () =>
    new AppError(
      "conflict",
      "Bytes were already uploaded to this link, which works once. To upload again, start a new upload.",
    );
  if (await deps.blobs.stat(o.key)) throw usedOnce();
  let stored: { byteSize: number };
  try {
    stored = await deps.blobs.put(o.key, o.body, { contentType: o.contentType, maxBytes: o.maxBytes, ifAbsent: true });
  } catch (err) {
    if (err instanceof BlobExistsError) throw usedOnce();
    throw err;
  }
  // Cancelled while the bytes were arriving: nothing would ever delete or count them.
  if ((await reservationState(deps, o.key)) === "gone") {
    await deps.blobs.delete(o.key);
    throw closedUpload("gone");
  }
  return stored;
}

/**
 * Streams bytes into the store under `key` while hashing and counting them, then checks the
 * owner's quota with their real size (the bytes are removed again when it refuses). Every
 * server-side arrival goes through here: uploads, transfers, thread file versions.
 */
export async function storeCounted(
  deps: Deps,
  o: { actor: Actor; key: string; body: Readable; contentType: string; maxBytes: number; expectedBytes?: number },
): Promise<{ byteSize: number; checksum: string }> {
  // Refused before a byte is stored; the body stays the caller's (a multipart part is drained by
  // its reader, a fetched body destroyed by the import).
  // A source failing while we check has no reader yet: this listener keeps its 'error' from being
  // uncaught; pipeline() below finds the stream errored and reports it to the store.
  const meanwhile = () => undefined;
  o.body.on("error", meanwhile);
  try {
    await assertRoomBeforeStoring(deps, { userId: o.actor.user.id, expectedBytes: o.expectedBytes ?? 0 });
  } finally {
    o.body.off("error", meanwhile);
  }
  const counter = hashingCounter();
  // pipeline() forwards a source error to the counter and listens for it: a source that fails
  // before the store starts reading (say, while it creates a folder) must not be an uncaught
  // 'error' that leaves the store waiting forever. The store then sees the failed counter.
  pipeline(o.body, counter, () => undefined);
  let byteSize: number;
  try {
    ({ byteSize } = await deps.blobs.put(o.key, counter, { contentType: o.contentType, maxBytes: o.maxBytes }));
  } catch (err) {
    // The store removed its partial bytes; a size overrun is the sender's fault, not ours.
    if (err instanceof BlobTooLargeError)
      throw new AppError("payload_too_large", "The file is larger than the upload limit.");
    throw err;
  }
  try {
    await assertQuota(deps, { userId: o.actor.user.id, addBytes: byteSize, when: "finalize" });
  } catch (err) {
    await deps.blobs.delete(o.key);
    throw err;
  }
  return { byteSize, checksum: counter.digest() };
}

/**
 * Server-side arrivals (URL import, Drive, multipart, transfers): stream into the store while
 * hashing, then record the file as uploaded in one go.
 */
export async function storeStream(
  deps: Deps,
  o: {
    actor: Actor;
    scope: FileScope;
    workspaceId: string | null;
    filename: string;
    contentType: string;
    body: Readable;
    maxBytes: number;
    /** Where the bytes came from (an SEC filing), kept on the file. */
    source?: FileSource;
    /** The size the source announces (Content-Length), checked against the plan before storing. */
    expectedBytes?: number;
  },
) {
  const fileId = crypto.randomUUID();
  const versionId = crypto.randomUUID();
  const key = blobKey(o.scope === "public" ? "public" : "files", versionId);
  const { byteSize, checksum } = await storeCounted(deps, {
    actor: o.actor,
    key,
    body: o.body,
    contentType: o.contentType,
    maxBytes: o.maxBytes,
    expectedBytes: o.expectedBytes,
  });
  const t = now();
  await deps.db.kysely.transaction().execute(async (tx) => {
    await insertFile(tx, {
      id: fileId,
      scope: o.scope,
      workspace_id: o.workspaceId,
      owner_id: o.actor.user.id,
      filename: o.filename,
      current_version_id: versionId,
      status: "uploaded",
      error: null,
      source: o.source ? JSON.stringify(o.source) : null,
      created_at: t,
      updated_at: t,
    });
    await insertVersion(tx, {
      id: versionId,
      file_id: fileId,
      blob_key: key,
      byte_size: byteSize,
      content_type: o.contentType,
      checksum,
      created_by: o.actor.user.id,
      created_at: t,
    });
    // Workspace files are indexed for search; library and public files are not (yet).
    if (o.scope === "workspace") await enqueueIngest(tx, { fileId, versionId });
  });
  return (await findFile(deps.db.kysely, { id: fileId, scope: o.scope }))!;
}

/** How long after its upload URL expired a reservation is kept before it is swept. */
export const STALE_UPLOAD_GRACE_SECONDS = 10 * 60;

export function staleUploadCutoff(now = Date.now()): string {
  return new Date(now - (UPLOAD_URL_TTL_SECONDS + STALE_UPLOAD_GRACE_SECONDS) * 1000).toISOString();
}

/**
 * Reservations whose upload URL expired without a finalize (a closed tab, a refused PUT): their
 * rows and any bytes that did arrive are removed, and so are partial writes, so they neither count against the quota nor
 * keep a workspace "indexing". Runs on the worker role (server.ts) and is safe to run anywhere.
 */
export async function sweepStaleUploads(deps: Deps, now = Date.now()): Promise<number> {
  const stale = await listUploadsCreatedBefore(deps.db.kysely, staleUploadCutoff(now));
  for (const row of stale) await discard(deps, row.id, row.blob_key);
  // Bytes of writes that never finished (a PUT killed mid-stream): no row points at them. Past
  // the same cutoff no upload URL that could still be writing them is valid.
  const partials = await deps.blobs.sweepPartials(new Date(staleUploadCutoff(now)));
  if (partials) deps.log.info(`[files] removed ${partials} unfinished upload${partials === 1 ? "" : "s"}`);
  return stale.length;
}
