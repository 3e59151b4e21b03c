import type Stripe from "stripe";
import type { PublicPlan, Subscription } from "../../contracts/billing.ts";
import { AppError } from "../../contracts/errors.ts";
import type { Deps } from "../deps.ts";
import type { SessionUser } from "../platform/http/context.ts";
import { listPlans } from "./catalogue.ts";
import { callStripe, PROVIDER_UNAVAILABLE, stripeClient } from "./stripe-client.ts";
import { applyFromStripe } from "./subscription-sync.ts";
import { presentSubscription } from "./present-subscription.ts";
import * as repo from "./subscriptions-repo.ts";

/*
 * Embedded checkout (Stripe Checkout, ui_mode embedded_page): the browser mounts it with the
 * session's client secret and Stripe sends it back to /return?session_id=... The Stripe customer
 * is made here, at the first checkout, never at sign-up.
 */

export type CheckoutChoice =
  { kind: "price"; priceId: string } | { kind: "pricing" } | { kind: "trial"; promotionName: string };

const NO_CLIENT_SECRET = "No client secret returned from checkout session creation";

/** The user's Stripe customer, created on first need (one per user, whatever races). */
export async function ensureCustomer(deps: Deps, user: SessionUser, email?: string): Promise<string> {
  const stored = await repo.getCustomerId(deps.db.kysely, user.id);
  if (stored) return stored;
  const customer = await callStripe(() =>
    stripeClient(deps.config).customers.create(
      { email: email || user.email, name: user.name || undefined, metadata: { user_id: user.id } },
      // Two first checkouts at once get the same customer back from Stripe.
      { idempotencyKey: `customer:${user.id}` },
    ),
  );
  return repo.setCustomerId(deps.db.kysely, user.id, customer.id);
}

function resolvePlan(deps: Deps, choice: CheckoutChoice): { plan: PublicPlan; trialDays?: number } {
  const catalogue = deps.config.BILLING_PLANS;
  if (choice.kind === "price") {
    const plan = catalogue.plans.find((p) => p.price_id === choice.priceId);
    if (!plan) throw new AppError("billing/unknown-price", `No plan has the price "${choice.priceId}".`);
    return { plan };
  }
  if (choice.kind === "pricing") {
    const plan = listPlans(catalogue).find((p) => p.monthly_price > 0);
    if (!plan) throw new AppError("billing/unknown-price", "This server offers no paid plan.");
    return { plan };
  }
  const promo = catalogue.promotions.find((p) => p.name === choice.promotionName);
  const plan = promo && catalogue.plans.find((p) => p.product_type === promo.product_type);
  if (!promo || !plan) throw new AppError("billing/unknown-price", `No promotion is named "${choice.promotionName}".`);
  return { plan, trialDays: promo.trial_days };
}

/** One subscription at a time; a user on the free plan may upgrade to a paid one. */
async function assertMayBuy(deps: Deps, userId: string, plan: PublicPlan): Promise<void> {
  const free = (s: repo.SubscriptionRow) =>
    deps.config.BILLING_PLANS.plans.find((p) => p.price_id === s.priceId)?.monthly_price === 0;
  const live = (await repo.listSubscriptions(deps.db.kysely, userId)).filter(
    (s) => !["canceled", "incomplete", "incomplete_expired"].includes(s.status),
  );
  if (live.some((s) => !free(s) || plan.monthly_price === 0))
    throw new AppError("billing/already-subscribed", "You already have a subscription. Manage it from Settings.");
}

export async function createCheckoutSession(
  deps: Deps,
  o: { user: SessionUser; choice: CheckoutChoice; email?: string },
): Promise<{ clientSecret: string }> {
  stripeClient(deps.config); // billing off: 409 before anything else
  const { plan, trialDays } = resolvePlan(deps, o.choice);
  if (trialDays && (await repo.hasHadTrialOrSubscription(deps.db.kysely, o.user.id)))
    throw new AppError("billing/trial-used", "The free trial is for new subscribers, and you have had one.");
  await assertMayBuy(deps, o.user.id, plan);
  const customer = await ensureCustomer(deps, o.user, o.email);
  const metadata = { user_id: o.user.id };
  const session = await callStripe(() =>
    stripeClient(deps.config).checkout.sessions.create({
      mode: "subscription",
      ui_mode: "embedded_page",
      customer,
      line_items: [{ price: plan.price_id, quantity: 1 }],
      return_url: `${deps.publicUrl}/return?session_id={CHECKOUT_SESSION_ID}`,
      client_reference_id: o.user.id,
      metadata,
      subscription_data: { metadata, ...(trialDays ? { trial_period_days: trialDays } : {}) },
    }),
  );
  if (!session.client_secret) {
    deps.log.error(`billing: ${NO_CLIENT_SECRET} (${session.id})`);
    throw new AppError("billing/provider-unavailable", `${NO_CLIENT_SECRET}. ${PROVIDER_UNAVAILABLE}`);
  }
  return { clientSecret: session.client_secret };
}

/**
 * The return page's check of one of the caller's checkout sessions (anyone else's: 404). A
 * completed session's subscription is read from Stripe when its webhook has not arrived yet, so
 * the page does not wait on webhook delivery.
 */
export async function getCheckoutSession(
  deps: Deps,
  o: { user: SessionUser; sessionId: string },
): Promise<{ status: "open" | "complete" | "expired"; subscription: Subscription | null }> {
  const stripe = stripeClient(deps.config);
  const notFound = () => new AppError("not_found", "No such checkout session.");
  const session = await callStripe(() => stripe.checkout.sessions.retrieve(o.sessionId), notFound);
  if ((session.client_reference_id ?? session.metadata?.user_id) !== o.user.id) throw notFound();
  const status = (session.status ?? "open") as "open" | "complete" | "expired";
  const subId = subscriptionId(session);
  let row = subId ? await repo.getSubscription(deps.db.kysely, subId) : null;
  if (!row && subId && status === "complete")
    row = await applyFromStripe(deps, await callStripe(() => stripe.subscriptions.retrieve(subId)));
  return { status, subscription: row && row.userId === o.user.id ? presentSubscription(deps, row) : null };
}

function subscriptionId(session: Stripe.Checkout.Session): string | null {
  const s = session.subscription;
  return typeof s === "string" ? s : (s?.id ?? null);
}
