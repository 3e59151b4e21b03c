import { AppError } from "../../contracts/errors.ts";
import { requireFullAccess } from "../auth/access.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../platform/http/context.ts";
import { loadWorkspace } from "../workspaces/service.ts";
import { downloadFromDrive } from "./gdrive.ts";
import { filenameFrom, safeGet } from "./safe-fetch.ts";
import { DEFAULT_CONTENT_TYPE } from "./supported.ts";
import { storeStream } from "./upload.ts";

/**
 * Imports a file from a public http(s) URL into a workspace (its owner, with full access). The
 * fetch refuses private addresses unless URL_IMPORT_ALLOW_PRIVATE (see safe-fetch.ts); the name is
 * the one given, else the server's (Content-Disposition) or the URL's.
 */
export async function importFromUrl(
  deps: Deps,
  o: { actor: Actor; workspaceId: string; url: string; filename?: string },
) {
  requireFullAccess(o.actor);
  await loadWorkspace(deps, o.actor, o.workspaceId, "write");
  const res = await safeGet(o.url, {
    allowPrivate: deps.config.URL_IMPORT_ALLOW_PRIVATE,
    timeoutMs: deps.config.URL_IMPORT_TIMEOUT_MS,
  });
  const declared = Number(res.headers["content-length"] ?? NaN);
  if (declared > deps.config.MAX_UPLOAD_BYTES) {
    res.body.destroy();
    throw new AppError("payload_too_large", "The file at that URL is larger than the upload limit.");
  }
  return storeStream(deps, {
    actor: o.actor,
    scope: "workspace",
    workspaceId: o.workspaceId,
    filename: o.filename || filenameFrom(res.headers, res.finalUrl),
    contentType: (res.headers["content-type"] ?? DEFAULT_CONTENT_TYPE).split(";")[0]!.trim() || DEFAULT_CONTENT_TYPE,
    body: res.body,
    maxBytes: deps.config.MAX_UPLOAD_BYTES,
    expectedBytes: Number.isFinite(declared) ? declared : 0,
  });
}

/** Imports a file from Google Drive into a workspace with the user's own OAuth access token. */
export async function importFromDrive(
  deps: Deps,
  o: { actor: Actor; workspaceId: string; fileId: string; accessToken: string },
) {
  requireFullAccess(o.actor);
  await loadWorkspace(deps, o.actor, o.workspaceId, "write");
  const drive = await downloadFromDrive({
    apiUrl: deps.config.GOOGLE_DRIVE_API_URL,
    fileId: o.fileId,
    accessToken: o.accessToken,
    timeoutMs: deps.config.URL_IMPORT_TIMEOUT_MS,
  });
  return storeStream(deps, {
    actor: o.actor,
    scope: "workspace",
    workspaceId: o.workspaceId,
    filename: drive.filename,
    contentType: drive.contentType,
    body: drive.body,
    maxBytes: deps.config.MAX_UPLOAD_BYTES,
  });
}
