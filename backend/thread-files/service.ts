import { AppError, type ErrorCode } from "../../contracts/errors.ts";
import type { ThreadFile } from "../../contracts/thread-files.ts";
import type { Deps } from "../deps.ts";
import { renameThreadFileRow } from "../files/repo.ts";
import { DOWNLOAD_URL_TTL_SECONDS } from "../files/service.ts";
import type { Actor } from "../platform/http/context.ts";
import { now } from "../platform/clock.ts";
import { loadThread } from "../threads/service.ts";
import { presentFiles, presentSaved } from "./present.ts";
import { findLatestVersion, findVersion, listVersions, type VersionRow } from "./repo.ts";

export interface ThreadTarget {
  actor: Actor | null;
  workspaceId: string;
  threadId: string;
}

/** A blank path segment (`.../files/%20/addon`) is a missing version id: the caller's own message. */
export function requireVersionId(
  versionId: string | undefined,
  message: string,
  code: ErrorCode = "thread-files/missing-version-id",
): string {
  const v = versionId?.trim();
  if (!v) throw new AppError(code, message);
  return v;
}

/**
 * One version of a thread file, after checking the actor may read (or write) the thread; with
 * `latest`, `versionId` names any version of the file and its current version is answered.
 */
export async function loadVersion(
  deps: Deps,
  o: ThreadTarget & { versionId: string; latest?: boolean; ability?: "read" | "write" },
): Promise<VersionRow> {
  await loadThread(deps, o.actor, o.workspaceId, o.threadId, o.ability ?? "read");
  const where = { workspaceId: o.workspaceId, threadId: o.threadId };
  const v = await findVersion(deps.db.kysely, { ...where, versionId: o.versionId });
  if (!v) throw new AppError("not_found", "Thread file version not found.");
  if (!o.latest || v.version_id === v.current_version_id) return v;
  return (await findLatestVersion(deps.db.kysely, { ...where, fileId: v.file_id })) ?? v;
}

export async function listThreadFiles(deps: Deps, o: ThreadTarget): Promise<{ files: ThreadFile[] }> {
  await loadThread(deps, o.actor, o.workspaceId, o.threadId, "read");
  return { files: presentFiles(await listVersions(deps.db.kysely, o)) };
}

export async function getThreadFileVersion(deps: Deps, o: ThreadTarget & { versionId: string; latest: boolean }) {
  const v = await loadVersion(deps, o);
  const url = await deps.blobs.createDownloadUrl({
    key: v.blob_key,
    filename: v.filename,
    contentType: v.content_type,
    expiresInSeconds: DOWNLOAD_URL_TTL_SECONDS,
  });
  return { ...presentSaved(v), download_url: url };
}

export async function renameThreadFile(
  deps: Deps,
  o: ThreadTarget & { actor: Actor; fileId: string; filename: string },
): Promise<ThreadFile> {
  await loadThread(deps, o.actor, o.workspaceId, o.threadId, "write");
  const renamed = await renameThreadFileRow(deps.db.kysely, {
    workspaceId: o.workspaceId,
    threadId: o.threadId,
    fileId: o.fileId,
    filename: o.filename,
    at: now(),
  });
  if (!renamed) throw new AppError("not_found", "Thread file not found.");
  return presentFiles(await listVersions(deps.db.kysely, { ...o, fileId: o.fileId }))[0]!;
}

/** The bytes of a version, read whole (viewers and diffs only take files up to `maxBytes`). */
export async function readVersionBytes(
  deps: Deps,
  v: Pick<VersionRow, "blob_key" | "byte_size" | "filename">,
  maxBytes: number,
): Promise<Buffer> {
  if (Number(v.byte_size) > maxBytes) {
    throw new AppError(
      "thread-files/unreadable",
      `"${v.filename}" is too large to show here (${Number(v.byte_size)} bytes; the limit is ${maxBytes}). Download it instead.`,
    );
  }
  const chunks: Buffer[] = [];
  for await (const chunk of await deps.blobs.get(v.blob_key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
