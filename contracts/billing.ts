import { z } from "zod";
import { endpoint } from "./endpoint.ts";

/** A public plan (spec section 3). storage_quota is in GB; compute_credits_quota in credits. */
export const publicPlan = z.object({
  name: z.string(),
  product_type: z.string(),
  monthly_price: z.number().nonnegative(),
  storage_quota: z.number().nonnegative(),
  compute_credits_quota: z.number().int().nonnegative(),
  description: z.string(),
  price_id: z.string(),
});
export type PublicPlan = z.infer<typeof publicPlan>;

export const promotion = z.object({
  product_type: z.string(),
  name: z.string(),
  trial_days: z.number().int().positive(),
});
export type Promotion = z.infer<typeof promotion>;

export const listPublicPlans = endpoint({
  method: "get",
  path: "/public/subscription-plans",
  summary: "The plans anyone can subscribe to, cheapest first",
  tag: "billing",
  auth: "public",
  response: z.object({ plans: z.array(publicPlan), test_mode: z.boolean() }),
  status: 200,
});

export const getPromoAvailable = endpoint({
  method: "get",
  path: "/promo_available",
  summary: "Free-trial promotions the caller may start",
  tag: "billing",
  auth: "optional",
  response: z.object({ valid_promotions: z.array(promotion) }),
  status: 200,
});
