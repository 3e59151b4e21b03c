import type { AppLoadContext } from "react-router";
import {
  getPromoAvailable,
  getSubscriptionPlan,
  listPublicPlans,
  type Promotion,
  type PublicPlan,
} from "../../contracts/billing.ts";
import { isAppError } from "../../contracts/errors.ts";
import type { ApiClient } from "./api-client.ts";
import type { Viewer } from "./pricing.ts";
import { getUser } from "./session.server.ts";

/** What the pricing table needs from the backend, for /pricing and the Subscription tab. */
export interface PricingData {
  plans: PublicPlan[];
  promotions: Promotion[];
  testMode: boolean;
  billingEnabled: boolean;
  publishableKey: string | null;
}
export async function loadPricing(api: ApiClient): Promise<PricingData> {
  const [catalogue, promos] = await Promise.all([api.call(listPublicPlans), api.call(getPromoAvailable)]);
  return {
    plans: catalogue.plans,
    promotions: catalogue.billing_enabled ? promos.valid_promotions : [],
    testMode: catalogue.test_mode,
    billingEnabled: catalogue.billing_enabled,
    publishableKey: catalogue.publishable_key,
  };
}

/** The visitor as the pricing table sees them: signed in or not, and their plan (null: none; billing off: none asked). */
export async function loadPricingViewer(
  request: Request,
  context: AppLoadContext,
  api: ApiClient,
  billingEnabled: boolean,
): Promise<Viewer> {
  const user = await getUser(request, context);
  if (!user) return { signedIn: false, plan: null };
  if (!billingEnabled) return { signedIn: true, plan: null };
  const { plan } = await api.call(getSubscriptionPlan);
  return { signedIn: true, plan };
}

/** The text after 'Error loading ...: ' (spec section 8: the message, or 'Unknown error'). */
export function errorMessage(err: unknown): string {
  return isAppError(err) && err.message ? err.message : "Unknown error";
}
