import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { AppError } from "../../contracts/errors.ts";
import { loadConfig } from "../config.ts";
import { callStripe, stripeClient, webhookSecret } from "./stripe-client.ts";

const on = {
  STRIPE_SECRET_KEY: "sk_test_x",
  STRIPE_PUBLISHABLE_KEY: "pk_test_x",
  STRIPE_WEBHOOK_SECRET: "whsec_x",
};

const codeOf = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  return err instanceof AppError ? [err.status, err.code] : err;
};

describe("stripe client", () => {
  it("is not made with billing off: 409 billing/not-enabled", () => {
    const off = loadConfig({});
    expect(() => stripeClient(off)).toThrow(AppError);
    expect(() => webhookSecret(off)).toThrow(/not enabled/);
  });

  it("is made once per configuration, pointed at STRIPE_API_URL", () => {
    const config = loadConfig({ ...on, STRIPE_API_URL: "http://127.0.0.1:12111" });
    const client = stripeClient(config);
    expect(stripeClient(config)).toBe(client);
    expect(stripeClient(loadConfig(on))).not.toBe(client);
    expect(webhookSecret(config)).toBe("whsec_x");
  });

  it("maps Stripe down or failing to 503, an unknown object to the given 404, and keeps the rest", async () => {
    type Raw = ConstructorParameters<typeof Stripe.errors.StripeError>[0];
    const raw = (type: string, extra: object = {}) => ({ type, message: "m", ...extra }) as Raw;
    const fail = (e: Error) => () => Promise.reject(e);
    const E = Stripe.errors;
    const unavailable = [503, "billing/provider-unavailable"];
    expect(await codeOf(callStripe(fail(new E.StripeConnectionError(raw("StripeConnectionError")))))).toEqual(
      unavailable,
    );
    expect(await codeOf(callStripe(fail(new E.StripeAPIError(raw("api_error")))))).toEqual(unavailable);
    expect(await codeOf(callStripe(fail(new E.StripeRateLimitError(raw("rate_limit_error")))))).toEqual(unavailable);
    const missing = new E.StripeInvalidRequestError(
      raw("invalid_request_error", { code: "resource_missing", statusCode: 404 }),
    );
    expect(await codeOf(callStripe(fail(missing)))).toEqual([404, "not_found"]);
    expect(await codeOf(callStripe(fail(missing), () => new AppError("billing/no-subscription", "none")))).toEqual([
      404,
      "billing/no-subscription",
    ]);
    const auth = new E.StripeAuthenticationError(raw("authentication_error", { statusCode: 401 }));
    expect(await codeOf(callStripe(fail(auth)))).toBe(auth);
    expect(await callStripe(async () => 42)).toBe(42);
  });
});
