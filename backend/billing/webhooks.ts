import type Stripe from "stripe";
import { AppError } from "../../contracts/errors.ts";
import type { Deps } from "../deps.ts";
import type { Executor } from "../platform/db/index.ts";
import { callStripe, stripeClient, webhookSecret } from "./stripe-client.ts";
import { applySubscriptionIn, customerIdOf, planForPrice } from "./subscription-sync.ts";
import * as repo from "./subscriptions-repo.ts";
import { retireDuplicateTrial, retireFreeSubscriptions } from "./subscriptions.ts";

/*
 * POST /api/stripe/webhook (issue 15). The raw body is verified with the SDK and the signing
 * secret; each event is applied once (stripe_events, written in the same transaction as its
 * effects, so a redelivery or a concurrent duplicate does nothing). Events may arrive late or out
 * of order: subscription payloads older than what we hold are ignored (subscription-sync.ts).
 */

export type WebhookOutcome = "applied" | "duplicate" | "ignored";

export async function handleStripeWebhook(
  deps: Deps,
  raw: string,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  const stripe = stripeClient(deps.config);
  const secret = webhookSecret(deps.config);
  let event: Stripe.Event;
  try {
    if (!signature) throw new Error("no Stripe-Signature header");
    event = stripe.webhooks.constructEvent(raw, signature, secret);
  } catch {
    throw new AppError("billing/bad-signature", "The webhook signature is missing or does not match.");
  }
  // What an event needs from Stripe is read before its transaction opens (no network under a lock).
  let fetched = await prefetch(deps, event);
  let outcome: WebhookOutcome;
  try {
    outcome = await applyRecorded(deps, event, fetched);
  } catch (err) {
    if (!(err instanceof TieSignal)) throw err;
    // The payload is as old as what we hold, to the second: ask Stripe which state is current.
    fetched = await fetchSubscription(deps, (event.data.object as Stripe.Subscription).id);
    outcome = await applyRecorded(deps, event, fetched);
  }
  const subscriptionId =
    fetched?.id ?? (event.type.startsWith("customer.subscription.") ? (event.data.object as { id: string }).id : null);
  if (outcome === "applied" && subscriptionId) {
    await retireFreeSubscriptions(deps, subscriptionId);
    await retireDuplicateTrial(deps, subscriptionId);
  }
  return outcome;
}

function applyRecorded(deps: Deps, event: Stripe.Event, fetched: Stripe.Subscription | null) {
  return deps.db.kysely.transaction().execute(async (tx) => {
    if (!(await repo.recordEvent(tx, { id: event.id, type: event.type, created: event.created })))
      return "duplicate" as const;
    return applyEvent(tx, deps, event, fetched);
  });
}

async function prefetch(deps: Deps, event: Stripe.Event): Promise<Stripe.Subscription | null> {
  if (event.type !== "checkout.session.completed") return null;
  const session = event.data.object;
  const id = typeof session.subscription === "string" ? session.subscription : session.subscription?.id;
  return session.mode === "subscription" && id ? fetchSubscription(deps, id) : null;
}

function fetchSubscription(deps: Deps, id: string): Promise<Stripe.Subscription> {
  return callStripe(() => stripeClient(deps.config).subscriptions.retrieve(id));
}

/** One event's effects, in the transaction that records it; a tie (TieSignal) rolls it back to read Stripe. */
async function applyEvent(
  tx: Executor,
  deps: Deps,
  event: Stripe.Event,
  fetched: Stripe.Subscription | null,
): Promise<WebhookOutcome> {
  switch (event.type) {
    case "checkout.session.completed": {
      // The customer was stored when the session was made; the subscription was read from Stripe.
      if (!fetched) return "ignored";
      const res = await applySubscriptionIn(tx, deps, fetched, { created: event.created, authoritative: true });
      return res.kind === "applied" ? "applied" : "ignored";
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const sub = fetched ?? event.data.object;
      if (!isSubscription(sub)) {
        deps.log.warn(`billing: ${event.id} (${event.type}) carries no subscription we can read; ignored`);
        return "ignored";
      }
      const res = await applySubscriptionIn(tx, deps, sub, { created: event.created, authoritative: Boolean(fetched) });
      if (res.kind === "tie") throw new TieSignal();
      if (res.kind === "unknown-customer") deps.log.warn(`billing: ${event.id} is about a customer we do not know`);
      return res.kind === "applied" ? "applied" : "ignored";
    }
    case "invoice.paid":
    case "invoice.payment_failed":
      return recordPayment(tx, deps, event.data.object, event.type === "invoice.paid" ? "paid" : "failed");
    default:
      return "ignored";
  }
}

async function recordPayment(
  tx: Executor,
  deps: Deps,
  invoice: Stripe.Invoice,
  status: "paid" | "failed",
): Promise<WebhookOutcome> {
  const customerId = invoice?.customer ? customerIdOf(invoice.customer) : null;
  const userId = customerId ? await repo.userIdForCustomer(tx, customerId) : null;
  if (!userId) {
    deps.log.warn(`billing: invoice ${invoice.id} is for a customer we do not know`);
    return "ignored";
  }
  const parentSub = invoice.parent?.subscription_details?.subscription ?? null;
  const line = invoice.lines?.data?.[0];
  const priceId = line?.pricing?.price_details?.price;
  const plan = typeof priceId === "string" ? planForPrice(deps, priceId) : null;
  await repo.upsertPayment(tx, {
    id: invoice.id,
    userId,
    subscriptionId: typeof parentSub === "string" ? parentSub : (parentSub?.id ?? null),
    amount: status === "paid" ? invoice.amount_paid : invoice.amount_due,
    currency: invoice.currency,
    status,
    description: invoice.description ?? (plan ? `${plan.name} plan` : "Subscription"),
    periodStart: line?.period?.start ?? null,
    periodEnd: line?.period?.end ?? null,
  });
  return "applied";
}

/** Only Stripe can sign an event, but one of an unexpected shape is acknowledged and logged, not a 500 Stripe retries forever. */
function isSubscription(sub: Stripe.Subscription | undefined): sub is Stripe.Subscription {
  return Boolean(
    typeof sub?.id === "string" && sub.customer && typeof sub.status === "string" && sub.items?.data?.[0]?.price?.id,
  );
}

/** Thrown inside the transaction so that the event's row is rolled back with it. */
class TieSignal extends Error {}
