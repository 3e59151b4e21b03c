import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as authApi from "../../contracts/auth.ts";
import * as billing from "../../contracts/billing.ts";
import { createUser, uniqueEmail, type CreatedUser } from "../helpers/factories.ts";
import { ledger, startBillingApp, startCheckout, subscribe, subscriptionRow } from "../helpers/stripe-billing.ts";
import type { FakeStripe } from "../helpers/fake-stripe.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

/**
 * Billing on, against a local Stripe (fake-stripe.ts) that the real SDK talks to: checkout,
 * the return page's check, trials, cancellation, the portal; Stripe down; billing off.
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

describe("checkout", () => {
  it("opens an embedded subscription checkout for the plan's price, with a customer made on first use", async () => {
    const user = await createUser(app);
    expect(
      await app.deps.db.kysely
        .selectFrom("billing_accounts")
        .selectAll()
        .where("user_id", "=", user.user.uid)
        .executeTakeFirst(),
    ).toBeUndefined();
    const first = await startCheckout(app, user);
    const second = await startCheckout(app, user, { price_id: "price_team" });
    const [a, b] = [stripe.sessions.get(first)!, stripe.sessions.get(second)!];
    expect(a).toMatchObject({
      mode: "subscription",
      ui_mode: "embedded_page",
      client_reference_id: user.user.uid,
      metadata: { user_id: user.user.uid },
      subscription_data: { metadata: { user_id: user.user.uid } },
      line_items: [{ price: "price_pro", quantity: "1" }],
      return_url: `http://localhost:3000/return?session_id=${first}`,
    });
    expect(a.subscription_data.trial_period_days).toBeUndefined();
    expect(b.line_items[0].price).toBe("price_team");
    // One customer for the user, stored on the account.
    expect(a.customer).toBe(b.customer);
    expect(stripe.customers.get(a.customer)).toMatchObject({ email: user.email, metadata: { user_id: user.user.uid } });
    const account = await app.deps.db.kysely
      .selectFrom("billing_accounts")
      .select("stripe_customer_id")
      .where("user_id", "=", user.user.uid)
      .executeTakeFirstOrThrow();
    expect(account.stripe_customer_id).toBe(a.customer);
  });

  it("-pricing buys the cheapest paid plan; an unknown price is 400 billing/unknown-price", async () => {
    const user = await createUser(app);
    const res = await app.api(billing.createCheckoutSessionPricing, { token: user.token, query: {} });
    expect(res.status).toBe(200);
    expect(stripe.sessions.get(res.body.clientSecret.split("_secret_")[0]!)!.line_items[0].price).toBe("price_pro");
    const bad = await app.api(billing.createCheckoutSession, { token: user.token, query: { price_id: "price_nope" } });
    expect([bad.status, bad.error?.code]).toEqual([400, "billing/unknown-price"]);
    const promo = await app.api(billing.createCheckoutSessionTrial, {
      token: user.token,
      query: { promotion_name: "nope" },
    });
    expect([promo.status, promo.error?.code]).toEqual([400, "billing/unknown-price"]);
  });

  it("checkout -> webhook -> subscription active, the period's credits granted once", async () => {
    const user = await createUser(app);
    const session = await startCheckout(app, user);
    const sub = await stripe.completeCheckout(session);
    expect(stripe.deliveries.slice(-3).map((d) => [d.event.type, d.status])).toEqual([
      ["customer.subscription.created", 200],
      ["invoice.paid", 200],
      ["checkout.session.completed", 200],
    ]);
    const status = await app.api(billing.getSubscriptionStatus, { token: user.token });
    expect(status.body).toEqual({
      billing_enabled: true,
      subscriptions: [
        {
          id: sub.id,
          status: "active",
          product_type: "pro",
          plan_name: "Pro",
          current_period_end: sub.items.data[0].current_period_end,
          cancel_at_period_end: false,
          trial_end: null,
        },
      ],
    });
    const rows = await ledger(app, user.user.uid);
    expect(rows.map((r) => [r.reason, r.delta, r.balance_after])).toEqual([
      ["period_reset", 0, 0],
      ["grant_period", PRO_CREDITS, PRO_CREDITS],
    ]);
    const payments = await app.deps.db.kysely
      .selectFrom("payments")
      .selectAll()
      .where("user_id", "=", user.user.uid)
      .execute();
    expect(payments.map((p) => [p.status, Number(p.amount), p.currency, p.subscription_id])).toEqual([
      ["paid", 4900, "usd", sub.id],
    ]);

    const check = await app.api(billing.getCheckoutSession, { token: user.token, params: { id: session } });
    expect(check.body).toMatchObject({ status: "complete", subscription: { id: sub.id, status: "active" } });
    // One subscription at a time, and no trial after a subscription.
    const again = await app.api(billing.createCheckoutSession, {
      token: user.token,
      query: { price_id: "price_team" },
    });
    expect([again.status, again.error?.code]).toEqual([409, "billing/already-subscribed"]);
    const promos = await app.api(billing.getPromoAvailable, { token: user.token });
    expect(promos.body.valid_promotions).toEqual([]);
  });

  it("a free-plan user may upgrade: the free subscription is canceled and its credits expire", async () => {
    const user = await createUser(app);
    const freeId = await subscribe(app, stripe, user, "price_basic");
    expect((await ledger(app, user.user.uid)).at(-1)).toMatchObject({ reason: "grant_period", balance_after: 500 });
    const again = await app.api(billing.createCheckoutSession, {
      token: user.token,
      query: { price_id: "price_basic" },
    });
    expect([again.status, again.error?.code]).toEqual([409, "billing/already-subscribed"]);
    const proId = await subscribe(app, stripe, user, "price_pro");
    expect(stripe.subscriptions.get(freeId)!.status).toBe("canceled");
    const status = await app.api(billing.getSubscriptionStatus, { token: user.token });
    expect(status.body.subscriptions.map((s) => [s.id, s.status]).sort()).toEqual(
      [
        [freeId, "canceled"],
        [proId, "active"],
      ].sort(),
    );
    expect((await ledger(app, user.user.uid)).map((r) => [r.reason, r.delta, r.balance_after])).toEqual([
      ["period_reset", 0, 0],
      ["grant_period", 500, 500],
      ["period_reset", -500, 0],
      ["grant_period", PRO_CREDITS, PRO_CREDITS],
    ]);
  });

  it("the return page's check reads a completed subscription from Stripe when its webhook is late, and the webhook then grants nothing more", async () => {
    const user = await createUser(app);
    const session = await startCheckout(app, user);
    const open = await app.api(billing.getCheckoutSession, { token: user.token, params: { id: session } });
    expect(open.body).toEqual({ status: "open", subscription: null });
    stripe.hold();
    const sub = await stripe.completeCheckout(session);
    const check = await app.api(billing.getCheckoutSession, { token: user.token, params: { id: session } });
    expect(check.body).toMatchObject({
      status: "complete",
      subscription: { id: sub.id, status: "active", product_type: "pro" },
    });
    expect((await ledger(app, user.user.uid)).filter((r) => r.reason === "grant_period")).toHaveLength(1);
    const sent = await stripe.release();
    expect(sent.map((d) => d.status)).toEqual([200, 200, 200]);
    const rows = await ledger(app, user.user.uid);
    expect(rows.map((r) => r.reason)).toEqual(["period_reset", "grant_period"]);
    expect(rows.at(-1)!.balance_after).toBe(PRO_CREDITS);
  });

  it("a checkout session of another user's, or one Stripe does not know, is 404", async () => {
    const [owner, other] = await Promise.all([createUser(app), createUser(app)]);
    const session = await startCheckout(app, owner);
    for (const [who, id] of [
      [other, session],
      [owner, "cs_test_unknown"],
    ] as const) {
      const res = await app.api(billing.getCheckoutSession, { token: who.token, params: { id } });
      expect([res.status, res.error?.code]).toEqual([404, "not_found"]);
    }
  });

  it("a free trial through checkout: trialing with the trial's credits, offered once", async () => {
    const user = await createUser(app);
    expect((await app.api(billing.getPromoAvailable, { token: user.token })).body.valid_promotions).toEqual([
      { product_type: "pro", name: "pro-trial", trial_days: 7 },
    ]);
    const res = await app.api(billing.createCheckoutSessionTrial, {
      token: user.token,
      query: { promotion_name: "pro-trial" },
    });
    expect(res.status).toBe(200);
    const session = res.body.clientSecret.split("_secret_")[0]!;
    expect(stripe.sessions.get(session)!.subscription_data).toMatchObject({ trial_period_days: "7" });
    const sub = await stripe.completeCheckout(session);
    const row = await subscriptionRow(app, sub.id);
    expect([row.status, Number(row.trial_end)]).toEqual(["trialing", sub.trial_end]);
    expect((await ledger(app, user.user.uid)).map((r) => [r.reason, r.delta])).toEqual([
      ["period_reset", 0],
      ["grant_trial", PRO_CREDITS],
    ]);
    expect((await app.api(billing.getPromoAvailable, { token: user.token })).body.valid_promotions).toEqual([]);
  });
});

describe("hostile input", () => {
  it("odd ids, prices and emails are 4xx with a stable code, never a 5xx, and reach Stripe only when well formed", async () => {
    const user = await createUser(app);
    const odd = ["../customers", "cs_test/../../v1/customers", "cs_" + "x".repeat(400), "é", " ", "sub_%2e%2e", "null"];
    const before = stripe.requests.length;
    for (const id of odd) {
      const session = await app.request("GET", `/checkout-sessions/${encodeURIComponent(id)}`, { token: user.token });
      const cancel = await app.request("POST", `/cancel-subscription?subscription_id=${encodeURIComponent(id)}`, {
        token: user.token,
      });
      const buy = await app.request("POST", `/create-checkout-session?price_id=${encodeURIComponent(id)}`, {
        token: user.token,
      });
      const trial = await app.request("POST", `/create-trial?promotion_type=${encodeURIComponent(id)}`, {
        token: user.token,
      });
      for (const res of [session, cancel, buy, trial]) {
        expect(res.status, `${id}: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${id}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
        expect(res.body.error.code).toMatch(/^(not_found|validation_failed|billing\/unknown-price)$/);
      }
    }
    expect(stripe.requests.slice(before)).toEqual([]);
    const email = await app.request("POST", `/create-checkout-session?price_id=price_pro&email=${"a".repeat(400)}`, {
      token: user.token,
    });
    expect([email.status, email.body.error.code]).toEqual([400, "validation_failed"]);
  });
});

describe("create-trial (no card)", () => {
  it("starts the promotion's trial once, with its credits; a second is 409 billing/trial-used", async () => {
    const user = await createUser(app);
    const res = await app.api(billing.createTrial, { token: user.token, query: { promotion_type: "pro" } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.subscription).toMatchObject({
      status: "trialing",
      product_type: "pro",
      cancel_at_period_end: false,
    });
    const sub = stripe.subscriptions.get(res.body.subscription.id)!;
    expect(res.body.subscription.trial_end).toBe(sub.trial_end);
    expect(sub.trial_end - sub.start_date).toBe(7 * 24 * 3600);
    expect(sub.metadata).toEqual({ user_id: user.user.uid });
    expect((await ledger(app, user.user.uid)).map((r) => [r.reason, r.delta])).toEqual([
      ["period_reset", 0],
      ["grant_trial", PRO_CREDITS],
    ]);
    const again = await app.api(billing.createTrial, { token: user.token, query: { promotion_type: "pro" } });
    expect([again.status, again.error?.code]).toEqual([409, "billing/trial-used"]);
    const viaCheckout = await app.api(billing.createCheckoutSessionTrial, {
      token: user.token,
      query: { promotion_name: "pro-trial" },
    });
    expect([viaCheckout.status, viaCheckout.error?.code]).toEqual([409, "billing/trial-used"]);
  });

  it("two trials asked at once make one", async () => {
    const user = await createUser(app);
    const results = await Promise.all(
      [0, 1, 2].map(() => app.api(billing.createTrial, { token: user.token, query: { promotion_type: "pro" } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect([...stripe.subscriptions.values()].filter((s) => s.metadata.user_id === user.user.uid)).toHaveLength(1);
    expect((await ledger(app, user.user.uid)).filter((r) => r.reason === "grant_trial")).toHaveLength(1);
  });

  it("an unknown promotion is 400", async () => {
    const user = await createUser(app);
    const res = await app.api(billing.createTrial, { token: user.token, query: { promotion_type: "gold" } });
    expect([res.status, res.error?.code]).toEqual([400, "billing/unknown-price"]);
  });
});

describe("cancel and portal", () => {
  let owner: CreatedUser;
  let subId: string;
  beforeAll(async () => {
    owner = await createUser(app);
    subId = await subscribe(app, stripe, owner);
  });

  it("cancels the caller's own subscription at period end; anyone else's or an unknown id is 404", async () => {
    const other = await createUser(app);
    for (const [who, id] of [
      [other, subId],
      [owner, "sub_unknown"],
    ] as const) {
      const res = await app.api(billing.cancelSubscription, { token: who.token, query: { subscription_id: id } });
      expect([res.status, res.error?.code]).toEqual([404, "not_found"]);
    }
    expect(stripe.subscriptions.get(subId)!.cancel_at_period_end).toBe(false);
    const res = await app.api(billing.cancelSubscription, { token: owner.token, query: { subscription_id: subId } });
    expect(res.status).toBe(200);
    expect(res.body.subscription).toMatchObject({ id: subId, status: "active", cancel_at_period_end: true });
    expect(stripe.subscriptions.get(subId)!.cancel_at_period_end).toBe(true);
    // Still active until the period ends; then Stripe deletes it and no new period is granted.
    await stripe.renew(subId);
    const status = await app.api(billing.getSubscriptionStatus, { token: owner.token });
    expect(status.body.subscriptions).toMatchObject([{ id: subId, status: "canceled", cancel_at_period_end: true }]);
    expect((await ledger(app, owner.user.uid)).filter((r) => r.reason === "grant_period")).toHaveLength(1);
    // Cancelling again changes nothing and calls nobody.
    const before = stripe.requests.length;
    const again = await app.api(billing.cancelSubscription, { token: owner.token, query: { subscription_id: subId } });
    expect([again.status, again.body.subscription.status]).toEqual([200, "canceled"]);
    expect(stripe.requests.length).toBe(before);
  });

  it("opens the caller's customer portal; before any checkout there is none (404 billing/no-subscription)", async () => {
    const res = await app.api(billing.createPortalSession, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(new RegExp(`^${stripe.url}/__fake/portal/bps_`));
    const fresh = await createUser(app);
    const none = await app.api(billing.createPortalSession, { token: fresh.token });
    expect([none.status, none.error?.code]).toEqual([404, "billing/no-subscription"]);
  });

  it("anonymous callers see no subscriptions and may not buy", async () => {
    expect((await app.api(billing.getSubscriptionStatus, {})).body).toEqual({
      subscriptions: [],
      billing_enabled: true,
    });
    const res = await app.request("POST", "/create-checkout-session?price_id=price_pro");
    expect(res.status).toBe(401);
  });
});

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("Stripe unreachable", () => {
  let down: TestApp;
  beforeAll(async () => {
    down = await createTestApp({ ...stripe.env, STRIPE_API_URL: `http://127.0.0.1:${await closedPort()}` });
  });
  afterAll(() => down?.close());

  it("checkout, trial and portal are 503 billing/provider-unavailable; sign-up and everything else work", async () => {
    const email = uniqueEmail("down");
    const signUp = await down.api(authApi.signUp, { body: { email, password: "correct-horse-1" } });
    expect(signUp.status).toBe(201);
    const token = signUp.body.token;
    const checkout = await down.api(billing.createCheckoutSession, { token, query: { price_id: "price_pro" } });
    expect([checkout.status, checkout.error?.code]).toEqual([503, "billing/provider-unavailable"]);
    expect(checkout.error?.message).toMatch(/payment provider cannot be reached/);
    const trial = await down.api(billing.createTrial, { token, query: { promotion_type: "pro" } });
    expect([trial.status, trial.error?.code]).toEqual([503, "billing/provider-unavailable"]);
    // The trial was given back: it can be started once Stripe is back.
    expect((await down.api(billing.getPromoAvailable, { token })).body.valid_promotions).toHaveLength(1);
    expect((await down.api(billing.getSubscriptionStatus, { token })).status).toBe(200);
    expect((await down.api(authApi.getMe, { token })).status).toBe(200);
    expect((await down.api(billing.listPublicPlans, {})).body.billing_enabled).toBe(true);
  });
});

describe("billing off", () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp();
  });
  afterAll(() => off?.close());

  it("the Stripe routes answer 409 billing/not-enabled; the status says billing is off", async () => {
    const user = await createUser(off);
    const calls = [
      off.api(billing.createCheckoutSession, { token: user.token, query: { price_id: "price_pro" } }),
      off.api(billing.createCheckoutSessionPricing, { token: user.token, query: {} }),
      off.api(billing.createCheckoutSessionTrial, { token: user.token, query: { promotion_name: "pro-trial" } }),
      off.api(billing.getCheckoutSession, { token: user.token, params: { id: "cs_x" } }),
      off.api(billing.cancelSubscription, { token: user.token, query: { subscription_id: "sub_x" } }),
      off.api(billing.createPortalSession, { token: user.token }),
      off.api(billing.createTrial, { token: user.token, query: { promotion_type: "pro" } }),
    ];
    for (const res of await Promise.all(calls))
      expect([res.status, res.error?.code]).toEqual([409, "billing/not-enabled"]);
    const hook = await off.request("POST", "/stripe/webhook", {
      rawBody: "{}",
      headers: { "stripe-signature": "t=1,v1=x" },
    });
    expect([hook.status, hook.body.error.code]).toEqual([409, "billing/not-enabled"]);
    expect((await off.api(billing.getSubscriptionStatus, { token: user.token })).body).toEqual({
      subscriptions: [],
      billing_enabled: false,
    });
  });
});
