import type { Selectable } from "kysely";
import type { Deps } from "../deps.ts";
import type { Executor } from "../platform/db/index.ts";
import type { SubscriptionTable } from "../platform/db/schema.ts";
import { billingEnabled } from "./catalogue.ts";
import { findPlanSubscription, isBillingExempt, markBillingExempt } from "./repo.ts";

/** Plan storage quotas are in GB of 1024^3 bytes (spec section 9). */
export const GB = 1024 ** 3;

export interface Entitlements {
  /** Whether plans, credits and plan storage apply to this user (see billingAppliesTo). */
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
 * Whether billing applies to a user: billing is on, and the user is not an operator's own account
 * (`billing_accounts.billing_exempt`, set by exemptFromBilling for the example pods' system
 * account). The one place that decides it: an exempt account is treated as with billing off.
 */
export async function billingAppliesTo(deps: Deps, userId: string, db?: Executor): Promise<boolean> {
  // Billing off asks nothing of the database (not even for the default executor).
  return billingEnabled(deps.config) && !(await isBillingExempt(db ?? deps.db.kysely, userId));
}

/** Marks an operator's own account (never a customer's) as exempt from billing; idempotent. */
export async function exemptFromBilling(deps: Deps, userId: string): Promise<void> {
  await markBillingExempt(deps.db.kysely, userId);
}

/**
 * What a user may do. Billing off (or an exempt account): no plan and no plan checks; storage is
 * STORAGE_QUOTA_BYTES as before billing existed. Billing on: the newest trialing, active or
 * past_due subscription gives its catalogue plan; anything else (none, canceled, unpaid, incomplete, paused, or a plan the
 * catalogue no longer has) is no plan: no storage and no questions.
 */
export async function entitlementsOf(deps: Deps, userId: string, db?: Executor): Promise<Entitlements> {
  if (!(await billingAppliesTo(deps, userId, db))) {
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
  const sub = await findPlanSubscription(db ?? deps.db.kysely, userId);
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
