import * as c from "../../contracts/edgar.ts";
import type { Deps } from "../deps.ts";
import type { ApiApp } from "../platform/http/context.ts";
import { route, type Guard } from "../platform/http/route.ts";
import * as service from "./service.ts";

export function registerEdgarRoutes(app: ApiApp, guard: Guard, deps: Deps): void {
  route(app, guard, c.edgarSearch, async ({ body }) =>
    service.searchEdgar(deps, {
      query: body.query,
      forms: body.forms,
      dateFrom: body.date_from,
      dateTo: body.date_to,
      fullText: body.full_text,
    }),
  );
  route(app, guard, c.edgarList, async ({ body }) =>
    service.listFilings(deps, {
      cik: body.cik,
      forms: body.forms,
      periodFrom: body.period_from,
      periodTo: body.period_to,
      limit: body.limit,
      cursor: body.cursor,
    }),
  );
  route(app, guard, c.edgarImport, async ({ actor, body }) =>
    service.importFiling(deps, {
      actor,
      workspaceId: body.workspace_id,
      cik: body.cik,
      accessionNumber: body.accession_number,
      includeExhibits: body.include_exhibits,
    }),
  );
}
