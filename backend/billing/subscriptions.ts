import type { Promotion, Subscription } from "../../contracts/billing.ts";
import { AppError } from "../../contracts/errors.ts";
import type { Deps } from "../deps.ts";
import type { SessionUser } from "../platform/http/context.ts";
import { billingEnabled, listPromotions } from "./catalogue.ts";
import { ensureCustomer } from "./checkout.ts";
import { presentSubscription } from "./present-subscription.ts";
import { callStripe, stripeClient } from "./stripe-client.ts";
import { applyFromStripe, planForPrice } from "./subscription-sync.ts";
import * as repo from "./subscriptions-repo.ts";

/** The caller's subscriptions, newest first; none for anonymous callers or with billing off. */
export async function listUserSubscriptions(deps: Deps, user: SessionUser | null): Promise<Subscription[]> {
  if (!user || !billingEnabled(deps.config)) return [];
  return (await repo.listSubscriptions(deps.db.kysely, user.id)).map((s) => presentSubscription(deps, s));
}

/** Trials the caller may start: every catalogued one, none once the caller has had a trial or a subscription. */
export async function listAvailablePromotions(deps: Deps, user: SessionUser | null): Promise<Promotion[]> {
  if (user && (await repo.hasHadTrialOrSubscription(deps.db.kysely, user.id))) return [];
  return listPromotions(deps.config.BILLING_PLANS);
}

const noSubscription = () => new AppError("not_found", "No such subscription.");

/** Cancels one of the caller's subscriptions at the end of its period (anyone else's: 404). */
export async function cancelSubscription(
  deps: Deps,
  o: { user: SessionUser; subscriptionId: string },
): Promise<Subscription> {
  const stripe = stripeClient(deps.config);
  const row = await repo.getSubscription(deps.db.kysely, o.subscriptionId);
  if (!row || row.userId !== o.user.id) throw noSubscription();
  if (row.status === "canceled" || row.cancelAtPeriodEnd) return presentSubscription(deps, row);
  const sub = await callStripe(
    () => stripe.subscriptions.update(row.id, { cancel_at_period_end: true }),
    noSubscription,
  );
  return presentSubscription(deps, (await applyFromStripe(deps, sub)) ?? row);
}

/** A Stripe customer-portal link for the caller (404 billing/no-subscription before any checkout). */
export async function createPortalSession(deps: Deps, o: { user: SessionUser }): Promise<{ url: string }> {
  const stripe = stripeClient(deps.config);
  const customer = await repo.getCustomerId(deps.db.kysely, o.user.id);
  if (!customer) throw new AppError("billing/no-subscription", "You have no subscription to manage yet.");
  const session = await callStripe(() =>
    stripe.billingPortal.sessions.create({ customer, return_url: `${deps.publicUrl}/subscription` }),
  );
  return { url: session.url };
}

/**
 * Starts a promotion's free trial without a card, once per user: the trial flag is taken before
 * Stripe is called (two clicks make one trial) and given back if Stripe refuses.
 */
export async function createTrial(deps: Deps, o: { user: SessionUser; promotionType: string }): Promise<Subscription> {
  const stripe = stripeClient(deps.config);
  const catalogue = deps.config.BILLING_PLANS;
  const promo = listPromotions(catalogue).find((p) => p.product_type === o.promotionType || p.name === o.promotionType);
  const plan = promo && catalogue.plans.find((p) => p.product_type === promo.product_type);
  if (!promo || !plan)
    throw new AppError("billing/unknown-price", `No free trial is offered for "${o.promotionType}".`);
  const trialUsed = () =>
    new AppError("billing/trial-used", "The free trial is for new subscribers, and you have had one.");
  if (await repo.hasHadTrialOrSubscription(deps.db.kysely, o.user.id)) throw trialUsed();
  const customer = await ensureCustomer(deps, o.user);
  if (!(await repo.claimTrial(deps.db.kysely, o.user.id))) throw trialUsed();
  let sub;
  try {
    sub = await callStripe(() =>
      stripe.subscriptions.create(
        {
          customer,
          items: [{ price: plan.price_id }],
          trial_period_days: promo.trial_days,
          // No card: at the trial's end the subscription is canceled unless one was added (portal).
          trial_settings: { end_behavior: { missing_payment_method: "cancel" } },
          payment_settings: { save_default_payment_method: "on_subscription" },
          metadata: { user_id: o.user.id },
        },
        { idempotencyKey: `trial:${o.user.id}` },
      ),
    );
  } catch (err) {
    await repo.releaseTrial(deps.db.kysely, o.user.id);
    throw err;
  }
  const row = await applyFromStripe(deps, sub);
  if (!row) throw new Error(`trial subscription ${sub.id} could not be recorded`);
  return presentSubscription(deps, row);
}

/**
 * After an upgrade from the free plan: the user's other live subscriptions on a free (price 0)
 * plan are canceled at Stripe now, so one plan is current. Best effort: a failure is logged and
 * the free subscription stays until a later event tries again.
 */
export async function retireFreeSubscriptions(deps: Deps, subscriptionId: string): Promise<void> {
  const db = deps.db.kysely;
  const row = await repo.getSubscription(db, subscriptionId);
  const price = (s: repo.SubscriptionRow) => planForPrice(deps, s.priceId)?.monthly_price;
  if (!row || !["active", "trialing"].includes(row.status) || !price(row)) return;
  const free = (await repo.listSubscriptions(db, row.userId)).filter(
    (s) => s.id !== row.id && price(s) === 0 && !["canceled", "incomplete_expired"].includes(s.status),
  );
  for (const s of free) {
    try {
      const canceled = await callStripe(() => stripeClient(deps.config).subscriptions.cancel(s.id));
      await applyFromStripe(deps, canceled);
    } catch (err) {
      deps.log.warn(`billing: could not cancel free subscription ${s.id} after the upgrade to ${row.id}:`, err);
    }
  }
}

/**
 * A user gets one trial: a later subscription with a trial (two trial checkouts paid before
 * either webhook arrived) is canceled at Stripe now; it was granted nothing (subscription-sync).
 * Best effort, like retireFreeSubscriptions: a failure is logged, the next event tries again.
 */
export async function retireDuplicateTrial(deps: Deps, subscriptionId: string): Promise<void> {
  const db = deps.db.kysely;
  const row = await repo.getSubscription(db, subscriptionId);
  if (!row || row.trialEnd === null || ["canceled", "incomplete_expired"].includes(row.status)) return;
  if ((await repo.firstTrialId(db, row.userId)) === row.id) return;
  try {
    await applyFromStripe(deps, await callStripe(() => stripeClient(deps.config).subscriptions.cancel(row.id)));
  } catch (err) {
    deps.log.warn(`billing: could not cancel ${row.id}, a second trial of user ${row.userId}:`, err);
  }
}
