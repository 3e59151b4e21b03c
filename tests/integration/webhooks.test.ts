import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as billing from "../../contracts/billing.ts";
import { append } from "../../backend/billing/ledger-repo.ts";
import { createUser } from "../helpers/factories.ts";
import { ledger, startBillingApp, startCheckout, subscribe, subscriptionRow } from "../helpers/stripe-billing.ts";
import type { FakeStripe } from "../helpers/fake-stripe.ts";
import type { TestApp } from "../helpers/test-app.ts";

/**
 * POST /api/stripe/webhook: signatures, each event applied once, events late or out of order,
 * renewals, failed payments and cancellation; the ledger's kept balance always equals the sum of
 * its rows (ledger() checks it on every read).
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

const PRO = 20_000;
const grants = async (userId: string) =>
  (await ledger(app, userId)).filter((r) => r.reason.startsWith("grant_")).map((r) => r.idempotency_key);

/** Sends events as Stripe would (signed) and returns their outcomes. */
async function deliver(events: Record<string, unknown>[]): Promise<string[]> {
  const out: string[] = [];
  for (const e of events) {
    const d = await stripe.send(e);
    expect(d.status, d.body).toBe(200);
    out.push(JSON.parse(d.body).outcome);
  }
  return out;
}

describe("signature", () => {
  const event = {
    id: "evt_sig",
    object: "event",
    type: "customer.subscription.updated",
    created: 1,
    data: { object: {} },
  };
  const payload = JSON.stringify(event);

  it.each([
    ["missing", undefined],
    ["garbage", "nonsense"],
    ["signed with another secret", Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_other" })],
    ["too old", Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_fake_secret", timestamp: 1_000 })],
  ])("a %s signature is 400 billing/bad-signature and changes nothing", async (_name, signature) => {
    const res = await app.request("POST", "/stripe/webhook", {
      rawBody: payload,
      headers: signature ? { "stripe-signature": signature } : {},
    });
    expect([res.status, res.body.error.code]).toEqual([400, "billing/bad-signature"]);
    const seen = await app.deps.db.kysely
      .selectFrom("stripe_events")
      .select("id")
      .where("id", "=", "evt_sig")
      .execute();
    expect(seen).toEqual([]);
  });

  it("a body changed after signing is refused (the signature covers the exact bytes)", async () => {
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_fake_secret" });
    const res = await app.request("POST", "/stripe/webhook", {
      rawBody: payload.replace('"created":1', '"created": 1'),
      headers: { "stripe-signature": signature },
    });
    expect(res.status).toBe(400);
  });

  it("needs no bearer token, and a valid one changes nothing", async () => {
    const user = await createUser(app);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_fake_secret" });
    const res = await app.request("POST", "/stripe/webhook", {
      rawBody: payload,
      token: user.token,
      headers: { "stripe-signature": signature },
    });
    expect(res.body).toEqual({ received: true, outcome: "ignored" });
  });
});

describe("each event once", () => {
  it("a replayed checkout's events are duplicates: one subscription, one grant, one payment", async () => {
    const user = await createUser(app);
    const before = stripe.events.length;
    const subId = await subscribe(app, stripe, user);
    const events = stripe.events.slice(before);
    expect(await deliver(events)).toEqual(["duplicate", "duplicate", "duplicate"]);
    expect(await grants(user.user.uid)).toEqual([
      `period:${subId}:${(await subscriptionRow(app, subId)).current_period_start}`,
    ]);
    const payments = await app.deps.db.kysely
      .selectFrom("payments")
      .select("id")
      .where("user_id", "=", user.user.uid)
      .execute();
    expect(payments).toHaveLength(1);
  });

  it("the same event delivered five times at once is applied once", async () => {
    const user = await createUser(app);
    stripe.hold();
    const session = await startCheckout(app, user);
    await stripe.completeCheckout(session);
    const [created, paid, completed] = stripe.outbox.splice(0);
    await stripe.release();
    const all = await Promise.all([...Array(5)].map(() => stripe.send(created!)));
    expect(all.map((d) => JSON.parse(d.body).outcome).sort()).toEqual([
      "applied",
      "duplicate",
      "duplicate",
      "duplicate",
      "duplicate",
    ]);
    await deliver([paid!, completed!]);
    expect((await ledger(app, user.user.uid)).map((r) => [r.reason, r.delta])).toEqual([
      ["period_reset", 0],
      ["grant_period", PRO],
    ]);
  });
});

describe("out of order", () => {
  it("updated before created: the older created event does not undo the newer update", async () => {
    const user = await createUser(app);
    stripe.hold();
    const session = await startCheckout(app, user);
    const sub = await stripe.completeCheckout(session);
    const [created, paid, completed] = stripe.outbox.splice(0);
    await stripe.release();
    // The customer cancels at period end (in the portal) after those three events were made.
    Object.assign(stripe.subscriptions.get(sub.id)!, { cancel_at_period_end: true });
    const updated = {
      ...created!,
      id: "evt_updated_" + sub.id,
      type: "customer.subscription.updated",
      created: completed!.created + 5,
      data: { object: structuredClone(stripe.subscriptions.get(sub.id)) },
    };
    expect(await deliver([updated, created!])).toEqual(["applied", "ignored"]);
    let row = await subscriptionRow(app, sub.id);
    expect([row.status, row.cancel_at_period_end, Number(row.event_created)]).toEqual(["active", 1, updated.created]);
    expect(await deliver([completed!, paid!])).toEqual(["applied", "applied"]);
    row = await subscriptionRow(app, sub.id);
    expect(row.cancel_at_period_end).toBe(1);
    expect(await grants(user.user.uid)).toHaveLength(1);
  });

  it("an old update after a new one is ignored; the renewal's credits are granted once whatever the order", async () => {
    const user = await createUser(app);
    const subId = await subscribe(app, stripe, user);
    // Spend some of the first period's credits: what is left expires at the renewal.
    await append(app.deps.db, {
      userId: user.user.uid,
      delta: -1_500,
      reason: "answer",
      description: "an answer",
      idempotencyKey: `answer:${subId}`,
    });
    stripe.hold();
    await stripe.renew(subId); // period 2: invoice.paid, updated
    await stripe.renew(subId); // period 3: invoice.paid, updated
    const [paid2, updated2, paid3, updated3] = stripe.outbox.splice(0);
    await stripe.release();
    expect(await deliver([updated3!, paid2!, updated2!, paid3!])).toEqual(["applied", "applied", "ignored", "applied"]);
    const row = await subscriptionRow(app, subId);
    expect(Number(row.current_period_start)).toBe(updated3!.data.object.items.data[0].current_period_start);
    // Period 2 was never seen as current: its credits are not granted; period 3's are, once.
    expect(await deliver([updated3!, updated2!, paid3!])).toEqual(["duplicate", "duplicate", "duplicate"]);
    const rows = await ledger(app, user.user.uid);
    expect(rows.map((r) => [r.reason, r.delta, r.balance_after])).toEqual([
      ["period_reset", 0, 0],
      ["grant_period", PRO, PRO],
      ["answer", -1_500, PRO - 1_500],
      ["period_reset", -(PRO - 1_500), 0],
      ["grant_period", PRO, PRO],
    ]);
    const payments = await app.deps.db.kysely
      .selectFrom("payments")
      .select(["status", "amount"])
      .where("user_id", "=", user.user.uid)
      .execute();
    expect(payments.map((p) => [p.status, Number(p.amount)])).toEqual([
      ["paid", 4900],
      ["paid", 4900],
      ["paid", 4900],
    ]);
  });

  it("renewal: invoice.paid and the update in either order, delivered twice, grant the period once", async () => {
    for (const order of [
      [0, 1],
      [1, 0],
    ]) {
      const user = await createUser(app);
      const subId = await subscribe(app, stripe, user);
      stripe.hold();
      await stripe.renew(subId);
      const held = stripe.outbox.splice(0);
      await stripe.release();
      await deliver(order.map((i) => held[i]!));
      await deliver(held);
      const start = Number((await subscriptionRow(app, subId)).current_period_start);
      expect(await grants(user.user.uid)).toEqual([
        expect.stringMatching(new RegExp(`^period:${subId}:`)),
        `period:${subId}:${start}`,
      ]);
      expect((await ledger(app, user.user.uid)).at(-1)!.balance_after).toBe(PRO);
    }
  });

  it("a payload as old as ours to the second is settled by reading the subscription from Stripe", async () => {
    const user = await createUser(app);
    const subId = await subscribe(app, stripe, user);
    const row = await subscriptionRow(app, subId);
    const stale = structuredClone(stripe.subscriptions.get(subId)!);
    stale.status = "incomplete";
    const reads = stripe.requests.filter((r) => r === `GET /v1/subscriptions/${subId}`).length;
    const tie = {
      id: `evt_tie_${subId}`,
      object: "event",
      type: "customer.subscription.updated",
      created: Number(row.event_created),
      data: { object: stale },
    };
    expect(await deliver([tie])).toEqual(["applied"]);
    expect((await subscriptionRow(app, subId)).status).toBe("active");
    expect(stripe.requests.filter((r) => r === `GET /v1/subscriptions/${subId}`).length).toBe(reads + 1);
  });
});

describe("payments and cancellation", () => {
  it("a failed renewal payment makes the subscription past_due without credits; paying it grants the period", async () => {
    const user = await createUser(app);
    const subId = await subscribe(app, stripe, user);
    await stripe.failPayment(subId);
    const status = await app.api(billing.getSubscriptionStatus, { token: user.token });
    expect(status.body.subscriptions[0]!.status).toBe("past_due");
    const payments = await app.deps.db.kysely
      .selectFrom("payments")
      .select(["id", "status", "amount"])
      .where("user_id", "=", user.user.uid)
      .orderBy("created_at")
      .execute();
    expect(payments.map((p) => [p.status, Number(p.amount)]).sort()).toEqual([
      ["failed", 4900],
      ["paid", 4900],
    ]);
    expect(await grants(user.user.uid)).toHaveLength(1);
    // The card is updated and the open invoice paid: active again in the same period, granted once.
    const sub = stripe.subscriptions.get(subId)!;
    sub.status = "active";
    const failed = payments.find((p) => p.status === "failed")!;
    const invoice = stripe.events.find((e) => e.type === "invoice.payment_failed" && e.data.object.id === failed.id)!;
    const paidInvoice = { ...invoice.data.object, status: "paid", amount_paid: 4900, amount_remaining: 0 };
    const base = { object: "event", created: ++stripe.clock };
    await deliver([
      { ...base, id: `evt_paid_${subId}`, type: "invoice.paid", data: { object: paidInvoice } },
      {
        ...base,
        id: `evt_active_${subId}`,
        type: "customer.subscription.updated",
        created: ++stripe.clock,
        data: { object: structuredClone(sub) },
      },
      // A late copy of the failure changes nothing: a paid invoice stays paid.
      { ...invoice, id: `evt_late_${subId}` },
    ]);
    const after = await app.deps.db.kysely
      .selectFrom("payments")
      .select("status")
      .where("id", "=", failed.id)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe("paid");
    expect(await grants(user.user.uid)).toHaveLength(2);
    expect((await ledger(app, user.user.uid)).at(-1)!.balance_after).toBe(PRO);
  });

  it("cancelled at period end, then deleted: canceled, and a late update cannot revive it", async () => {
    const user = await createUser(app);
    const subId = await subscribe(app, stripe, user);
    await app.api(billing.cancelSubscription, { token: user.token, query: { subscription_id: subId } });
    const lateUpdate = stripe.events.filter((e) => e.type === "customer.subscription.updated").at(-1)!;
    await stripe.renew(subId);
    const row = await subscriptionRow(app, subId);
    expect([row.status, row.cancel_at_period_end]).toEqual(["canceled", 1]);
    expect(await deliver([{ ...lateUpdate, id: `evt_late_${subId}`, created: stripe.clock + 100 }])).toEqual([
      "ignored",
    ]);
    expect((await subscriptionRow(app, subId)).status).toBe("canceled");
    expect(await grants(user.user.uid)).toHaveLength(1);
  });

  it("events about customers we never made are acknowledged and ignored", async () => {
    const sub = structuredClone([...stripe.subscriptions.values()][0]!);
    Object.assign(sub, { id: "sub_stranger", customer: "cus_stranger", metadata: {} });
    const invoice = {
      id: "in_stranger",
      object: "invoice",
      customer: "cus_stranger",
      amount_paid: 100,
      currency: "usd",
    };
    expect(
      await deliver([
        {
          id: "evt_stranger_1",
          object: "event",
          type: "customer.subscription.created",
          created: 5,
          data: { object: sub },
        },
        { id: "evt_stranger_2", object: "event", type: "invoice.paid", created: 6, data: { object: invoice } },
        { id: "evt_stranger_3", object: "event", type: "charge.succeeded", created: 7, data: { object: {} } },
      ]),
    ).toEqual(["ignored", "ignored", "ignored"]);
    const rows = await app.deps.db.kysely
      .selectFrom("subscriptions")
      .select("id")
      .where("id", "=", "sub_stranger")
      .execute();
    expect(rows).toEqual([]);
  });
});
