import * as c from "../../contracts/examples.ts";
import type { Deps } from "../deps.ts";
import type { ApiApp } from "../platform/http/context.ts";
import { route, type Guard } from "../platform/http/route.ts";
import { listExamples } from "./service.ts";

export function registerExampleRoutes(app: ApiApp, guard: Guard, deps: Deps): void {
  route(app, guard, c.listExamples, async () => listExamples(deps));
}
