import type { Executor } from "../platform/db/index.ts";
import { now } from "../platform/clock.ts";
import type { SubscriptionStatus } from "../../contracts/billing.ts";

/*
 * Stripe's side of billing (issue 15): subscriptions and payments as the webhooks report them,
 * the webhook events already applied, and the account's Stripe customer and trial flag
 * (billing_accounts.stripe_customer_id, trial_used; its balance is the ledger's, ledger-repo.ts).
 */

export interface SubscriptionRow {
  id: string;
  userId: string;
  customerId: string;
  status: SubscriptionStatus;
  productType: string;
  priceId: string;
  periodStart: number;
  periodEnd: number;
  cancelAtPeriodEnd: boolean;
  trialEnd: number | null;
  canceledAt: number | null;
  /** `created` of the newest Stripe event applied (0: read from Stripe, not from an event). */
  eventCreated: number;
}

const num = (v: number | string) => Number(v);
const numOrNull = (v: number | string | null) => (v === null ? null : Number(v));

async function ensureAccount(db: Executor, userId: string): Promise<void> {
  const at = now();
  await db
    .insertInto("billing_accounts")
    .values({ user_id: userId, balance: 0, trial_used: 0, created_at: at, updated_at: at })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .execute();
}

export async function getCustomerId(db: Executor, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom("billing_accounts")
    .select("stripe_customer_id")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.stripe_customer_id ?? null;
}

/** Stores the user's Stripe customer unless one is stored already; returns the one that is. */
export async function setCustomerId(db: Executor, userId: string, customerId: string): Promise<string> {
  await ensureAccount(db, userId);
  await db
    .updateTable("billing_accounts")
    .set({ stripe_customer_id: customerId, updated_at: now() })
    .where("user_id", "=", userId)
    .where("stripe_customer_id", "is", null)
    .execute();
  return (await getCustomerId(db, userId))!;
}

