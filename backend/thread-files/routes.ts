import { createReadStream } from "node:fs";
import { AppError } from "../../contracts/errors.ts";
import * as c from "../../contracts/thread-files.ts";
import { THREAD_FILE_MESSAGES as MSG } from "../../contracts/thread-files.ts";
import type { Deps } from "../deps.ts";
import type { ApiApp } from "../platform/http/context.ts";
import { receiveSpooledForm } from "../platform/http/multipart.ts";
import { parseForm, rawRoute } from "../platform/http/raw-route.ts";
import { route, type Guard } from "../platform/http/route.ts";
import { getThreadFileAddon } from "./addon.ts";
import { diffThreadFile } from "./diff.ts";
import { saveThreadFileVersion } from "./save.ts";
import { getThreadFileVersion, listThreadFiles, renameThreadFile, requireVersionId } from "./service.ts";
import { transferThreadFile } from "./transfer.ts";

const latest = (q: { is_latest?: string }) => q.is_latest === "true" || q.is_latest === "1";

export function registerThreadFileRoutes(app: ApiApp, guard: Guard, deps: Deps): void {
  // A version id left out of the path altogether (an empty segment) gets the spec's message too.
  const base = "/workspaces/:id/threads/:tid/files";
  app.get(`${base}/`, () => {
    throw new AppError("thread-files/missing-version-id", MSG.missingVersionForRequest);
  });
  app.get(`${base}//addon`, () => {
    throw new AppError("thread-files/missing-version-id", MSG.missingVersionForAddon);
  });
  app.post(`${base}//transfer_to_workspace`, async (ctx) => {
    await guard(ctx.get("actor"), "user");
    throw new AppError("thread-files/missing-version-id", MSG.missingVersionForTransfer);
  });

  route(app, guard, c.listThreadFiles, async ({ actor, params }) =>
    listThreadFiles(deps, { actor, workspaceId: params.id, threadId: params.tid }),
  );
  route(app, guard, c.getThreadFileVersion, async ({ actor, params, query }) =>
    getThreadFileVersion(deps, {
      actor,
      workspaceId: params.id,
      threadId: params.tid,
      versionId: requireVersionId(params.version_id, MSG.missingVersionForRequest),
      latest: latest(query),
    }),
  );
  route(app, guard, c.getThreadFileAddon, async ({ actor, params, query }) =>
    getThreadFileAddon(deps, {
      actor,
      workspaceId: params.id,
      threadId: params.tid,
      versionId: requireVersionId(params.version_id, MSG.missingVersionForAddon),
      latest: latest(query),
    }),
  );
  route(app, guard, c.renameThreadFile, async ({ actor, params, body }) =>
    renameThreadFile(deps, {
      actor,
      workspaceId: params.id,
      threadId: params.tid,
      fileId: params.fid,
      filename: body.filename,
    }),
  );
  route(app, guard, c.transferThreadFile, async ({ actor, params, body }) => {
    const versionId = requireVersionId(params.version_id, MSG.missingVersionForTransfer);
    return transferThreadFile(deps, {
      actor,
      workspaceId: params.id,
      threadId: params.tid,
      versionId,
      fileId: body.file_id,
      filename: body.filename,
    });
  });
  route(app, guard, c.diffThreadFile, async ({ actor, params, query }) =>
    diffThreadFile(deps, {
      actor,
      workspaceId: params.id,
      threadId: params.tid,
      fileId: params.fid,
      from: query.from,
      to: query.to,
    }),
  );

  rawRoute(app, guard, c.editThreadFile, async ({ c: ctx, actor, params }) => {
    const form = await receiveSpooledForm(ctx, { maxBytes: deps.config.MAX_UPLOAD_BYTES });
    try {
      const fields = parseForm(c.editThreadFileForm, form.fields);
      // Spec section 5: the edited version (fileVersion) and the original workspace file
      // (originalFileId) name two different things to save against; both at once is refused.
      if (fields.version_id && fields.file_id)
        throw new AppError("thread-files/version-and-original", MSG.versionAndOriginal);
      if (!form.file)
        throw new AppError("validation_failed", "No file was sent. Send it as the form field `file`.", {
          file: "file is required",
        });
      const saved = await saveThreadFileVersion(deps, {
        actor,
        workspaceId: params.id,
        threadId: params.tid,
        body: createReadStream(form.file.path),
        filename: fields.filename,
        contentType: form.file.contentType,
        versionId: fields.version_id,
        originalFileId: fields.file_id,
        messageId: null,
      });
      return ctx.json(saved, 201);
    } finally {
      await form.cleanup();
    }
  });
}
