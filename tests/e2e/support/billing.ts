import type { Browser, BrowserContext, Page } from "@playwright/test";
import type { FakeStripe } from "../../helpers/fake-stripe.ts";

/* What the billing journeys share: API calls as a user, a signed-in browser, paying at the fake Stripe. */

/** One call to the app's API (JSON in and out); anything but 2xx throws with the body. */
export async function api<T>(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A browser context holding `token`'s session cookie, and a page in it. */
export async function signedIn(
  browser: Browser,
  baseURL: string,
  token: string,
  viewport: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport });
  const value = encodeURIComponent(Buffer.from(JSON.stringify(token)).toString("base64"));
  await context.addCookies([{ name: "__session", value, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
  return { context, page: await context.newPage() };
}

/** The stand-in's form completes the session through the fake Stripe's HTTP test control. */
export function completeAt(stripe: FakeStripe) {
  return async (clientSecret: string) => {
    const res = await fetch(`${stripe.url}/__fake/client_secrets/${encodeURIComponent(clientSecret)}/complete`, {
      method: "POST",
    });
    if (!res.ok) throw new Error(`fake Stripe complete: ${res.status} ${await res.text()}`);
    const session = stripe.sessions.get(clientSecret.split("_secret_")[0]!);
    return { return_url: String(session!.return_url) };
  };
}
