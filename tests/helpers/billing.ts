import crypto from "node:crypto";
import { expect } from "vitest";
import { append, balanceOf, recomputeBalance } from "../../backend/billing/ledger-repo.ts";
import type { TestApp } from "./test-app.ts";

/** Turns billing on in a test app (no Stripe call is made by the accounting half). */
export const BILLING_ENV = {
  STRIPE_SECRET_KEY: "sk_test_ledger",
  STRIPE_PUBLISHABLE_KEY: "pk_test_ledger",
  STRIPE_WEBHOOK_SECRET: "whsec_ledger",
};

/**
 * A subscription row as the Stripe webhooks would store it (billing-stripe writes the real ones);
 * the plan is the catalogue's `productType`.
 */
export async function subscribe(
  app: Pick<TestApp, "deps">,
  userId: string,
  o: { productType?: string; status?: string } = {},
): Promise<string> {
  const plan = app.deps.config.BILLING_PLANS.plans.find((p) => p.product_type === (o.productType ?? "pro"))!;
  const id = `sub_${crypto.randomBytes(6).toString("hex")}`;
  const t = new Date().toISOString();
  const nowS = Math.floor(Date.now() / 1000);
  await app.deps.db.kysely
    .insertInto("subscriptions")
    .values({
      id,
      user_id: userId,
      stripe_customer_id: `cus_${userId}`,
      status: o.status ?? "active",
      product_type: plan.product_type,
      price_id: plan.price_id,
      current_period_start: nowS,
      current_period_end: nowS + 30 * 86400,
      cancel_at_period_end: 0,
      trial_end: null,
      canceled_at: null,
      event_created: nowS,
      created_at: t,
      updated_at: t,
    })
    .execute();
  return id;
}

/** Grants credits straight into the ledger (an admin grant). */
export async function grant(app: Pick<TestApp, "deps">, userId: string, credits: number): Promise<number> {
  const r = await append(app.deps.db, {
    userId,
    delta: credits,
    reason: "grant_admin",
    description: "test grant",
    idempotencyKey: `test:${crypto.randomUUID()}`,
  });
  return r.balance;
}

export function ledgerRows(app: Pick<TestApp, "deps">, userId: string) {
  return app.deps.db.kysely
    .selectFrom("credit_ledger")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("seq")
    .execute();
}

/**
 * The ledger's invariants: rows numbered 1..n, each balance_after the previous one plus its
 * delta, never below zero (no test here uses `exact`), and the account's balance equal to the
 * sum of the rows. Returns the balance.
 */
export async function expectLedgerConsistent(app: Pick<TestApp, "deps">, userId: string): Promise<number> {
  const rows = await ledgerRows(app, userId);
  let running = 0;
  rows.forEach((r, i) => {
    expect(r.seq).toBe(i + 1);
    running += Number(r.delta);
    expect(Number(r.balance_after)).toBe(running);
    expect(running).toBeGreaterThanOrEqual(0);
  });
  const kept = await balanceOf(app.deps.db.kysely, userId);
  expect(await recomputeBalance(app.deps.db.kysely, userId)).toBe(running);
  expect(kept).toBe(running);
  return kept;
}
