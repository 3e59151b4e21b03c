import { z } from "zod";
import { endpoint, rawEndpoint } from "./endpoint.ts";

/*
 * Plans, credits, storage and subscriptions (spec sections 1-3, 7 and 9; issue 15). Two modes:
 * billing off (no Stripe key: nothing is checked, storage limited only by STORAGE_QUOTA_BYTES)
 * and billing on (Stripe). Credits are a ledger (backend/billing/ledger-repo.ts): every grant and
 * charge is a row; the balance is the sum of the rows.
 */

/** A public plan (spec section 3). storage_quota is in GB; compute_credits_quota in credits. */
export const publicPlan = z.object({
  name: z.string(),
  product_type: z.string(),
  monthly_price: z.number().nonnegative(),
  storage_quota: z.number().nonnegative(),
  compute_credits_quota: z.number().int().nonnegative(),
  description: z.string(),
  price_id: z.string(),
});
export type PublicPlan = z.infer<typeof publicPlan>;

export const promotion = z.object({
  product_type: z.string(),
  name: z.string(),
  trial_days: z.number().int().positive(),
});
export type Promotion = z.infer<typeof promotion>;

/** Stripe's subscription statuses, stored as Stripe sends them. */
export const subscriptionStatus = z.enum([
  "trialing",
  "active",
  "past_due",
  "canceled",
  "unpaid",
  "incomplete",
  "incomplete_expired",
  "paused",
]);
export type SubscriptionStatus = z.infer<typeof subscriptionStatus>;

/** Spec section 3: a subscription with its status and current_period_end (epoch seconds). */
export const subscription = z.object({
  id: z.string(),
  status: subscriptionStatus,
  /** The plan's product_type. */
  product_type: z.string(),
  plan_name: z.string(),
  current_period_end: z.number().int(),
  cancel_at_period_end: z.boolean(),
  trial_end: z.number().int().nullable(),
});
export type Subscription = z.infer<typeof subscription>;

/** One ledger row as the Usage tab lists it (credits: positive is a grant, negative a charge). */
export const usageItem = z.object({
  id: z.string(),
  created_at: z.string(),
  /** grant_period | grant_trial | grant_admin | period_reset | answer | indexing | hold | release */
  reason: z.string(),
  description: z.string(),
  credits: z.number().int(),
  balance_after: z.number().int(),
  /** Metered cost behind a charge, when known (model calls). */
  cost_usd: z.number().nullable(),
  workspace_id: z.string().nullable(),
  thread_id: z.string().nullable(),
});
export type UsageItem = z.infer<typeof usageItem>;

export const payment = z.object({
  id: z.string(),
  created_at: z.string(),
  /** Smallest currency unit (cents). */
  amount: z.number().int(),
  currency: z.string(),
  /** paid | failed | open */
  status: z.string(),
  description: z.string(),
  period_start: z.number().int().nullable(),
  period_end: z.number().int().nullable(),
});
export type Payment = z.infer<typeof payment>;

