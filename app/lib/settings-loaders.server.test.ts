import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { SubscriptionPanel } from "../components/billing/subscription-panel.tsx";
import { UsagePanel, type UsageData } from "../components/billing/usage-panel.tsx";
import { loader as subscriptionLoader } from "../routes/settings-subscription.tsx";
import { loader as usageLoader } from "../routes/settings-usage.tsx";
import type { ApiTransport } from "./api-client.ts";
import type { PageCsp } from "./csp.server.ts";
import type { PublicEnv } from "./load-context.ts";

/**
 * The settings tabs' loaders against a scripted API: what each tab shows when a call fails
 * (spec section 8's texts), and that billing off asks nothing of the subscription calls.
 */
const ME = {
  uid: "u1",
  displayName: null,
  email: "a@example.com",
  emailVerified: true,
  providerData: [{ providerId: "credential" }],
  metadata: { creationTime: "2026-01-01T00:00:00Z", lastSignInTime: null },
  isAnonymous: false,
  role: "user",
  isAdmin: false,
  verificationStatus: "verified",
};
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const plans = (billing_enabled: boolean) => ({ plans: [], test_mode: false, billing_enabled, publishable_key: null });

function contextWith(answers: Record<string, () => Response>): { context: AppLoadContext; asked: string[] } {
  const asked: string[] = [];
  const transport: ApiTransport = async (path) => {
    const p = path.split("?")[0]!;
    asked.push(p);
    const answer = answers[p];
    if (!answer) throw new Error(`unexpected API call ${p}`);
    return answer();
  };
  const context = {
    apiTransport: transport,
    cookieSecure: "false",
    publicEnv: { productName: "Test" } as PublicEnv,
    csp: {} as PageCsp,
  } as AppLoadContext;
  return { context, asked };
}
const request = (path: string) =>
  new Request(`http://app.test${path}`, { headers: { cookie: `__session=${encodeURIComponent(btoa('"tok"'))}` } });
// Loader arguments as React Router passes them; the typegen'd types differ per route only in loaderData.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one helper for both routes' loaders
const args = (path: string, context: AppLoadContext): any => ({ request: request(path), context, params: {} });
const body = async (r: unknown) => (r as { data: Record<string, unknown> }).data;

describe("Usage / Balance loader", () => {
  it("shows 'Error loading usage information' when a call fails", async () => {
    const { context } = contextWith({
      "/users/me": () => json(200, ME),
      "/users/me/balance": () => json(503, { error: { code: "billing/provider-unavailable", message: "down" } }),
      "/users/me/credits": () => json(200, { credits: 0, quota: 0, subscription: null, billing_enabled: true }),
      "/users/me/storage": () => json(200, { used_storage: 0, storage_quota: 0 }),
      "/users/me/subscription-plan": () => json(200, { plan: null, billing_enabled: true }),
    });
    const d = await body(await usageLoader(args("/usage", context)));
    expect(d.usage).toBeNull();
    const html = renderToStaticMarkup(
      createElement(UsagePanel, { usage: null, usageAfter: null, paymentsAfter: null }),
    );
    expect(html).toContain("Error loading usage information");
  });

  it("billing off: storage and compute used, no histories asked for", async () => {
    const { context, asked } = contextWith({
      "/users/me": () => json(200, ME),
      "/users/me/balance": () => json(200, { billing_enabled: false, balance: 0, held: 0, compute_used_usd: 0.25 }),
      "/users/me/credits": () => json(200, { credits: 0, quota: 0, subscription: null, billing_enabled: false }),
      "/users/me/storage": () => json(200, { used_storage: 1.5 * 1024 ** 3, storage_quota: 10 * 1024 ** 3 }),
      "/users/me/subscription-plan": () => json(200, { plan: null, billing_enabled: false }),
    });
    const d = await body(await usageLoader(args("/usage", context)));
    expect(asked).not.toContain("/users/me/usages");
    expect(asked).not.toContain("/users/me/payments");
    const usage = d.usage as UsageData;
    expect(usage.usages).toBeNull();
    // Rendering needs a router for the 'Subscribe now' link only, which billing off never shows.
    const html = renderToStaticMarkup(createElement(UsagePanel, { usage, usageAfter: null, paymentsAfter: null }));
    expect(html).toContain("1.50 GB of 10.00 GB");
    expect(html).toContain("15.0%");
    expect(html).toContain("Compute used: $0.25");
    expect(html).not.toContain("Subscribe now");
  });
});

describe("Subscription loader", () => {
  it("shows 'Error loading subscription: {message}' with the API's message", async () => {
    const { context } = contextWith({
      "/users/me": () => json(200, ME),
      "/public/subscription-plans": () => json(200, plans(true)),
      "/promo_available": () => json(200, { valid_promotions: [] }),
      "/subscription-status": () =>
        json(503, { error: { code: "billing/provider-unavailable", message: "Billing is unavailable right now." } }),
      "/users/me/subscription-plan": () => json(200, { plan: null, billing_enabled: true }),
    });
    const d = await body(await subscriptionLoader(args("/subscription", context)));
    expect(d.error).toBe("Billing is unavailable right now.");
    const html = renderToStaticMarkup(
      createElement(SubscriptionPanel, {
        error: d.error as string,
        pricing: null,
        subscription: null,
        plan: null,
        now: 0,
        contactHref: "#",
      }),
    );
    expect(html).toContain("Error loading subscription: Billing is unavailable right now.");
  });

  it("says 'Unknown error' when the failure has no message, and never asks for status with billing off", async () => {
    const html = renderToStaticMarkup(
      createElement(SubscriptionPanel, {
        error: "",
        pricing: null,
        subscription: null,
        plan: null,
        now: 0,
        contactHref: "#",
      }),
    );
    expect(html).toContain("Error loading subscription: Unknown error");
    const { context, asked } = contextWith({
      "/users/me": () => json(200, ME),
      "/public/subscription-plans": () => json(200, plans(false)),
      "/promo_available": () => json(200, { valid_promotions: [] }),
    });
    const d = await body(await subscriptionLoader(args("/subscription", context)));
    expect(d.error).toBeNull();
    expect(asked).not.toContain("/subscription-status");
    expect(
      renderToStaticMarkup(
        createElement(SubscriptionPanel, {
          error: null,
          pricing: d.pricing as never,
          subscription: null,
          plan: null,
          now: 0,
          contactHref: "#",
        }),
      ),
    ).toContain("Billing is not enabled on this server.");
  });
});
