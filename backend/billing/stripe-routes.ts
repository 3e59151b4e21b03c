import * as c from "../../contracts/billing.ts";
import type { Deps } from "../deps.ts";
import type { ApiApp } from "../platform/http/context.ts";
import { rawRoute } from "../platform/http/raw-route.ts";
import { route, type Guard } from "../platform/http/route.ts";
import { billingEnabled } from "./catalogue.ts";
import { createCheckoutSession, getCheckoutSession } from "./checkout.ts";
import * as subscriptions from "./subscriptions.ts";
import { handleStripeWebhook } from "./webhooks.ts";

/** Everything that talks to Stripe (issue 15). With billing off these answer 409 billing/not-enabled. */
export function registerStripeRoutes(app: ApiApp, guard: Guard, deps: Deps): void {
  route(app, guard, c.getSubscriptionStatus, async ({ actor }) => ({
    subscriptions: await subscriptions.listUserSubscriptions(deps, actor?.user ?? null),
    billing_enabled: billingEnabled(deps.config),
  }));
  route(app, guard, c.createCheckoutSession, ({ actor, query }) =>
    createCheckoutSession(deps, {
      user: actor.user,
      choice: { kind: "price", priceId: query.price_id },
      email: query.email,
    }),
  );
  route(app, guard, c.createCheckoutSessionPricing, ({ actor, query }) =>
    createCheckoutSession(deps, { user: actor.user, choice: { kind: "pricing" }, email: query.email }),
  );
  route(app, guard, c.createCheckoutSessionTrial, ({ actor, query }) =>
    createCheckoutSession(deps, {
      user: actor.user,
      choice: { kind: "trial", promotionName: query.promotion_name },
      email: query.email,
    }),
  );
  route(app, guard, c.getCheckoutSession, ({ actor, params }) =>
    getCheckoutSession(deps, { user: actor.user, sessionId: params.id }),
  );
  route(app, guard, c.cancelSubscription, async ({ actor, query }) => ({
    subscription: await subscriptions.cancelSubscription(deps, {
      user: actor.user,
      subscriptionId: query.subscription_id,
    }),
  }));
  route(app, guard, c.createPortalSession, ({ actor }) =>
    subscriptions.createPortalSession(deps, { user: actor.user }),
  );
  route(app, guard, c.createTrial, async ({ actor, query }) => ({
    subscription: await subscriptions.createTrial(deps, { user: actor.user, promotionType: query.promotion_type }),
  }));
  // The signature covers the exact bytes Stripe sent: read as text, never parsed before it is checked.
  rawRoute(app, guard, c.stripeWebhook, async ({ c: ctx }) => {
    const outcome = await handleStripeWebhook(deps, await ctx.req.text(), ctx.req.header("stripe-signature"));
    return ctx.json({ received: true, outcome }, 200);
  });
}
