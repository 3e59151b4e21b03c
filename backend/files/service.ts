import { AppError } from "../../contracts/errors.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../platform/http/context.ts";
import { enqueueIngest } from "../ingestion/jobs.ts";
import { page } from "../platform/paging.ts";
import { now } from "../platform/clock.ts";
import { loadWorkspace } from "../workspaces/service.ts";
import { presentFile } from "./present.ts";
import { removeFiles } from "./removal.ts";
import {
  deleteFileRow,
  findFile,
  listConfirmedVersions,
  listWorkspaceFileRows,
  resetFailedFile,
  updateFile,
  type FileRow,
} from "./repo.ts";
import { DEFAULT_CONTENT_TYPE } from "./supported.ts";

export const DOWNLOAD_URL_TTL_SECONDS = 15 * 60;

async function loadFile(
  deps: Deps,
  actor: Actor | null,
  workspaceId: string,
  fileId: string,
  ability: "read" | "write",
) {
  await loadWorkspace(deps, actor, workspaceId, ability);
  const f = await findFile(deps.db.kysely, { id: fileId, scope: "workspace", workspaceId });
  if (!f) throw new AppError("not_found", "File not found.");
  return f;
}

export async function listFiles(
  deps: Deps,
  o: { actor: Actor | null; workspaceId: string; limit: number; cursor?: string },
) {
  const ws = await loadWorkspace(deps, o.actor, o.workspaceId);
  // Viewers see finished files only; the owner also sees uploads in progress and failures.
  const finishedOnly = ws.owner_id !== o.actor?.user.id;
  const rows = await listWorkspaceFileRows(deps.db.kysely, {
    workspaceId: o.workspaceId,
    finishedOnly,
    limit: o.limit,
    cursor: o.cursor,
  });
  const p = page(rows, o.limit, (r) => [r.created_at, r.id]);
  return { files: p.items.map(presentFile), next_cursor: p.next_cursor };
}

export async function getFileMetadata(deps: Deps, o: { actor: Actor | null; workspaceId: string; fileId: string }) {
  const f = await loadFile(deps, o.actor, o.workspaceId, o.fileId, "read");
  const versions = await listConfirmedVersions(deps.db.kysely, f.id);
  return {
    ...presentFile(f),
    versions: versions.map((v) => ({
      version_id: v.id,
      byte_size: Number(v.byte_size),
      checksum: v.checksum,
      created_at: v.created_at,
    })),
  };
}

export async function createDownloadUrl(
  deps: Deps,
  o: { actor: Actor | null; workspaceId: string; fileId: string; filename?: string },
) {
  const f = await loadFile(deps, o.actor, o.workspaceId, o.fileId, "read");
  if (f.status === "uploading" || !f.blob_key) throw new AppError("conflict", "This file has not finished uploading.");
  const url = await deps.blobs.createDownloadUrl({
    key: f.blob_key,
    filename: o.filename ?? f.filename,
    contentType: f.content_type ?? DEFAULT_CONTENT_TYPE,
    expiresInSeconds: DOWNLOAD_URL_TTL_SECONDS,
  });
  return { download_url: url };
}

export async function renameFile(
  deps: Deps,
  o: { actor: Actor; workspaceId: string; fileId: string; filename: string },
) {
  await loadFile(deps, o.actor, o.workspaceId, o.fileId, "write");
  await updateFile(deps.db.kysely, o.fileId, { filename: o.filename, updated_at: now() });
  return presentFile((await findFile(deps.db.kysely, { id: o.fileId, scope: "workspace" }))!);
}

/**
 * Deletes the rows, then the bytes nothing else names; a file a snapshot still shows is kept
 * (retained, out of the workspace) until the snapshot goes (removal.ts).
 */
export async function deleteFile(deps: Deps, o: { actor: Actor; workspaceId: string; fileId: string }) {
  await loadFile(deps, o.actor, o.workspaceId, o.fileId, "write");
  await removeFiles(deps, { fileId: o.fileId }, (tx) => deleteFileRow(tx, o.fileId));
}

/** Without a language model: separators to spaces, words capitalised, the extension kept. */
export function readableFilename(filename: string): string {
  const dot = filename.lastIndexOf(".");
  const stem = dot > 0 ? filename.slice(0, dot) : filename;
  const ext = dot > 0 ? filename.slice(dot).toLowerCase() : "";
  const words = stem
    .replace(/[_\-+]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .split(" ");
  const nice = words.map((w) => (w === w.toLowerCase() ? w.charAt(0).toUpperCase() + w.slice(1) : w)).join(" ");
  return `${nice || "File"}${ext}`;
}

export async function autoRenameFile(deps: Deps, o: { actor: Actor; workspaceId: string; fileId: string }) {
  const f = await loadFile(deps, o.actor, o.workspaceId, o.fileId, "write");
  return renameFile(deps, { ...o, filename: readableFilename(f.filename) });
}

const STATE_TEXT: Record<FileRow["status"], string> = {
  uploading: "still uploading",
  uploaded: "already queued for indexing",
  indexing: "being indexed",
  indexed: "already indexed",
  failed: "failed",
};

/**
 * Queues a failed file's current version for indexing again, clearing the old reason. The status
 * changes only if it is still `failed` when the write runs, so two racing retries queue one job.
 */
export async function retryIndexing(deps: Deps, o: { actor: Actor; workspaceId: string; fileId: string }) {
  const f = await loadFile(deps, o.actor, o.workspaceId, o.fileId, "write");
  const notFailed = () =>
    new AppError(
      "files/not-failed",
      `Only a file whose indexing failed can be retried; "${f.filename}" is ${STATE_TEXT[f.status]}.`,
    );
  if (f.status !== "failed" || !f.current_version_id) throw notFailed();
  const versionId = f.current_version_id;
  const retried = await deps.db.kysely.transaction().execute(async (tx) => {
    if (!(await resetFailedFile(tx, { fileId: f.id, versionId, at: now() }))) return false;
    await enqueueIngest(tx, { fileId: f.id, versionId });
    return true;
  });
  if (!retried) throw notFailed();
  return presentFile((await findFile(deps.db.kysely, { id: f.id, scope: "workspace" }))!);
}
