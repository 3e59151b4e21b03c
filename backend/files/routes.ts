import { Readable } from "node:stream";
import { z } from "zod";
import * as c from "../../contracts/files.ts";
import * as raw from "../../contracts/raw-endpoints.ts";
import { AppError } from "../../contracts/errors.ts";
import { requireFullAccess } from "../auth/access.ts";
import type { Deps } from "../deps.ts";
import type { ApiApp } from "../platform/http/context.ts";
import { validationError } from "../platform/http/errors.ts";
import { readFormFields } from "../platform/http/multipart.ts";
import { rawRoute } from "../platform/http/raw-route.ts";
import { route, type Guard } from "../platform/http/route.ts";
import { loadWorkspace } from "../workspaces/service.ts";
import { downloadFromDrive } from "./gdrive.ts";
import { presentFile } from "./present.ts";
import { filenameFrom, safeGet } from "./safe-fetch.ts";
import * as files from "./service.ts";
import { DEFAULT_CONTENT_TYPE, SUPPORTED_EXTENSIONS } from "./supported.ts";
import { generateUploadUrl, finalizeUpload, storeStream } from "./upload.ts";
import { getPageText, openVersionContent } from "./versions.ts";
import { zipWorkspaceFiles } from "./zip.ts";

const urlForm = z.object({ url: z.string().trim().min(1, "url is required").max(4096), filename: z.string().trim().max(255).optional() });
// Drive file ids are URL-safe base64-like names; an OAuth bearer token is RFC 6750's b64token. Anything else
// could never reach Drive (fetch refuses a header with other characters), so it is the caller's mistake: 400.
const driveForm = z.object({
  file_id: z
    .string()
    .trim()
    .min(1, "file_id is required")
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, "file_id is not a Google Drive file id (letters, digits, - and _ only)"),
  access_token: z
    .string()
    .trim()
    .min(1, "access_token is required")
    .max(4096)
    .regex(/^[A-Za-z0-9\-._~+/]+=*$/, "access_token is not an OAuth access token"),
});

