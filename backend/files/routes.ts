import { Readable } from "node:stream";
import * as c from "../../contracts/files.ts";
import * as raw from "../../contracts/raw-endpoints.ts";
import type { Deps } from "../deps.ts";
import type { ApiApp } from "../platform/http/context.ts";
import { AppError } from "../../contracts/errors.ts";
import { contentRange, ifRangeHolds, parseRange } from "../platform/http/byte-range.ts";
import { rawRoute } from "../platform/http/raw-route.ts";
import { route, type Guard } from "../platform/http/route.ts";
import { importFromDrive, importFromUrl } from "./imports.ts";
import { presentFile } from "./present.ts";
import * as files from "./service.ts";
import { SUPPORTED_EXTENSIONS } from "./supported.ts";
import { generateUploadUrl, finalizeUpload } from "./upload.ts";
import { getPageText, openVersionContent } from "./versions.ts";
import { zipWorkspaceFiles } from "./zip.ts";

export function registerFileRoutes(app: ApiApp, guard: Guard, deps: Deps): void {
  route(app, guard, c.supportedFileExtensions, async () => ({ extensions: SUPPORTED_EXTENSIONS }));
  route(app, guard, c.listFiles, async ({ actor, params, query }) =>
    files.listFiles(deps, { actor, workspaceId: params.id, ...query }),
  );
  route(app, guard, c.getFileMetadata, async ({ actor, params }) =>
    files.getFileMetadata(deps, { actor, workspaceId: params.id, fileId: params.fid }),
  );
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
    generateUploadUrl(deps, {
      actor,
      workspaceId: params.id,
      byteSize: body.byte_size,
      contentType: body.content_type,
    }),
  );
  route(app, guard, c.finalizeUpload, async ({ actor, params, body }) =>
    finalizeUpload(deps, {
      actor,
      workspaceId: params.id,
      fileId: params.fid,
      filename: body.filename,
      byteSize: body.byte_size,
      checksum: body.checksum,
    }),
  );
  route(app, guard, c.autoRenameFile, async ({ actor, params }) =>
    files.autoRenameFile(deps, { actor, workspaceId: params.id, fileId: params.fid }),
  );
  route(app, guard, c.retryIndexing, async ({ actor, params }) =>
    files.retryIndexing(deps, { actor, workspaceId: params.id, fileId: params.fid }),
  );

  route(app, guard, c.getPageText, async ({ actor, params }) =>
    getPageText(deps, { actor, workspaceId: params.id, fileId: params.fid, versionId: params.vid, page: params.page }),
  );

  rawRoute(app, guard, raw.versionContent, async ({ c: ctx, actor, params }) => {
    const v = await openVersionContent(deps, {
      actor,
      workspaceId: params.id,
      fileId: params.fid,
      versionId: params.vid,
    });
    // pdf.js reads a PDF in ranges: only the pages it draws cross the network.
    const asked = ifRangeHolds(ctx.req.header("if-range"), v.etag)
      ? parseRange(ctx.req.header("range"), v.byteSize)
      : ({ kind: "none" } as const);
    if (asked.kind === "unsatisfiable") {
      const err = new AppError("range_not_satisfiable", `The file has ${v.byteSize} bytes: that range is outside it.`);
      return ctx.json(err.toBody(), 416, { "content-range": contentRange(v.byteSize) });
    }
    const range = asked.kind === "range" ? asked.range : undefined;
    return new Response(Readable.toWeb(await v.read(range)) as ReadableStream, {
      status: range ? 206 : 200,
      headers: {
        "content-type": v.contentType,
        "content-length": String(range ? range.end - range.start + 1 : v.byteSize),
        ...(range ? { "content-range": contentRange(v.byteSize, range) } : {}),
        "accept-ranges": "bytes",
        etag: v.etag,
        // Uploaded bytes are never rendered as a page of this origin (an HTML file would run here):
        // an attachment, sniffing off, and a sandbox should a browser render it anyway.
        "content-disposition": `attachment; filename="${v.filename.replace(/[^\x20-\x7e]|"/g, "_")}"; filename*=UTF-8''${encodeURIComponent(v.filename)}`,
        "content-security-policy": "sandbox; default-src 'none'",
        "x-content-type-options": "nosniff",
        // no-transform: a gzipped part would not match its Content-Range (the compressor skips it).
        "cache-control": "private, no-store, no-transform",
      },
    });
  });

  rawRoute(app, guard, raw.filesZip, async ({ actor, params }) => {
    const stream = await zipWorkspaceFiles(deps, { actor, workspaceId: params.id });
    return new Response(Readable.toWeb(stream) as ReadableStream, {
      headers: {
        "content-type": "application/zip",
        "content-disposition": 'attachment; filename="workspace_files.zip"',
        "cache-control": "no-store",
      },
    });
  });

  rawRoute(app, guard, raw.downloadFromUrl, async ({ c: ctx, actor, params, form }) => {
    const stored = await importFromUrl(deps, { actor, workspaceId: params.id, url: form.url, filename: form.filename });
    return ctx.json(presentFile(stored), 201);
  });

  rawRoute(app, guard, raw.uploadFromGdrive, async ({ c: ctx, actor, params, form }) => {
    const stored = await importFromDrive(deps, {
      actor,
      workspaceId: params.id,
      fileId: form.file_id,
      accessToken: form.access_token,
    });
    return ctx.json(presentFile(stored), 201);
  });
}
