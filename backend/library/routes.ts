import * as c from "../../contracts/library.ts";
import * as raw from "../../contracts/raw-endpoints.ts";
import { requireFullAccess } from "../auth/access.ts";
import type { Deps } from "../deps.ts";
import { presentFile } from "../files/present.ts";
import { storageOf } from "../files/quota.ts";
import { storeStream } from "../files/upload.ts";
import type { ApiApp } from "../platform/http/context.ts";
import { receiveFile } from "../platform/http/multipart.ts";
import { rawRoute } from "../platform/http/raw-route.ts";
import { route, type Guard } from "../platform/http/route.ts";
import * as lib from "./service.ts";

export function registerLibraryRoutes(app: ApiApp, guard: Guard, deps: Deps): void {
  route(app, guard, c.listAccountFiles, async ({ actor, query }) => lib.listAccountFiles(deps, { actor, ...query }));
  route(app, guard, c.getAccountFile, async ({ actor, params }) =>
    lib.getAccountFile(deps, { actor, fileId: params.fid }),
  );
  route(app, guard, c.deleteAccountFile, async ({ actor, params }) => {
    await lib.deleteOwnFile(deps, { actor, fileId: params.fid, scope: "account" });
    return { ok: true as const };
  });
  route(app, guard, c.transferAccountFile, async ({ actor, params }) =>
    lib.transferAccountFile(deps, { actor, fileId: params.fid, workspaceId: params.workspaceId }),
  );
  route(app, guard, c.getPublicFile, async ({ params }) => lib.getPublicFile(deps, params.fid));
  route(app, guard, c.deletePublicFile, async ({ actor, params }) => {
    await lib.deleteOwnFile(deps, { actor, fileId: params.fid, scope: "public" });
    return { ok: true as const };
  });
  route(app, guard, c.getStorage, async ({ actor }) => storageOf(deps, actor.user.id));

  for (const [e, scope] of [
    [raw.uploadAccountFile, "account"],
    [raw.uploadPublicFile, "public"],
  ] as const) {
    rawRoute(app, guard, e, async ({ c: ctx, actor }) => {
      requireFullAccess(actor);
      const stored = await receiveFile(ctx, (f) =>
        storeStream(deps, {
          actor,
          scope,
          workspaceId: null,
          filename: f.filename,
          contentType: f.contentType,
          body: f.stream,
          maxBytes: deps.config.MAX_UPLOAD_BYTES,
        }),
      );
      return ctx.json(scope === "public" ? await lib.getPublicFile(deps, stored.id) : presentFile(stored), 201);
    });
  }

  route(app, guard, c.listPrompts, async ({ actor, query }) => lib.listPrompts(deps, { actor, ...query }));
  route(app, guard, c.createPrompt, async ({ actor, body }) => lib.createPrompt(deps, { actor, ...body }));
  route(app, guard, c.getPrompt, async ({ actor, params }) => lib.getPrompt(deps, { actor, promptId: params.pid }));
  route(app, guard, c.updatePrompt, async ({ actor, params, body }) =>
    lib.updatePrompt(deps, { actor, promptId: params.pid, ...body }),
  );
  route(app, guard, c.deletePrompt, async ({ actor, params }) => {
    await lib.deletePrompt(deps, { actor, promptId: params.pid });
    return { ok: true as const };
  });

  route(app, guard, c.getAttributes, async ({ actor }) => lib.getAttributes(deps, actor));
  route(app, guard, c.createAttribute, async ({ actor, body }) =>
    lib.setAttribute(deps, { actor, key: body.key, value: body.value, mode: "create" }),
  );
  route(app, guard, c.updateAttribute, async ({ actor, body }) =>
    lib.setAttribute(deps, { actor, key: body.key, value: body.value, mode: "update" }),
  );
  route(app, guard, c.deleteAttribute, async ({ actor, query }) =>
    lib.setAttribute(deps, { actor, key: query.key, value: null, mode: "delete" }),
  );
}
