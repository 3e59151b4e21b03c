import * as c from "../../contracts/billing.ts";
import type { Deps } from "../deps.ts";
import type { ApiApp } from "../platform/http/context.ts";
import { route, type Guard } from "../platform/http/route.ts";
import * as account from "./account.ts";

/** The caller's balance, usage and payment history, credits and plan; the admin's grant. */
export function registerBillingAccountRoutes(app: ApiApp, guard: Guard, deps: Deps): void {
  route(app, guard, c.getBalance, async ({ actor }) => account.getBalance(deps, actor.user.id));
  route(app, guard, c.listUsages, async ({ actor, query }) =>
    account.listUsages(deps, { userId: actor.user.id, after: query.after, limit: query.limit }),
  );
  route(app, guard, c.listPayments, async ({ actor, query }) =>
    account.listPayments(deps, { userId: actor.user.id, after: query.after, limit: query.limit }),
  );
  route(app, guard, c.getCredits, async ({ actor }) => account.getCredits(deps, actor.user.id));
  route(app, guard, c.getSubscriptionPlan, async ({ actor }) => account.getSubscriptionPlan(deps, actor.user.id));
  route(app, guard, c.adminGrantCredits, async ({ actor, params, body }) =>
    account.grantCredits(deps, {
      adminId: actor.user.id,
      userId: params.id,
      credits: body.credits,
      reason: body.reason,
      idempotencyKey: body.idempotency_key,
    }),
  );
}
