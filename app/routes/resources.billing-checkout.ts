import { data } from "react-router";
import { z } from "zod";
import { createCheckoutSession, createCheckoutSessionTrial } from "../../contracts/billing.ts";
import { AppError, isAppError } from "../../contracts/errors.ts";
import { requireBody } from "../lib/body-type.server.ts";
import { apiFor, getUser } from "../lib/session.server.ts";
import type { Route } from "./+types/resources.billing-checkout";

const body = z.union([
  z.object({ price_id: z.string().min(1).max(200) }),
  z.object({ promotion_name: z.string().min(1).max(200) }),
]);

const refuse = (err: AppError) => data(err.toBody(), { status: err.status });

/**
 * The pricing table's embedded checkout: POST {price_id} or {promotion_name} (JSON); answers the
 * API's {clientSecret} for Stripe.js, or the API's error. The checkout is for the signed-in user's email.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const refused = requireBody(request, "json");
  if (refused) return refused;
  const user = await getUser(request, context);
  if (!user) return refuse(new AppError("unauthenticated", "Sign in to subscribe."));
  const parsed = body.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return refuse(new AppError("validation_failed", "Give a price_id or a promotion_name."));
  const email = user.email ?? undefined;
  const api = await apiFor(request, context);
  try {
    return "price_id" in parsed.data
      ? await api.call(createCheckoutSession, { query: { price_id: parsed.data.price_id, email } })
      : await api.call(createCheckoutSessionTrial, {
          query: { promotion_name: parsed.data.promotion_name, email },
        });
  } catch (err) {
    if (!isAppError(err) || err.status >= 500) throw err;
    return refuse(err);
  }
}
