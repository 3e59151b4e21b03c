/** Stripe's objects and wire format for the fake Stripe (fake-stripe.ts). */
import crypto from "node:crypto";

// The objects are Stripe's JSON, built loosely: the SDK's types describe them, we only write them.
export type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const MONTH = 30 * 24 * 3600;
export const DEFAULT_PRICES = { price_basic: 0, price_pro: 4900, price_team: 19900 };
export const stripeId = (prefix: string) => `${prefix}_${crypto.randomBytes(10).toString("hex")}`;

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

export class StripeFail extends Error {
  constructor(
    readonly status: number,
    readonly error: Obj,
  ) {
    super(error.message);
  }
}

export const missing = (kind: string, key: string) =>
  new StripeFail(404, {
    type: "invalid_request_error",
    code: "resource_missing",
    message: `No such ${kind}: '${key}'`,
    param: "id",
  });

/** A monthly recurring price in usd. */
export function priceObject(priceId: string, unitAmount: number): Obj {
  return {
    id: priceId,
    object: "price",
    active: true,
    currency: "usd",
    product: `prod_${priceId}`,
    recurring: { interval: "month", interval_count: 1 },
    type: "recurring",
    unit_amount: unitAmount,
  };
}

/** A subscription starting `now` (trialing for `trialDays`, else active), one item of `price`. */
export function subscriptionObject(o: {
  customer: string;
  price: Obj;
  metadata?: Obj;
  trialDays: number;
  now: number;
}): Obj {
  const { customer, trialDays } = o;
  const start = o.now;
  const subId = stripeId("sub");
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
    metadata: o.metadata ?? {},
    trial_start: trialEnd ? start : null,
    trial_end: trialEnd,
    latest_invoice: null,
    items: {
      object: "list",
      has_more: false,
      url: `/v1/subscription_items?subscription=${subId}`,
      data: [
        {
          id: stripeId("si"),
          object: "subscription_item",
          price: o.price,
          quantity: 1,
          subscription: subId,
          current_period_start: start,
          current_period_end: trialEnd ?? start + MONTH,
        },
      ],
    },
  };
  return sub;
}

/** The invoice of a subscription's current period. */
export function invoiceObject(sub: Obj, status: "paid" | "open", reason: string, now: number): Obj {
  const item = sub.items.data[0];
  const amount = sub.status === "trialing" ? 0 : item.price.unit_amount;
  const invoice: Obj = {
    id: stripeId("in"),
    object: "invoice",
    customer: sub.customer,
    status,
    billing_reason: reason,
    amount_due: amount,
    amount_paid: status === "paid" ? amount : 0,
    amount_remaining: status === "paid" ? 0 : amount,
    currency: "usd",
    created: now,
    description: null,
    livemode: false,
    parent: { type: "subscription_details", subscription_details: { subscription: sub.id, metadata: sub.metadata } },
    lines: {
      object: "list",
      has_more: false,
      data: [
        {
          id: stripeId("il"),
          object: "line_item",
          amount,
          currency: "usd",
          period: { start: item.current_period_start, end: item.current_period_end },
          pricing: { type: "price_details", price_details: { price: item.price.id, product: item.price.product } },
        },
      ],
    },
  };
  return invoice;
}
