import { data } from "react-router";
import { getCheckoutSession } from "../../contracts/billing.ts";
import { AppError, isAppError } from "../../contracts/errors.ts";
import { apiFor, getUser } from "../lib/session.server.ts";
import type { Route } from "./+types/resources.billing-checkout-session";

/** /return's check: GET the caller's checkout session ({status, subscription}) or the API's error. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!(await getUser(request, context))) {
    const err = new AppError("unauthenticated", "Sign in to continue.");
    return data(err.toBody(), { status: err.status });
  }
  try {
    const session = await (await apiFor(request, context)).call(getCheckoutSession, { params: { id: params.id } });
    return data(session, { headers: { "cache-control": "no-store" } });
  } catch (err) {
    if (!isAppError(err) || err.status >= 500) throw err;
    return data(err.toBody(), { status: err.status });
  }
}
