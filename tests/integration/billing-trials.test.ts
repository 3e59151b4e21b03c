import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as billing from "../../contracts/billing.ts";
import { createUser, type CreatedUser } from "../helpers/factories.ts";
import type { FakeStripe } from "../helpers/fake-stripe.ts";
import { ledger, startBillingApp, subscriptionRow } from "../helpers/stripe-billing.ts";
import type { TestApp } from "../helpers/test-app.ts";

/**
 * One free trial per user, also when two trial checkouts were opened before any webhook said a
 * trial had started (both pass the check at creation) and both are paid: the first trial recorded
 * keeps its credits, the other grants nothing and is canceled at Stripe.
 */
let stripe: FakeStripe;
let app: TestApp;
beforeAll(async () => {
  ({ stripe, app } = await startBillingApp());
});
afterAll(async () => {
  await app?.close();
  await stripe?.close();
});

const PRO_CREDITS = 20_000;

async function openTrialCheckout(user: CreatedUser): Promise<string> {
  const res = await app.api(billing.createCheckoutSessionTrial, {
    token: user.token,
    query: { promotion_name: "pro-trial" },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.clientSecret.split("_secret_")[0]!;
}

describe("two trial checkouts opened before any webhook", () => {
  for (const order of ["in order", "the second's events first"] as const) {
    it(`both paid, events ${order}: one trial's credits, the other subscription canceled`, async () => {
      const user = await createUser(app);
      const sessions = [await openTrialCheckout(user), await openTrialCheckout(user)];
      stripe.hold();
      const subs = [await stripe.completeCheckout(sessions[0]!), await stripe.completeCheckout(sessions[1]!)];
      const events = stripe.outbox.splice(0);
      await stripe.release(); // nothing left to send: only stops holding
      if (order !== "in order") events.reverse();
      for (const e of events) expect((await stripe.send(e)).status).toBe(200);

      const [kept, dropped] = order === "in order" ? subs : [...subs].reverse();
      expect((await ledger(app, user.user.uid)).map((r) => [r.reason, r.delta])).toEqual([
        ["period_reset", 0],
        ["grant_trial", PRO_CREDITS],
      ]);
      expect((await subscriptionRow(app, kept!.id)).status).toBe("trialing");
      expect(stripe.subscriptions.get(dropped!.id)!.status).toBe("canceled");
      expect((await subscriptionRow(app, dropped!.id)).status).toBe("canceled");
      expect((await app.api(billing.getSubscriptionPlan, { token: user.token })).body.plan).toBe("pro");
      expect(stripe.unexpected).toEqual([]);
    });
  }
});
