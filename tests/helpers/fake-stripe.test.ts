import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseForm, startFakeStripe, type FakeStripe } from "./fake-stripe.ts";

/**
 * The fake Stripe as the real SDK and a browser journey use it: SDK calls, Stripe's error format,
 * the HTTP test controls, and events a webhook verifies with the real SDK.
 */
let stripe: FakeStripe;
let sdk: Stripe;
let hook: http.Server;
const received: Stripe.Event[] = [];
beforeAll(async () => {
  stripe = await startFakeStripe();
  const url = new URL(stripe.url);
  sdk = new Stripe("sk_test_fake", { host: url.hostname, port: url.port, protocol: "http", maxNetworkRetries: 0 });
  hook = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    try {
      received.push(
        sdk.webhooks.constructEvent(
          Buffer.concat(chunks),
          String(req.headers["stripe-signature"]),
          stripe.env.STRIPE_WEBHOOK_SECRET,
        ),
      );
      res.writeHead(200).end("{}");
    } catch {
      res.writeHead(400).end("bad signature");
    }
  });
  await new Promise<void>((resolve) => hook.listen(0, "127.0.0.1", resolve));
  stripe.webhookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await stripe?.close();
  hook?.close();
});

const post = (path: string, init: RequestInit = {}) => fetch(`${stripe.url}${path}`, { method: "POST", ...init });

describe("fake Stripe", () => {
  it("parses Stripe's bracketed form fields", () => {
    expect(parseForm("a[b][0][c]=1&a[b][1][c]=2&m[user_id]=u&x=y")).toEqual({
      a: { b: [{ c: "1" }, { c: "2" }] },
      m: { user_id: "u" },
      x: "y",
    });
  });

  it("serves the SDK, answers unknown objects in Stripe's error format, and replays idempotent creates", async () => {
    const c1 = await sdk.customers.create({ email: "a@example.com" }, { idempotencyKey: "k1" });
    const c2 = await sdk.customers.create({ email: "a@example.com" }, { idempotencyKey: "k1" });
    expect(c2.id).toBe(c1.id);
    const err = await sdk.subscriptions.retrieve("sub_nope").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(err).toMatchObject({ code: "resource_missing", statusCode: 404 });
  });

  it("completes a checkout by its client secret over HTTP, renews, fails a payment; every event signed", async () => {
    const customer = await sdk.customers.create({ email: "b@example.com" });
    const session = await sdk.checkout.sessions.create({
      mode: "subscription",
      ui_mode: "embedded_page",
      customer: customer.id,
      line_items: [{ price: "price_pro", quantity: 1 }],
      return_url: "http://app/return?session_id={CHECKOUT_SESSION_ID}",
    });
    expect(session.return_url).toBe(`http://app/return?session_id=${session.id}`);
    const preflight = await fetch(`${stripe.url}/__fake/client_secrets/x/complete`, { method: "OPTIONS" });
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    const done = await post(`/__fake/client_secrets/${session.client_secret}/complete`);
    const sub = (await done.json()) as Stripe.Subscription;
    expect(sub.status).toBe("active");
    expect((await sdk.checkout.sessions.retrieve(session.id)).status).toBe("complete");
    await post(`/__fake/subscriptions/${sub.id}/renew`);
    await post(`/__fake/subscriptions/${sub.id}/fail_payment`);
    expect((await sdk.subscriptions.retrieve(sub.id)).status).toBe("past_due");
    expect(received.map((e) => e.type)).toEqual([
      "customer.subscription.created",
      "invoice.paid",
      "checkout.session.completed",
      "invoice.paid",
      "customer.subscription.updated",
      "invoice.payment_failed",
      "customer.subscription.updated",
    ]);
    const created = received.map((e) => e.created);
    expect([...created].sort((a, b) => a - b)).toEqual(created);
    expect(stripe.deliveries.every((d) => d.status === 200)).toBe(true);
  });

  it("the portal page cancels at period end and goes back to the return URL", async () => {
    const customer = await sdk.customers.create({});
    const sub = await sdk.subscriptions.create({ customer: customer.id, items: [{ price: "price_team" }] });
    const portal = await sdk.billingPortal.sessions.create({
      customer: customer.id,
      return_url: "http://app/subscription",
    });
    expect(await (await fetch(portal.url)).text()).toContain("Cancel plan");
    const res = await fetch(`${portal.url}/cancel`, { method: "POST", redirect: "manual" });
    expect([res.status, res.headers.get("location")]).toEqual([303, "http://app/subscription"]);
    expect((await sdk.subscriptions.retrieve(sub.id)).cancel_at_period_end).toBe(true);
  });

  it("records a request it does not serve (which fails the running test through fake-guard)", async () => {
    const res = await fetch(`${stripe.url}/v1/charges`);
    expect(res.status).toBe(500);
    expect(stripe.unexpected.splice(0)).toEqual(["GET /v1/charges"]);
  });
});
