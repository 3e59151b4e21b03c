import { z } from "zod";
import { optionalString, optionalUrl } from "../platform/config.ts";
import { promotion, publicPlan, type Promotion, type PublicPlan } from "../../contracts/billing.ts";

/**
 * The plan catalogue until the billing provider owns it (billing issue). BILLING_PLANS (JSON)
 * replaces it wholesale; price ids are the provider's ids and stay placeholders until then.
 */
export const catalogueSchema = z.object({
  plans: z.array(publicPlan).min(1),
  promotions: z.array(promotion).default([]),
});
export type Catalogue = z.infer<typeof catalogueSchema>;

export const DEFAULT_CATALOGUE: Catalogue = {
  plans: [
    {
      name: "Basic",
      product_type: "basic",
      monthly_price: 0,
      storage_quota: 1,
      compute_credits_quota: 500,
      description: "Try the workspace on a handful of documents.",
      price_id: "price_basic",
    },
    {
      name: "Pro",
      product_type: "pro",
      monthly_price: 49,
      storage_quota: 100,
      compute_credits_quota: 20_000,
      description: "For analysts working through data rooms every week.",
      price_id: "price_pro",
    },
    {
      name: "Team",
      product_type: "team",
      monthly_price: 199,
      storage_quota: 1000,
      compute_credits_quota: 1_000_000,
      description: "Large collections, heavy modelling and shared workspaces.",
      price_id: "price_team",
    },
  ],
  promotions: [{ product_type: "pro", name: "pro-trial", trial_days: 7 }],
};

/**
 * Billing's configuration variables (composed with the platform's in backend/config.ts). Billing
 * is on when STRIPE_SECRET_KEY is set (then the publishable key and webhook secret are required,
 * see refineBillingConfig); off otherwise, and nothing checks plans or credits.
 */
export const billingConfigShape = {
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Where the Stripe SDK sends its calls (tests: a local fake); unset: Stripe's own API. */
  STRIPE_API_URL: optionalUrl,
  BILLING_PLANS: z.preprocess((v) => {
    if (v === undefined || v === "") return DEFAULT_CATALOGUE;
    try {
      return JSON.parse(String(v));
    } catch {
      return "not JSON";
    }
  }, catalogueSchema),
};

export function listPlans(catalogue: Catalogue): PublicPlan[] {
  return [...catalogue.plans].sort((a, b) => a.monthly_price - b.monthly_price);
}

/** Until subscriptions exist every caller may start every catalogued trial. */
export function listPromotions(catalogue: Catalogue): Promotion[] {
  const known = new Set(catalogue.plans.map((p) => p.product_type));
  return catalogue.promotions.filter((p) => known.has(p.product_type));
}

type BillingConfig = { STRIPE_SECRET_KEY?: string; STRIPE_PUBLISHABLE_KEY?: string; STRIPE_WEBHOOK_SECRET?: string };

export function refineBillingConfig(c: BillingConfig, ctx: z.RefinementCtx): void {
  if (!c.STRIPE_SECRET_KEY) return;
  for (const key of ["STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"] as const)
    if (!c[key])
      ctx.addIssue({ code: "custom", path: [key], message: "is required when STRIPE_SECRET_KEY is set (billing on)" });
}

/** Billing on: plans, credits and storage are checked; off: nothing is. */
export function billingEnabled(c: BillingConfig): boolean {
  return Boolean(c.STRIPE_SECRET_KEY);
}
