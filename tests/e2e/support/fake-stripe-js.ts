import type { BrowserContext, Page } from "@playwright/test";

/**
 * A local stand-in for Stripe.js. @stripe/stripe-js injects https://js.stripe.com/<release>/stripe.js
 * (node_modules/@stripe/stripe-js/dist/index.mjs, STRIPE_JS_URL); Playwright answers that URL
 * with this script, so no test reaches Stripe. It implements what @stripe/react-stripe-js's
 * EmbeddedCheckoutProvider calls (Stripe(key).createEmbeddedCheckoutPage / initEmbeddedCheckout
 * -> mount / unmount / destroy) and renders a small card form. Submitting it posts the client
 * secret to https://js.stripe.com/__fake/complete (allowed by the page's CSP like Stripe.js
 * itself), which the test answers by completing the session at the fake Stripe and returning the
 * session's return_url; the page then navigates there, as Stripe's checkout does.
 */
const SCRIPT = String.raw`(() => {
  const calls = (window.__fakeStripeCalls = window.__fakeStripeCalls || []);
  function checkoutPage(options) {
    let root = null;
    let secret = options.clientSecret || null;
    const render = (host) => {
      root = document.createElement("form");
      root.setAttribute("data-testid", "fake-stripe-checkout");
      root.setAttribute("aria-label", "Test checkout");
      root.style.cssText = "display:flex;flex-direction:column;gap:12px;padding:16px;font:14px system-ui";
      const title = document.createElement("h2");
      title.textContent = "Test checkout";
      title.style.cssText = "font-size:18px;font-weight:600";
      const label = document.createElement("label");
      label.textContent = "Card number";
      label.style.cssText = "display:flex;flex-direction:column;gap:4px";
      const input = document.createElement("input");
      input.name = "card";
      input.value = "4242 4242 4242 4242";
      input.style.cssText = "border:1px solid #cbd5e1;border-radius:6px;padding:8px";
      label.appendChild(input);
      const pay = document.createElement("button");
      pay.type = "submit";
      pay.textContent = "Pay";
      pay.style.cssText = "background:#4f46e5;color:#fff;border-radius:6px;padding:10px";
      const status = document.createElement("p");
      status.setAttribute("role", "status");
      root.append(title, label, pay, status);
      root.addEventListener("submit", async (e) => {
        e.preventDefault();
        pay.disabled = true;
        status.textContent = "Processing...";
        calls.push({ method: "complete", clientSecret: secret });
        const res = await fetch("https://js.stripe.com/__fake/complete", {
          method: "POST",
          // A simple request (text/plain): no CORS preflight to answer.
          headers: { "content-type": "text/plain" },
          body: JSON.stringify({ clientSecret: secret }),
        });
        if (!res.ok) {
          status.textContent = "Payment failed";
          pay.disabled = false;
          return;
        }
        const { return_url } = await res.json();
        if (typeof options.onComplete === "function") options.onComplete();
        else window.location.href = return_url;
      });
      host.appendChild(root);
    };
    return {
      mount(target) {
        calls.push({ method: "mount" });
        const host = typeof target === "string" ? document.querySelector(target) : target;
        if (!host) throw new Error("fake Stripe.js: mount target not found");
        render(host);
      },
      unmount() {
        calls.push({ method: "unmount" });
        root && root.remove();
        root = null;
      },
      destroy() {
        calls.push({ method: "destroy" });
        root && root.remove();
        root = null;
      },
      _setSecret(s) {
        secret = s;
      },
    };
  }
  window.Stripe = function Stripe(key) {
    calls.push({ method: "Stripe", key });
    const create = async (options) => {
      calls.push({ method: "createEmbeddedCheckoutPage", clientSecret: options.clientSecret || null });
      const page = checkoutPage(options);
      if (!options.clientSecret && typeof options.fetchClientSecret === "function")
        page._setSecret(await options.fetchClientSecret());
      return page;
    };
    const unsupported = (name) => () => {
      throw new Error("fake Stripe.js: " + name + " is not part of the stand-in");
    };
    return {
      createEmbeddedCheckoutPage: create,
      initEmbeddedCheckout: create,
      // What @stripe/react-stripe-js checks to accept an object as a Stripe instance (isStripe).
      elements: unsupported("elements"),
      createToken: unsupported("createToken"),
      createPaymentMethod: unsupported("createPaymentMethod"),
      confirmCardPayment: unsupported("confirmCardPayment"),
      _registerWrapper() {},
      registerAppInfo() {},
    };
  };
  // The release train @stripe/stripe-js expects (its STRIPE_JS_URL), so it does not warn.
  window.Stripe.version = "endive";
})();`;

export interface FakeStripeJsCall {
  method: string;
  key?: string;
  clientSecret?: string | null;
}

/**
 * Routes Stripe.js to the stand-in for every page of `target`. `complete` finishes the checkout
 * session whose client secret the form posts (at the fake Stripe) and gives its return_url.
 */
export async function installFakeStripeJs(
  target: Page | BrowserContext,
  complete: (clientSecret: string) => Promise<{ return_url: string }>,
): Promise<void> {
  await target.route(/^https:\/\/js\.stripe\.com\/(v3|[a-z]+)\/stripe\.js(\?.*)?$/, (route) =>
    route.fulfill({ status: 200, contentType: "application/javascript", body: SCRIPT }),
  );
  await target.route("https://js.stripe.com/__fake/complete", async (route) => {
    const { clientSecret } = route.request().postDataJSON() as { clientSecret: string };
    try {
      const result = await complete(clientSecret);
      await route.fulfill({ status: 200, json: result, headers: { "access-control-allow-origin": "*" } });
    } catch (err) {
      await route.fulfill({
        status: 500,
        json: { error: String(err) },
        headers: { "access-control-allow-origin": "*" },
      });
    }
  });
}

/** What the page asked of the stand-in so far (Stripe(key), createEmbeddedCheckoutPage, mount, complete...). */
export function fakeStripeJsCalls(page: Page): Promise<FakeStripeJsCall[]> {
  return page.evaluate(() => (window as unknown as { __fakeStripeCalls?: FakeStripeJsCall[] }).__fakeStripeCalls ?? []);
}
