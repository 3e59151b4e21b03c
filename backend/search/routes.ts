import * as c from "../../contracts/search.ts";
import type { Deps } from "../deps.ts";
import type { ApiApp } from "../platform/http/context.ts";
import { route, type Guard } from "../platform/http/route.ts";
import { searchWorkspace } from "./service.ts";

export function registerSearchRoutes(app: ApiApp, guard: Guard, deps: Deps): void {
  route(app, guard, c.searchWorkspace, async ({ actor, params, body }) =>
    searchWorkspace(deps, { actor, workspaceId: params.id, query: body.query, fileIds: body.file_ids, limit: body.limit }),
  );
}
