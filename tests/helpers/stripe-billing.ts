import { expect } from "vitest";
import * as billing from "../../contracts/billing.ts";
import { balanceOf, recomputeBalance } from "../../backend/billing/ledger-repo.ts";
import type { CreatedUser } from "./factories.ts";
import { startFakeStripe, type FakeStripe } from "./fake-stripe.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

/** A billing-on test app's webhook, for the fake Stripe to send its events to. */
export const webhookUrl = (app: TestApp) => `${app.url}${billing.stripeWebhook.path}`;

/** Starts an embedded checkout for `query` and returns the fake's session id behind its client secret. */
export async function startCheckout(
  app: TestApp,
  user: CreatedUser,
  query: { price_id: string } = { price_id: "price_pro" },
): Promise<string> {
  const res = await app.api(billing.createCheckoutSession, { token: user.token, query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.clientSecret.split("_secret_")[0]!;
}

/** Checkout paid: returns the Stripe subscription id. */
export async function subscribe(app: TestApp, stripe: FakeStripe, user: CreatedUser, priceId = "price_pro") {
  const session = await startCheckout(app, user, { price_id: priceId });
  return (await stripe.completeCheckout(session)).id as string;
}

export interface LedgerRow {
  reason: string;
  delta: number;
  balance_after: number;
  idempotency_key: string;
}

/** The user's ledger in order, after checking that the kept balance equals the sum of the rows. */
export async function ledger(app: TestApp, userId: string): Promise<LedgerRow[]> {
  const db = app.deps.db.kysely;
  expect(await balanceOf(db, userId)).toBe(await recomputeBalance(db, userId));
  const rows = await db
    .selectFrom("credit_ledger")
    .select(["reason", "delta", "balance_after", "idempotency_key"])
    .where("user_id", "=", userId)
    .orderBy("seq")
    .execute();
  return rows.map((r) => ({ ...r, delta: Number(r.delta), balance_after: Number(r.balance_after) }));
}

export async function subscriptionRow(app: TestApp, id: string) {
  return app.deps.db.kysely.selectFrom("subscriptions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

/** A billing-on test app wired to a fresh fake Stripe (its webhooks sent to the app). */
export async function startBillingApp(): Promise<{ stripe: FakeStripe; app: TestApp }> {
  const stripe = await startFakeStripe();
  const app = await createTestApp(stripe.env);
  stripe.webhookUrl = webhookUrl(app);
  return { stripe, app };
}
