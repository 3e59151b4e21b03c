/**
 * A local Stripe for the calls the backend makes, spoken to by the real `stripe` SDK
 * (STRIPE_API_URL = `url`): form-encoded bodies, Stripe's JSON objects and its error format
 * ({"error": {type, code, message, param}}, 404 resource_missing), Idempotency-Key replays.
 * Served: customers (create), checkout sessions (create, retrieve), billing portal sessions
 * (create), subscriptions (create, retrieve, update, cancel). Anything else answers 500 and fails
 * the running test (fake-guard.ts).
 *
 * What Stripe would do on its own is done by test controls, in code or over HTTP (for Playwright):
 * - POST /__fake/checkout_sessions/{id}/complete (or /__fake/client_secrets/{secret}/complete):
 *   the customer paid: a subscription (trialing when the session asked for a trial), its invoice,
 *   and the events customer.subscription.created, invoice.paid, checkout.session.completed;
 * - POST /__fake/subscriptions/{id}/renew: the period ends: the next period (invoice.paid,
 *   customer.subscription.updated), or, when set to cancel at period end, customer.subscription.deleted;
 * - POST /__fake/subscriptions/{id}/fail_payment: the renewal's payment fails (invoice.payment_failed,
 *   customer.subscription.updated to past_due);
 * - GET /__fake/portal/{id}: a customer-portal page whose button cancels at period end.
 * Events are signed with the real scheme (stripe.webhooks.generateTestHeaderString) and POSTed to
 * `webhookUrl`, one after another; with `hold()` they wait in `outbox` for the test to send in
 * any order or twice. Event `created` times come from a clock that moves one second per event.
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { guardFake } from "./fake-guard.ts";

// The objects are Stripe's JSON, built loosely: the SDK's types describe them, we only write them.
type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface FakeStripeOptions {
  /** price id -> monthly amount in cents (default: the built-in catalogue's Basic, Pro and Team). */
  prices?: Record<string, number>;
  webhookUrl?: string;
  webhookSecret?: string;
  port?: number;
}

export interface Delivery {
  event: Obj;
  status: number;
  body: string;
}

export interface FakeStripe {
  url: string;
  /** The server environment for billing on, pointing the SDK here. */
  env: Record<"STRIPE_SECRET_KEY" | "STRIPE_PUBLISHABLE_KEY" | "STRIPE_WEBHOOK_SECRET" | "STRIPE_API_URL", string>;
  webhookUrl: string | undefined;
  customers: Map<string, Obj>;
  sessions: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  /** Every event made, in order. */
  events: Obj[];
  /** Events made while held, not yet sent. */
  outbox: Obj[];
  deliveries: Delivery[];
  requests: string[];
  unexpected: string[];
  /** Epoch seconds of the fake's clock. */
  clock: number;
  hold(): void;
  /** Sends every held event in order and stops holding. */
  release(): Promise<Delivery[]>;
  /** Sends one event (again), signed; `signature` replaces the header. */
  send(event: Obj, o?: { signature?: string }): Promise<Delivery>;
  completeCheckout(sessionId: string): Promise<Obj>;
  renew(subscriptionId: string): Promise<Obj>;
  failPayment(subscriptionId: string): Promise<Obj>;
  close(): Promise<void>;
}

const MONTH = 30 * 24 * 3600;
const DEFAULT_PRICES = { price_basic: 0, price_pro: 4900, price_team: 19900 };
const id = (prefix: string) => `${prefix}_${crypto.randomBytes(10).toString("hex")}`;

/** `a[b][0][c]=v` form fields into nested objects (arrays where the keys are numbers). */
export function parseForm(body: string): Obj {
  const out: Obj = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.replace(/\]/g, "").split("[");
    let node = out;
    parts.forEach((p, i) => {
      if (i === parts.length - 1) node[p] = value;
      else node = node[p] ??= /^\d+$/.test(parts[i + 1]!) ? [] : {};
    });
  }
  return out;
}

class StripeFail extends Error {
  constructor(
    readonly status: number,
    readonly error: Obj,
  ) {
    super(error.message);
  }
}

const missing = (kind: string, key: string) =>
  new StripeFail(404, {
    type: "invalid_request_error",
    code: "resource_missing",
    message: `No such ${kind}: '${key}'`,
    param: "id",
  });

