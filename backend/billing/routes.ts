import * as c from "../../contracts/billing.ts";
import type { Deps } from "../deps.ts";
import type { ApiApp } from "../platform/http/context.ts";
import { route, type Guard } from "../platform/http/route.ts";
import { billingEnabled, listPlans } from "./catalogue.ts";
import { listAvailablePromotions } from "./subscriptions.ts";

export function registerBillingRoutes(app: ApiApp, guard: Guard, deps: Deps): void {
  route(app, guard, c.listPublicPlans, async ({ c: ctx }) => {
    ctx.header("cache-control", "public, max-age=300");
    const on = billingEnabled(deps.config);
    return {
      plans: listPlans(deps.config.BILLING_PLANS),
      test_mode: deps.config.BILLING_TEST_MODE,
      billing_enabled: on,
      publishable_key: on ? (deps.config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
    };
  });
  route(app, guard, c.getPromoAvailable, async ({ actor }) => ({
    valid_promotions: await listAvailablePromotions(deps, actor?.user ?? null),
  }));
}
