import type { Promotion, PublicPlan } from "../../contracts/billing.ts";

/** Plan storage is given in GB; 1000 GB and more reads as TB (spec section 9). */
export function formatStorage(gb: number): string {
  if (gb >= 1000) return `${trim(gb / 1000)} TB`;
  return `${trim(gb)} GB`;
}

/** Credits: K from 1,000, M from 1,000,000. */
export function formatCredits(n: number): string {
  if (n >= 1_000_000) return `${trim(n / 1_000_000)}M`;
  if (n >= 1000) return `${trim(n / 1000)}K`;
  return String(n);
}

export function formatPrice(monthly: number): string {
  return monthly === 0 ? "$0" : `$${trim(monthly)}`;
}

function trim(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(1).replace(/\.0$/, "");
}

/** What the signed-in user (or a visitor: signedIn false) currently has. */
export interface Viewer {
  signedIn: boolean;
  /** null: no subscription; "free" or a product type. */
  plan: string | null;
}

export interface PlanActions {
  isCurrent: boolean;
  /** The purchase button's label, or null when no purchase button shows. */
  purchaseLabel: "Subscribe" | "Upgrade" | null;
  /** '{n}-Day Free Trial', or null. */
  trialLabel: string | null;
}

export function isBasic(plan: PublicPlan): boolean {
  return plan.product_type === "basic";
}

/** The button rules of spec section 2 ("Pricing table"). */
export function planActions(plan: PublicPlan, viewer: Viewer, promotions: Promotion[]): PlanActions {
  const isCurrent =
    viewer.signedIn &&
    (viewer.plan === plan.product_type || (viewer.plan === "free" && isBasic(plan) && plan.monthly_price === 0));
  const canPurchase = !isCurrent && (!viewer.signedIn || viewer.plan === null || viewer.plan === "free");
  const purchaseLabel = !canPurchase ? null : viewer.plan === "free" && !isBasic(plan) ? "Upgrade" : "Subscribe";
  const promo = promotions.find((p) => p.product_type === plan.product_type);
  return { isCurrent, purchaseLabel, trialLabel: canPurchase && promo ? `${promo.trial_days}-Day Free Trial` : null };
}
