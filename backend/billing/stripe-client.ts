import Stripe from "stripe";
import { AppError } from "../../contracts/errors.ts";
import type { Config } from "../config.ts";
import { billingEnabled } from "./catalogue.ts";

/*
 * The one way to Stripe. The client is made on first use and only with billing on, so a server
 * without a key (or with Stripe unreachable) never touches it: sign-up and everything outside the
 * Stripe routes work without it. STRIPE_API_URL points the official SDK at a local fake in tests.
 */

const clients = new WeakMap<Config, Stripe>();

/** The Stripe client for this configuration; 409 billing/not-enabled with billing off. */
export function stripeClient(config: Config): Stripe {
  const key = config.STRIPE_SECRET_KEY;
  if (!billingEnabled(config) || !key)
    throw new AppError("billing/not-enabled", "Billing is not enabled on this server.");
  let client = clients.get(config);
  if (!client) {
    const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : undefined;
    client = new Stripe(key, {
      ...(api
        ? {
            host: api.hostname,
            port: api.port || (api.protocol === "http:" ? 80 : 443),
            protocol: api.protocol === "http:" ? "http" : "https",
          }
        : {}),
      // Retries carry an idempotency key (the SDK adds one to POSTs), so a retried create is safe.
      maxNetworkRetries: 1,
      timeout: 10_000,
      telemetry: false,
    });
    clients.set(config, client);
  }
  return client;
}

/** The webhook signing secret; 409 billing/not-enabled with billing off. */
export function webhookSecret(config: Config): string {
  if (!billingEnabled(config) || !config.STRIPE_WEBHOOK_SECRET)
    throw new AppError("billing/not-enabled", "Billing is not enabled on this server.");
  return config.STRIPE_WEBHOOK_SECRET;
}

export const PROVIDER_UNAVAILABLE =
  "The payment provider cannot be reached right now. Please try again in a few minutes.";

/**
 * Runs one Stripe call: Stripe unreachable, timing out, rate limiting or failing on its side is
 * 503 billing/provider-unavailable with a readable message; an object Stripe does not know is
 * `missing` (404 by default). Anything else (a bad key, a request we built wrongly) stays an
 * unknown error: the edge logs it and answers an opaque 500.
 */
export async function callStripe<T>(
  fn: () => Promise<T>,
  missing: () => AppError = () => new AppError("not_found", "Not found."),
): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof Stripe.errors.StripeError) {
      if (
        err instanceof Stripe.errors.StripeConnectionError ||
        err instanceof Stripe.errors.StripeAPIError ||
        err instanceof Stripe.errors.StripeRateLimitError ||
        (err.statusCode ?? 0) >= 500
      )
        throw new AppError("billing/provider-unavailable", PROVIDER_UNAVAILABLE);
      if (err.code === "resource_missing") throw missing();
    }
    throw err;
  }
}
