import type Stripe from "stripe";
import type { SubscriptionStatus } from "../../contracts/billing.ts";
import type { Deps } from "../deps.ts";
import type { Executor } from "../platform/db/index.ts";
import { appendIn, lockAccount } from "./ledger-repo.ts";
import * as repo from "./subscriptions-repo.ts";

/*
 * Writes what Stripe says about a subscription into ours, and grants the period's credits in the
 * same transaction. Two sources: an event's payload (`authoritative: false`: it may be older than
 * what we hold, so its `created` is compared with the row's event_created and an older one is
 * ignored) and an object just read from Stripe (`authoritative: true`: the newest there is).
 *
 * Credits (decided here, docs/ARCHITECTURE.md "Billing: Stripe"): a plan's credits are per period
 * and do not roll over. When a subscription enters a period in which it is active or trialing,
 * a `period_reset` row takes away whatever balance is left (nothing when it is 0 or below; the
 * row is written anyway and marks the period as opened), then the period's grant (`grant_trial`
 * while trialing, else `grant_period`) adds the plan's compute_credits_quota. Both rows carry the
 * subscription id and the period start in their idempotency keys, so a period is granted once
 * whatever order or number of times its events arrive. A period that starts past_due is granted
 * when its invoice is paid and the subscription turns active (same period start, same key).
 */

const LIVE: ReadonlySet<string> = new Set(["active", "trialing"]);

export type ApplyResult =
  | { kind: "applied"; row: repo.SubscriptionRow }
  | { kind: "stale"; row: repo.SubscriptionRow }
  /** Same `created` second as the row's: the payload cannot say which is newer; read Stripe. */
  | { kind: "tie" }
  /** A customer we did not create (or whose user was deleted). */
  | { kind: "unknown-customer" };

export function customerIdOf(c: string | { id: string } | null): string | null {
  return c === null ? null : typeof c === "string" ? c : c.id;
}

/** The plan behind a price id, from the catalogue. */
export function planForPrice(deps: Deps, priceId: string) {
  return deps.config.BILLING_PLANS.plans.find((p) => p.price_id === priceId) ?? null;
}

/** Applies a subscription inside the caller's transaction (which may also record the event). */
export async function applySubscriptionIn(
  tx: Executor,
  deps: Deps,
  sub: Stripe.Subscription,
  o: { created: number; authoritative: boolean },
): Promise<ApplyResult> {
  const customerId = customerIdOf(sub.customer)!;
  // The customer is ours (made by ensureCustomer before any checkout or trial), never the
  // metadata's user id alone: a deleted user's customer is unknown here and its events ignored.
  const userId = await repo.userIdForCustomer(tx, customerId);
  if (!userId) return { kind: "unknown-customer" };
  await lockAccount(tx, userId);
  const existing = await repo.getSubscription(tx, sub.id);
  // A canceled subscription never comes back in Stripe: nothing may revive our copy of it.
  if (existing?.status === "canceled" && sub.status !== "canceled") return { kind: "stale", row: existing };
  if (existing && !o.authoritative) {
    if (o.created < existing.eventCreated) return { kind: "stale", row: existing };
    if (o.created === existing.eventCreated) return { kind: "tie" };
  }
  const item = sub.items.data[0];
  if (!item) throw new Error(`Stripe subscription ${sub.id} has no items`);
  const plan = planForPrice(deps, item.price.id);
  const row: repo.SubscriptionRow = {
    id: sub.id,
    userId,
    customerId,
    status: sub.status as SubscriptionStatus,
    productType: plan?.product_type ?? item.price.id,
    priceId: item.price.id,
    periodStart: item.current_period_start,
    periodEnd: item.current_period_end,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    trialEnd: sub.trial_end,
    canceledAt: sub.canceled_at,
    eventCreated: Math.max(o.created, existing?.eventCreated ?? 0),
  };
  await repo.upsertSubscription(tx, row);
  if (sub.status === "trialing" || sub.trial_end !== null) await repo.markTrialUsed(tx, userId);

  // A second trial (two trial checkouts paid before either webhook) grants nothing; it is
  // canceled at Stripe once this transaction is done (retireDuplicateTrial).
  const extraTrial = row.trialEnd !== null && (await repo.firstTrialId(tx, userId)) !== row.id;
  if (LIVE.has(row.status) && !extraTrial) {
    if (!plan)
      deps.log.warn(
        `billing: price ${row.priceId} of subscription ${row.id} is not in BILLING_PLANS; no credits granted`,
      );
    else await grantPeriod(tx, row, plan.name, plan.compute_credits_quota);
  }
  return { kind: "applied", row };
}

async function grantPeriod(tx: Executor, s: repo.SubscriptionRow, planName: string, credits: number): Promise<void> {
  const balance = await lockAccount(tx, s.userId);
  const reset = await appendIn(
    tx,
    {
      userId: s.userId,
      delta: -Math.max(0, balance),
      reason: "period_reset",
      description: "Credits left from the previous period expire",
      idempotencyKey: `period_reset:${s.id}:${s.periodStart}`,
    },
    "cap",
  );
  if (!reset.applied) return; // this period was opened before: its grant is there too
  const trial = s.status === "trialing";
  await appendIn(
    tx,
    {
      userId: s.userId,
      delta: credits,
      reason: trial ? "grant_trial" : "grant_period",
      description: trial ? `${planName} trial credits` : `${planName} plan credits for the period`,
      idempotencyKey: `period:${s.id}:${s.periodStart}`,
    },
    "exact",
  );
}

/** Applies a subscription just read from Stripe (checkout return, trial start, cancellation). */
export async function applyFromStripe(deps: Deps, sub: Stripe.Subscription): Promise<repo.SubscriptionRow | null> {
  const res = await deps.db.kysely
    .transaction()
    .execute((tx) => applySubscriptionIn(tx, deps, sub, { created: 0, authoritative: true }));
  return res.kind === "applied" || res.kind === "stale" ? res.row : null;
}
