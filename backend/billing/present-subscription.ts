import type { Subscription } from "../../contracts/billing.ts";
import type { Deps } from "../deps.ts";
import { planForPrice } from "./subscription-sync.ts";
import type { SubscriptionRow } from "./subscriptions-repo.ts";

/** A subscription as the API shows it (spec section 3: status and current_period_end, epoch seconds). */
export function presentSubscription(deps: Deps, s: SubscriptionRow): Subscription {
  return {
    id: s.id,
    status: s.status,
    product_type: s.productType,
    plan_name: planForPrice(deps, s.priceId)?.name ?? s.productType,
    current_period_end: s.periodEnd,
    cancel_at_period_end: s.cancelAtPeriodEnd,
    trial_end: s.trialEnd,
  };
}