export function registerFileRoutes(app: ApiApp, guard: Guard, deps: Deps): void {
  route(app, guard, c.supportedFileExtensions, async () => ({ extensions: SUPPORTED_EXTENSIONS }));
  route(app, guard, c.listFiles, async ({ actor, params, query }) => files.listFiles(deps, { actor, workspaceId: params.id, ...query }));
  route(app, guard, c.getFileMetadata, async ({ actor, params }) => files.getFileMetadata(deps, { actor, workspaceId: params.id, fileId: params.fid }));
  route(app, guard, c.generateDownloadUrl, async ({ actor, params, body }) =>
    files.createDownloadUrl(deps, { actor, workspaceId: params.id, fileId: params.fid, filename: body?.filename }),
  );
  route(app, guard, c.renameFile, async ({ actor, params, body }) =>
    files.renameFile(deps, { actor, workspaceId: params.id, fileId: params.fid, filename: body.filename }),
  );
  route(app, guard, c.deleteFile, async ({ actor, params }) => {
    await files.deleteFile(deps, { actor, workspaceId: params.id, fileId: params.fid });
    return { ok: true as const };
  });
  route(app, guard, c.generateUploadUrl, async ({ actor, params, body }) =>
    generateUploadUrl(deps, { actor, workspaceId: params.id, byteSize: body.byte_size, contentType: body.content_type }),
  );
  route(app, guard, c.finalizeUpload, async ({ actor, params, body }) =>
    finalizeUpload(deps, { actor, workspaceId: params.id, fileId: params.fid, filename: body.filename, byteSize: body.byte_size, checksum: body.checksum }),
  );
  route(app, guard, c.autoRenameFile, async ({ actor, params }) => files.autoRenameFile(deps, { actor, workspaceId: params.id, fileId: params.fid }));
  route(app, guard, c.retryIndexing, async ({ actor, params }) => files.retryIndexing(deps, { actor, workspaceId: params.id, fileId: params.fid }));

  route(app, guard, c.getPageText, async ({ actor, params }) =>
    getPageText(deps, { actor, workspaceId: params.id, fileId: params.fid, versionId: params.vid, page: params.page }),
  );

  rawRoute<{ id: string; fid: string; vid: string }>(app, guard, raw.versionContent, async ({ actor, params }) => {
    const v = await openVersionContent(deps, { actor, workspaceId: params.id, fileId: params.fid, versionId: params.vid });
    return new Response(Readable.toWeb(v.body) as ReadableStream, {
      headers: {
        "content-type": v.contentType,
        "content-length": String(v.byteSize),
        // Uploaded bytes are never rendered as a page of this origin (an HTML file would run here):
        // an attachment, sniffing off, and a sandbox should a browser render it anyway.
        "content-disposition": `attachment; filename="${v.filename.replace(/[^\x20-\x7e]|"/g, "_")}"; filename*=UTF-8''${encodeURIComponent(v.filename)}`,
        "content-security-policy": "sandbox; default-src 'none'",
        "x-content-type-options": "nosniff",
        "cache-control": "private, no-store",
      },
    });
  });

  rawRoute<{ id: string }>(app, guard, raw.filesZip, async ({ actor, params }) => {
    const stream = await zipWorkspaceFiles(deps, { actor, workspaceId: params.id });
    return new Response(Readable.toWeb(stream) as ReadableStream, {
      headers: { "content-type": "application/zip", "content-disposition": 'attachment; filename="workspace_files.zip"', "cache-control": "no-store" },
    });
  });

  rawRoute<{ id: string }>(app, guard, raw.downloadFromUrl, async ({ c: ctx, actor, params }) => {
    const form = urlForm.safeParse(await readFormFields(ctx));
    if (!form.success) throw validationError(form.error, "form");
    requireFullAccess(actor!);
    await loadWorkspace(deps, actor, params.id, "write");
    const res = await safeGet(form.data.url, { allowPrivate: deps.config.URL_IMPORT_ALLOW_PRIVATE, timeoutMs: deps.config.URL_IMPORT_TIMEOUT_MS });
    const declared = Number(res.headers["content-length"] ?? NaN);
    if (declared > deps.config.MAX_UPLOAD_BYTES) {
      res.body.destroy();
      throw new AppError("payload_too_large", "The file at that URL is larger than the upload limit.");
    }
    const stored = await storeStream(deps, {
      actor: actor!,
      scope: "workspace",
      workspaceId: params.id,
      filename: form.data.filename || filenameFrom(res.headers, res.finalUrl),
      contentType: (res.headers["content-type"] ?? DEFAULT_CONTENT_TYPE).split(";")[0]!.trim() || DEFAULT_CONTENT_TYPE,
      body: res.body,
      maxBytes: deps.config.MAX_UPLOAD_BYTES,
    });
    return ctx.json(presentFile(stored), 201);
  });

  rawRoute<{ id: string }>(app, guard, raw.uploadFromGdrive, async ({ c: ctx, actor, params }) => {
    const form = driveForm.safeParse(await readFormFields(ctx));
    if (!form.success) throw validationError(form.error, "form");
    requireFullAccess(actor!);
    await loadWorkspace(deps, actor, params.id, "write");
    const drive = await downloadFromDrive({
      apiUrl: deps.config.GOOGLE_DRIVE_API_URL,
      fileId: form.data.file_id,
      accessToken: form.data.access_token,
      timeoutMs: deps.config.URL_IMPORT_TIMEOUT_MS,
    });
    const stored = await storeStream(deps, {
      actor: actor!,
      scope: "workspace",
      workspaceId: params.id,
      filename: drive.filename,
      contentType: drive.contentType,
      body: drive.body,
      maxBytes: deps.config.MAX_UPLOAD_BYTES,
    });
    return ctx.json(presentFile(stored), 201);
  });
}