/** Spec section 7: usage and payment history pages with cursor `after` and `limit`. */
export const historyQuery = z.object({
  after: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
const historyNext = z.string().nullable().describe("Pass as `after` for the next page; null on the last page.");

const clientSecret = z.object({ clientSecret: z.string() });

export const listPublicPlans = endpoint({
  method: "get",
  path: "/public/subscription-plans",
  summary: "The plans anyone can subscribe to, cheapest first; billing_enabled false when this server has no billing",
  tag: "billing",
  auth: "public",
  response: z.object({
    plans: z.array(publicPlan),
    test_mode: z.boolean(),
    billing_enabled: z.boolean(),
    /** Stripe's publishable key for Stripe.js; null with billing off. */
    publishable_key: z.string().nullable(),
  }),
  status: 200,
});

export const getPromoAvailable = endpoint({
  method: "get",
  path: "/promo_available",
  summary: "Free-trial promotions the caller may start (none once the caller has had a subscription)",
  tag: "billing",
  auth: "optional",
  response: z.object({ valid_promotions: z.array(promotion) }),
  status: 200,
});

export const getBalance = endpoint({
  method: "get",
  path: "/users/me/balance",
  summary: "The credit balance (the sum of the caller's ledger rows) and what holds reserve",
  tag: "billing",
  auth: "user",
  status: 200,
  response: z.object({
    billing_enabled: z.boolean(),
    balance: z.number().int(),
    /** Credits held by answers still streaming (already counted in balance). */
    held: z.number().int(),
    /** Total compute cost metered (USD), all time; shown with billing off too. */
    compute_used_usd: z.number(),
  }),
});

export const listUsages = endpoint({
  method: "get",
  path: "/users/me/usages",
  summary: "The caller's credit ledger, newest first",
  tag: "billing",
  auth: "user",
  status: 200,
  query: historyQuery,
  response: z.object({ items: z.array(usageItem), next_cursor: historyNext }),
});

export const listPayments = endpoint({
  method: "get",
  path: "/users/me/payments",
  summary: "The caller's payments (invoices paid or failed), newest first",
  tag: "billing",
  auth: "user",
  status: 200,
  query: historyQuery,
  response: z.object({ items: z.array(payment), next_cursor: historyNext }),
});

export const getCredits = endpoint({
  method: "get",
  path: "/users/me/credits",
  summary: "Spec section 3: credits (balance), quota (the plan's credits per period), subscription (plan name)",
  tag: "billing",
  auth: "user",
  status: 200,
  response: z.object({
    credits: z.number().int(),
    quota: z.number().int(),
    subscription: z.string().nullable(),
    billing_enabled: z.boolean(),
  }),
});

export const getSubscriptionPlan = endpoint({
  method: "get",
  path: "/users/me/subscription-plan",
  summary: "The caller's plan: null (none), 'free' (a price-0 plan) or the paid plan's product_type",
  tag: "billing",
  auth: "user",
  status: 200,
  response: z.object({ plan: z.string().nullable(), billing_enabled: z.boolean() }),
});

export const getSubscriptionStatus = endpoint({
  method: "get",
  path: "/subscription-status",
  summary: "The caller's subscriptions, newest first (anonymous callers: none)",
  tag: "billing",
  auth: "optional",
  status: 200,
  response: z.object({ subscriptions: z.array(subscription), billing_enabled: z.boolean() }),
});

/** The checkout calls take their inputs in the query string (spec section 7). */
export const createCheckoutSessionTrial = endpoint({
  method: "post",
  path: "/create-checkout-session-trial",
  summary: "Embedded checkout for a free-trial promotion",
  tag: "billing",
  auth: "user",
  status: 200,
  query: z.object({ promotion_name: z.string().min(1).max(200), email: z.string().max(320).optional() }),
  response: clientSecret,
});

export const createCheckoutSessionPricing = endpoint({
  method: "post",
  path: "/create-checkout-session-pricing",
  summary: "Embedded checkout for the default paid plan (the cheapest one above the free plan)",
  tag: "billing",
  auth: "user",
  status: 200,
  query: z.object({ email: z.string().max(320).optional() }),
  response: clientSecret,
});

export const createCheckoutSession = endpoint({
  method: "post",
  path: "/create-checkout-session",
  summary: "Embedded checkout for a plan's price",
  tag: "billing",
  auth: "user",
  status: 200,
  query: z.object({ price_id: z.string().min(1).max(200), email: z.string().max(320).optional() }),
  response: clientSecret,
});

export const cancelSubscription = endpoint({
  method: "post",
  path: "/cancel-subscription",
  summary: "Cancel the caller's subscription at the end of its period",
  tag: "billing",
  auth: "user",
  status: 200,
  query: z.object({ subscription_id: z.string().min(1).max(200) }),
  response: z.object({ subscription }),
});

export const createPortalSession = endpoint({
  method: "post",
  path: "/create-portal-session",
  summary: "A Stripe customer-portal link for the caller; the browser navigates to it",
  tag: "billing",
  auth: "user",
  status: 200,
  response: z.object({ url: z.string() }),
});

export const createTrial = endpoint({
  method: "post",
  path: "/create-trial",
  summary: "Start a promotion's free trial without a card (once per user)",
  tag: "billing",
  auth: "user",
  status: 200,
  query: z.object({ promotion_type: z.string().min(1).max(200) }),
  response: z.object({ subscription }),
});

export const getCheckoutSession = endpoint({
  method: "get",
  path: "/checkout-sessions/{id}",
  summary: "The return page's check: a checkout session of the caller's and whether it completed",
  tag: "billing",
  auth: "user",
  status: 200,
  params: z.object({ id: z.string().min(1).max(300) }),
  response: z.object({ status: z.enum(["open", "complete", "expired"]), subscription: subscription.nullable() }),
});

export const adminGrantCredits = endpoint({
  method: "post",
  path: "/admin/users/{id}/credits",
  summary: "Grant (or with a negative amount, take back) credits (admin); idempotent per key",
  tag: "billing",
  auth: "admin",
  status: 200,
  params: z.object({ id: z.string().min(1).max(200) }),
  body: z.object({
    credits: z.number().int().min(-1_000_000_000).max(1_000_000_000),
    reason: z.string().min(1).max(500),
    idempotency_key: z.string().min(1).max(200),
  }),
  response: z.object({ balance: z.number().int() }),
});

/**
 * Stripe's webhook (issue 15): the raw body, verified with the Stripe-Signature header (a bad or
 * missing signature is 400 billing/bad-signature). No bearer token: Stripe is the caller.
 */
export const stripeWebhook = rawEndpoint({
  method: "post",
  path: "/stripe/webhook",
  summary: "Stripe's events (subscriptions, checkout, invoices), signed; each applied once",
  tag: "billing",
  auth: "public",
  response: {
    contentType: "application/json",
    schema: z.object({ received: z.literal(true), outcome: z.enum(["applied", "duplicate", "ignored"]) }),
    description: "The event was applied, had been applied before, or needs nothing from us",
    status: 200,
  },
});
