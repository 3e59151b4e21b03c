import * as c from "../../contracts/workspaces.ts";
import type { Deps } from "../deps.ts";
import { removeFiles } from "../files/removal.ts";
import { indexingStatus } from "../ingestion/status.ts";
import type { ApiApp } from "../platform/http/context.ts";
import { route, type Guard } from "../platform/http/route.ts";
import * as ws from "./service.ts";

export function registerWorkspaceRoutes(app: ApiApp, guard: Guard, deps: Deps): void {
  route(app, guard, c.listWorkspaces, async ({ actor, query }) => ws.listWorkspaces(deps, { actor, ...query }));
  route(app, guard, c.createWorkspace, async ({ actor, body }) =>
    ws.createWorkspace(deps, { actor, name: body.name, isPublic: body.is_public, description: body.description }),
  );
  route(app, guard, c.getWorkspace, async ({ actor, params }) =>
    ws.getWorkspace(deps, { actor, workspaceId: params.id }),
  );
  route(app, guard, c.updateWorkspace, async ({ actor, params, body }) =>
    ws.updateWorkspace(deps, {
      actor,
      workspaceId: params.id,
      name: body.name,
      description: body.description,
      isPublic: body.is_public,
    }),
  );
  route(app, guard, c.deleteWorkspace, async ({ actor, params }) => {
    await ws.deleteWorkspace(deps, {
      actor,
      workspaceId: params.id,
      removeFiles: (workspaceId, deleteRows) => removeFiles(deps, { workspaceId }, deleteRows),
    });
    return { ok: true as const };
  });
  route(app, guard, c.addWorkspaceBookmark, async ({ actor, params }) =>
    ws.setBookmark(deps, { actor, workspaceId: params.id, on: true }),
  );
  route(app, guard, c.removeWorkspaceBookmark, async ({ actor, params }) =>
    ws.setBookmark(deps, { actor, workspaceId: params.id, on: false }),
  );
  route(app, guard, c.mostBookmarkedWorkspaces, async ({ actor, query }) =>
    ws.mostBookmarked(deps, { actor, lastNDays: query.last_n_days, limit: query.limit }),
  );
  route(app, guard, c.indexingStatus, async ({ actor, params }) =>
    indexingStatus(deps, { actor, workspaceId: params.id }),
  );
  route(app, guard, c.autoRenameWorkspace, async ({ actor, params, body }) =>
    ws.autoRenameWorkspace(deps, { actor, workspaceId: params.id, userQuery: body.user_query }),
  );
}