export async function userIdForCustomer(db: Executor, customerId: string): Promise<string | null> {
  const row = await db
    .selectFrom("billing_accounts")
    .select("user_id")
    .where("stripe_customer_id", "=", customerId)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** Whether the user has had a trial or any subscription (promotions are offered once). */
export async function hasHadTrialOrSubscription(db: Executor, userId: string): Promise<boolean> {
  const account = await db
    .selectFrom("billing_accounts")
    .select("trial_used")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (account?.trial_used) return true;
  const sub = await db.selectFrom("subscriptions").select("id").where("user_id", "=", userId).executeTakeFirst();
  return Boolean(sub);
}

/** Takes the user's one trial: false when it was taken already (checked and set in one statement). */
export async function claimTrial(db: Executor, userId: string): Promise<boolean> {
  await ensureAccount(db, userId);
  const res = await db
    .updateTable("billing_accounts")
    .set({ trial_used: 1, updated_at: now() })
    .where("user_id", "=", userId)
    .where("trial_used", "=", 0)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Gives the trial back when starting it failed at Stripe. */
export async function releaseTrial(db: Executor, userId: string): Promise<void> {
  await db
    .updateTable("billing_accounts")
    .set({ trial_used: 0, updated_at: now() })
    .where("user_id", "=", userId)
    .execute();
}

export async function markTrialUsed(db: Executor, userId: string): Promise<void> {
  await ensureAccount(db, userId);
  await db
    .updateTable("billing_accounts")
    .set({ trial_used: 1, updated_at: now() })
    .where("user_id", "=", userId)
    .execute();
}

type SubscriptionDbRow = {
  id: string;
  user_id: string;
  stripe_customer_id: string;
  status: string;
  product_type: string;
  price_id: string;
  current_period_start: number | string;
  current_period_end: number | string;
  cancel_at_period_end: number;
  trial_end: number | string | null;
  canceled_at: number | string | null;
  event_created: number | string;
};

function toRow(r: SubscriptionDbRow): SubscriptionRow {
  return {
    id: r.id,
    userId: r.user_id,
    customerId: r.stripe_customer_id,
    status: r.status as SubscriptionStatus,
    productType: r.product_type,
    priceId: r.price_id,
    periodStart: num(r.current_period_start),
    periodEnd: num(r.current_period_end),
    cancelAtPeriodEnd: Boolean(r.cancel_at_period_end),
    trialEnd: numOrNull(r.trial_end),
    canceledAt: numOrNull(r.canceled_at),
    eventCreated: num(r.event_created),
  };
}

const columns = [
  "id",
  "user_id",
  "stripe_customer_id",
  "status",
  "product_type",
  "price_id",
  "current_period_start",
  "current_period_end",
  "cancel_at_period_end",
  "trial_end",
  "canceled_at",
  "event_created",
] as const;

export async function getSubscription(db: Executor, id: string): Promise<SubscriptionRow | null> {
  const r = await db.selectFrom("subscriptions").select(columns).where("id", "=", id).executeTakeFirst();
  return r ? toRow(r) : null;
}

/** The user's subscriptions, the current period's newest first. */
export async function listSubscriptions(db: Executor, userId: string): Promise<SubscriptionRow[]> {
  const rows = await db
    .selectFrom("subscriptions")
    .select(columns)
    .where("user_id", "=", userId)
    .orderBy("current_period_start", "desc")
    .orderBy("id")
    .execute();
  return rows.map(toRow);
}

/**
 * The user's one trial: the first subscription with a trial that we recorded (a second one
 * comes from two trial checkouts paid before either webhook arrived). Null before any trial.
 */
export async function firstTrialId(db: Executor, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom("subscriptions")
    .select("id")
    .where("user_id", "=", userId)
    .where("trial_end", "is not", null)
    .orderBy("created_at")
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function upsertSubscription(db: Executor, s: SubscriptionRow): Promise<void> {
  const at = now();
  const values = {
    user_id: s.userId,
    stripe_customer_id: s.customerId,
    status: s.status,
    product_type: s.productType,
    price_id: s.priceId,
    current_period_start: s.periodStart,
    current_period_end: s.periodEnd,
    cancel_at_period_end: s.cancelAtPeriodEnd ? 1 : 0,
    trial_end: s.trialEnd,
    canceled_at: s.canceledAt,
    event_created: s.eventCreated,
    updated_at: at,
  };
  await db
    .insertInto("subscriptions")
    .values({ id: s.id, ...values, created_at: at })
    .onConflict((oc) => oc.column("id").doUpdateSet(values))
    .execute();
}

/** Records a webhook event as applied: false when it was applied before (a redelivery). */
export async function recordEvent(db: Executor, e: { id: string; type: string; created: number }): Promise<boolean> {
  const res = await db
    .insertInto("stripe_events")
    .values({ id: e.id, type: e.type, created: e.created, received_at: now() })
    .onConflict((oc) => oc.column("id").doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

export interface PaymentRow {
  id: string;
  userId: string;
  subscriptionId: string | null;
  amount: number;
  currency: string;
  status: "paid" | "failed" | "open";
  description: string;
  periodStart: number | null;
  periodEnd: number | null;
}

/** Writes an invoice's payment; once paid, an invoice stays paid (a late failure event changes nothing). */
export async function upsertPayment(db: Executor, p: PaymentRow): Promise<void> {
  const values = {
    user_id: p.userId,
    subscription_id: p.subscriptionId,
    amount: p.amount,
    currency: p.currency,
    status: p.status,
    description: p.description,
    period_start: p.periodStart,
    period_end: p.periodEnd,
  };
  await db
    .insertInto("payments")
    .values({ id: p.id, ...values, created_at: now() })
    .onConflict((oc) => oc.column("id").doUpdateSet(values).where("payments.status", "!=", "paid"))
    .execute();
}

export async function getPaymentStatus(db: Executor, id: string): Promise<string | null> {
  const row = await db.selectFrom("payments").select("status").where("id", "=", id).executeTakeFirst();
  return row?.status ?? null;
}
