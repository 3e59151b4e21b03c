import type { Selectable } from "kysely";
import type { Deps } from "../deps.ts";
import type { SubscriptionTable } from "../platform/db/schema.ts";
import { billingEnabled } from "./catalogue.ts";
import { findPlanSubscription } from "./repo.ts";

/** Plan storage quotas are in GB of 1024^3 bytes (spec section 9). */
export const GB = 1024 ** 3;

export interface Entitlements {
  billingEnabled: boolean;
  /** null: no plan; 'free': a price-0 plan; else the paid plan's product_type. */
  plan: string | null;
  planName: string | null;
  storageQuotaBytes: number;
  /** The plan's credits per period (0 without a plan). */
  creditsQuota: number;
  /** The subscription giving the plan (trialing, active or past_due). */
  subscription: Selectable<SubscriptionTable> | null;
}

/**
 * What a user may do. Billing off: no plan and no plan checks; storage is STORAGE_QUOTA_BYTES as
 * before billing existed. Billing on: the newest trialing, active or past_due subscription gives
 * its catalogue plan; anything else (none, canceled, unpaid, incomplete, paused, or a plan the
 * catalogue no longer has) is no plan: no storage and no questions.
 */
export async function entitlementsOf(deps: Deps, userId: string): Promise<Entitlements> {
  if (!billingEnabled(deps.config)) {
    return {
      billingEnabled: false,
      plan: null,
      planName: null,
      storageQuotaBytes: deps.config.STORAGE_QUOTA_BYTES,
      creditsQuota: 0,
      subscription: null,
    };
  }
  const none: Entitlements = {
    billingEnabled: true,
    plan: null,
    planName: null,
    storageQuotaBytes: 0,
    creditsQuota: 0,
    subscription: null,
  };
  const sub = await findPlanSubscription(deps.db.kysely, userId);
  if (!sub) return none;
  const plans = deps.config.BILLING_PLANS.plans;
  const plan = plans.find((p) => p.price_id === sub.price_id) ?? plans.find((p) => p.product_type === sub.product_type);
  if (!plan) {
    deps.log.warn(`[billing] subscription ${sub.id} names a plan not in the catalogue (${sub.product_type})`);
    return none;
  }
  return {
    billingEnabled: true,
    plan: plan.monthly_price === 0 ? "free" : plan.product_type,
    planName: plan.name,
    storageQuotaBytes: Math.floor(plan.storage_quota * GB),
    creditsQuota: plan.compute_credits_quota,
    subscription: sub,
  };
}
