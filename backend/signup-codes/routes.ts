import * as c from "../../contracts/signup-codes.ts";
import type { Deps } from "../deps.ts";
import type { ApiApp } from "../platform/http/context.ts";
import { route, type Guard } from "../platform/http/route.ts";
import * as service from "./service.ts";

export function registerSignupCodeRoutes(app: ApiApp, guard: Guard, deps: Deps): void {
  route(app, guard, c.createSignupCode, async ({ actor, body }) =>
    service.createSignupCode(deps.db, { actorId: actor.user.id, description: body.description }),
  );
  route(app, guard, c.listSignupCodes, async () => ({ codes: await service.listSignupCodes(deps.db) }));
  route(app, guard, c.deactivateSignupCode, async ({ params }) => service.deactivateSignupCode(deps.db, params.code));
  route(app, guard, c.checkAdminRole, async ({ actor }) => ({
    isAdmin: await deps.admin.isAdmin(actor?.user ?? null),
  }));
}
