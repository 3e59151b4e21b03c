import * as c from "../../contracts/system.ts";
import type { Deps } from "../deps.ts";
import { pingDb } from "../platform/db/index.ts";
import type { ApiApp } from "../platform/http/context.ts";
import { route, type Guard } from "../platform/http/route.ts";
import { buildInfo } from "./build-info.ts";

export function registerSystemRoutes(app: ApiApp, guard: Guard, deps: Deps): void {
  route(app, guard, c.getAppConfig, async () => ({
    requireSignupCode: deps.config.REQUIRE_SIGNUP_CODE,
    googleEnabled: deps.config.googleEnabled,
    productName: deps.config.PRODUCT_NAME,
    supportEmail: deps.config.SUPPORT_EMAIL,
  }));
  route(app, guard, c.getVersion, async () => {
    const info = buildInfo(deps.config);
    return { commit_hash: info.commit, release_tag: info.release };
  });
  route(app, guard, c.getHealth, async () => {
    await pingDb(deps.db);
    return { status: "ok" as const, database: deps.db.dialect };
  });
}