export async function startFakeStripe(o: FakeStripeOptions = {}): Promise<FakeStripe> {
  const prices: Record<string, number> = o.prices ?? DEFAULT_PRICES;
  const secret = o.webhookSecret ?? "whsec_fake_secret";
  const idempotent = new Map<string, { status: number; body: string }>();
  let holding = false;

  const fake = {
    customers: new Map<string, Obj>(),
    sessions: new Map<string, Obj>(),
    subscriptions: new Map<string, Obj>(),
    invoices: new Map<string, Obj>(),
    events: [] as Obj[],
    outbox: [] as Obj[],
    deliveries: [] as Delivery[],
    requests: [] as string[],
    unexpected: [] as string[],
    clock: Math.floor(Date.now() / 1000),
    webhookUrl: o.webhookUrl,
  };

  const tick = () => ++fake.clock;
  const price = (priceId: string): Obj => {
    if (!(priceId in prices)) throw missing("price", priceId);
    return {
      id: priceId,
      object: "price",
      active: true,
      currency: "usd",
      product: `prod_${priceId}`,
      recurring: { interval: "month", interval_count: 1 },
      type: "recurring",
      unit_amount: prices[priceId],
    };
  };

  async function send(event: Obj, so: { signature?: string } = {}): Promise<Delivery> {
    if (!fake.webhookUrl) throw new Error("fake Stripe: no webhookUrl to send events to");
    const payload = JSON.stringify(event);
    const signature = so.signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret });
    const res = await fetch(fake.webhookUrl, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body: payload,
    });
    const delivery = { event, status: res.status, body: await res.text() };
    fake.deliveries.push(delivery);
    return delivery;
  }

  async function emit(type: string, object: Obj): Promise<Obj> {
    const event = {
      id: id("evt"),
      object: "event",
      api_version: Stripe.API_VERSION,
      created: tick(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(object) },
    };
    fake.events.push(event);
    if (holding || !fake.webhookUrl) fake.outbox.push(event);
    else await send(event);
    return event;
  }

  function newSubscription(customer: string, priceId: string, metadata: Obj, trialDays: number): Obj {
    const start = fake.clock;
    const subId = id("sub");
    const trialEnd = trialDays > 0 ? start + trialDays * 24 * 3600 : null;
    const sub: Obj = {
      id: subId,
      object: "subscription",
      customer,
      status: trialEnd ? "trialing" : "active",
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      created: start,
      start_date: start,
      currency: "usd",
      livemode: false,
      metadata: metadata ?? {},
      trial_start: trialEnd ? start : null,
      trial_end: trialEnd,
      latest_invoice: null,
      items: {
        object: "list",
        has_more: false,
        url: `/v1/subscription_items?subscription=${subId}`,
        data: [
          {
            id: id("si"),
            object: "subscription_item",
            price: price(priceId),
            quantity: 1,
            subscription: subId,
            current_period_start: start,
            current_period_end: trialEnd ?? start + MONTH,
          },
        ],
      },
    };
    fake.subscriptions.set(subId, sub);
    return sub;
  }

  function invoiceFor(sub: Obj, status: "paid" | "open", reason: string): Obj {
    const item = sub.items.data[0];
    const amount = sub.status === "trialing" ? 0 : item.price.unit_amount;
    const invoice: Obj = {
      id: id("in"),
      object: "invoice",
      customer: sub.customer,
      status,
      billing_reason: reason,
      amount_due: amount,
      amount_paid: status === "paid" ? amount : 0,
      amount_remaining: status === "paid" ? 0 : amount,
      currency: "usd",
      created: fake.clock,
      description: null,
      livemode: false,
      parent: { type: "subscription_details", subscription_details: { subscription: sub.id, metadata: sub.metadata } },
      lines: {
        object: "list",
        has_more: false,
        data: [
          {
            id: id("il"),
            object: "line_item",
            amount,
            currency: "usd",
            period: { start: item.current_period_start, end: item.current_period_end },
            pricing: { type: "price_details", price_details: { price: item.price.id, product: item.price.product } },
          },
        ],
      },
    };
    fake.invoices.set(invoice.id, invoice);
    sub.latest_invoice = invoice.id;
    return invoice;
  }

  const getOr404 = (map: Map<string, Obj>, kind: string, key: string) => {
    const v = map.get(key);
    if (!v) throw missing(kind, key);
    return v;
  };

  async function completeCheckout(sessionId: string): Promise<Obj> {
    const session = getOr404(fake.sessions, "checkout.session", sessionId);
    if (session.status !== "open") throw new Error(`fake Stripe: session ${sessionId} is ${session.status}`);
    tick();
    const data = session.subscription_data ?? {};
    const sub = newSubscription(
      session.customer,
      session.line_items[0].price,
      data.metadata ?? {},
      Number(data.trial_period_days ?? 0),
    );
    const invoice = invoiceFor(sub, "paid", "subscription_create");
    Object.assign(session, { status: "complete", payment_status: "paid", subscription: sub.id });
    await emit("customer.subscription.created", sub);
    await emit("invoice.paid", invoice);
    await emit("checkout.session.completed", session);
    return sub;
  }

  async function renew(subId: string): Promise<Obj> {
    const sub = getOr404(fake.subscriptions, "subscription", subId);
    const item = sub.items.data[0];
    fake.clock = Math.max(fake.clock, item.current_period_end);
    if (sub.cancel_at_period_end) {
      Object.assign(sub, { status: "canceled", ended_at: fake.clock, canceled_at: sub.canceled_at ?? fake.clock });
      await emit("customer.subscription.deleted", sub);
      return sub;
    }
    item.current_period_start = item.current_period_end;
    item.current_period_end = item.current_period_start + MONTH;
    sub.status = "active";
    const invoice = invoiceFor(sub, "paid", "subscription_cycle");
    await emit("invoice.paid", invoice);
    await emit("customer.subscription.updated", sub);
    return sub;
  }

  async function failPayment(subId: string): Promise<Obj> {
    const sub = getOr404(fake.subscriptions, "subscription", subId);
    const item = sub.items.data[0];
    fake.clock = Math.max(fake.clock, item.current_period_end);
    item.current_period_start = item.current_period_end;
    item.current_period_end = item.current_period_start + MONTH;
    sub.status = "past_due";
    const invoice = invoiceFor(sub, "open", "subscription_cycle");
    await emit("invoice.payment_failed", invoice);
    await emit("customer.subscription.updated", sub);
    return sub;
  }

  async function cancelAtPeriodEnd(sub: Obj, cancel: boolean): Promise<void> {
    tick();
    Object.assign(sub, {
      cancel_at_period_end: cancel,
      cancel_at: cancel ? sub.items.data[0].current_period_end : null,
      canceled_at: cancel ? fake.clock : null,
    });
    await emit("customer.subscription.updated", sub);
  }

  const portals = new Map<string, Obj>();

  /** The Stripe API: the object answered, or a StripeFail (status 0: not a call we serve). */
  async function api(method: string, path: string, form: Obj): Promise<Obj> {
    let m: RegExpMatchArray | null;
    if (method === "POST" && path === "/v1/customers") {
      const c: Obj = { id: id("cus"), object: "customer", created: fake.clock, livemode: false, ...form };
      c.metadata ??= {};
      fake.customers.set(c.id, c);
      return c;
    }
    if (method === "POST" && path === "/v1/checkout/sessions") {
      getOr404(fake.customers, "customer", form.customer);
      (form.line_items ?? []).forEach((l: Obj) => price(l.price));
      const sid = id("cs_test");
      const s = {
        id: sid,
        object: "checkout.session",
        client_secret: `${sid}_secret_${crypto.randomBytes(8).toString("hex")}`,
        status: "open",
        payment_status: "unpaid",
        subscription: null,
        created: fake.clock,
        livemode: false,
        ...form,
        return_url: String(form.return_url ?? "").replace("{CHECKOUT_SESSION_ID}", sid),
      };
      fake.sessions.set(sid, s);
      return s;
    }
    if (method === "GET" && (m = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/)))
      return getOr404(fake.sessions, "checkout.session", m[1]!);
    if (method === "POST" && path === "/v1/billing_portal/sessions") {
      getOr404(fake.customers, "customer", form.customer);
      const pid = id("bps");
      const portal = { id: pid, object: "billing_portal.session", url: `${server.url}/__fake/portal/${pid}`, ...form };
      portals.set(pid, portal);
      return portal;
    }
    if (method === "POST" && path === "/v1/subscriptions") {
      getOr404(fake.customers, "customer", form.customer);
      tick();
      const sub = newSubscription(
        form.customer,
        form.items[0].price,
        form.metadata,
        Number(form.trial_period_days ?? 0),
      );
      await emit("customer.subscription.created", sub);
      return sub;
    }
    if ((m = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const sub = getOr404(fake.subscriptions, "subscription", m[1]!);
      if (method === "GET") return sub;
      if (method === "POST") {
        if ("cancel_at_period_end" in form) await cancelAtPeriodEnd(sub, form.cancel_at_period_end === "true");
        return sub;
      }
      if (method === "DELETE") {
        tick();
        Object.assign(sub, { status: "canceled", canceled_at: fake.clock, ended_at: fake.clock });
        await emit("customer.subscription.deleted", sub);
        return sub;
      }
    }
    throw new StripeFail(0, {});
  }

  async function control(method: string, path: string): Promise<Obj | string | null> {
    let m: RegExpMatchArray | null;
    if (method === "POST" && (m = path.match(/^\/__fake\/checkout_sessions\/([^/]+)\/complete$/)))
      return completeCheckout(m[1]!);
    if (method === "POST" && (m = path.match(/^\/__fake\/client_secrets\/([^/]+)\/complete$/)))
      return completeCheckout(m[1]!.split("_secret_")[0]!);
    if (method === "POST" && (m = path.match(/^\/__fake\/subscriptions\/([^/]+)\/renew$/))) return renew(m[1]!);
    if (method === "POST" && (m = path.match(/^\/__fake\/subscriptions\/([^/]+)\/fail_payment$/)))
      return failPayment(m[1]!);
    if (method === "GET" && (m = path.match(/^\/__fake\/portal\/([^/]+)$/))) {
      const p = portals.get(m[1]!);
      if (!p) return null;
      return `<!doctype html><title>Fake customer portal</title><h1>Customer portal</h1>
<form method="post" action="/__fake/portal/${m[1]}/cancel"><button>Cancel plan</button></form>
<a href="${p.return_url}">Return to ${p.return_url}</a>`;
    }
    if (method === "POST" && (m = path.match(/^\/__fake\/portal\/([^/]+)\/cancel$/))) {
      const p = portals.get(m[1]!);
      if (!p) return null;
      for (const sub of fake.subscriptions.values())
        if (sub.customer === p.customer && sub.status !== "canceled") await cancelAtPeriodEnd(sub, true);
      return { redirect: p.return_url };
    }
    if (method === "GET" && path === "/__fake/state")
      return { clock: fake.clock, subscriptions: [...fake.subscriptions.values()], events: fake.events.length };
    return null;
  }

  const httpServer = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake.local");
    const line = `${req.method} ${url.pathname}${url.search}`;
    fake.requests.push(line);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const json = (status: number, value: unknown) =>
      res
        .writeHead(status, {
          "content-type": "application/json",
          "request-id": id("req"),
          "access-control-allow-origin": "*",
        })
        .end(JSON.stringify(value));
    try {
      if (url.pathname.startsWith("/__fake/")) {
        if (req.method === "OPTIONS")
          return res
            .writeHead(204, { "access-control-allow-origin": "*", "access-control-allow-methods": "GET, POST" })
            .end();
        const out = await control(req.method ?? "GET", url.pathname);
        if (out === null) throw new StripeFail(0, {});
        if (typeof out === "string") return res.writeHead(200, { "content-type": "text/html" }).end(out);
        if ("redirect" in out) return res.writeHead(303, { location: out.redirect }).end();
        return json(200, out);
      }
      const key = req.method === "POST" ? req.headers["idempotency-key"] : undefined;
      const replay = typeof key === "string" ? idempotent.get(`${url.pathname} ${key}`) : undefined;
      if (replay)
        return res
          .writeHead(replay.status, { "content-type": "application/json", "idempotent-replayed": "true" })
          .end(replay.body);
      const query = Object.fromEntries(url.searchParams);
      const result = await api(req.method ?? "GET", url.pathname, { ...query, ...parseForm(body) });
      const text = JSON.stringify(result);
      if (typeof key === "string") idempotent.set(`${url.pathname} ${key}`, { status: 200, body: text });
      return res.writeHead(200, { "content-type": "application/json", "request-id": id("req") }).end(text);
    } catch (err) {
      if (err instanceof StripeFail && err.status) return json(err.status, { error: err.error });
      const what = err instanceof StripeFail ? line : `${line} -> ${(err as Error).message}`;
      fake.unexpected.push(what);
      return json(500, { error: { type: "api_error", message: `fake Stripe: unexpected request ${what}` } });
    }
  });
  await new Promise<void>((resolve) => httpServer.listen(o.port ?? 0, "127.0.0.1", resolve));
  guardFake("fake-stripe", fake.unexpected);
  const server = { url: `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}` };

  return Object.assign(fake, {
    url: server.url,
    env: {
      STRIPE_SECRET_KEY: "sk_test_fake",
      STRIPE_PUBLISHABLE_KEY: "pk_test_fake",
      STRIPE_WEBHOOK_SECRET: secret,
      STRIPE_API_URL: server.url,
    },
    hold() {
      holding = true;
    },
    async release() {
      holding = false;
      const out: Delivery[] = [];
      for (const e of fake.outbox.splice(0)) out.push(await send(e));
      return out;
    },
    send,
    completeCheckout,
    renew,
    failPayment,
    async close() {
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  });
}
