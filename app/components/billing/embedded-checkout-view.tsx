import { EmbeddedCheckout, EmbeddedCheckoutProvider } from "@stripe/react-stripe-js";
// The pure entry loads Stripe.js only when loadStripe() is called (the main entry injects it on import).
import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";

// One Stripe.js instance per publishable key for the page's lifetime (loadStripe injects the script once).
const stripes = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let p = stripes.get(publishableKey);
  if (!p) {
    p = loadStripe(publishableKey);
    stripes.set(publishableKey, p);
  }
  return p;
}

/**
 * Stripe's embedded checkout for a session our API created; replaces the pricing table while it
 * is open (spec section 2). 'Back to Pricing' closes it, and the parent clears the secret.
 */
export function EmbeddedCheckoutView({
  publishableKey,
  clientSecret,
  onClose,
}: {
  publishableKey: string;
  clientSecret: string;
  onClose: () => void;
}) {
  return (
    <section aria-label="Checkout" className="mx-auto w-full max-w-3xl">
      <button type="button" onClick={onClose} className="btn-secondary mb-6">
        <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true" fill="currentColor">
          <path d="M12.7 4.3a1 1 0 0 1 0 1.4L8.4 10l4.3 4.3a1 1 0 0 1-1.4 1.4l-5-5a1 1 0 0 1 0-1.4l5-5a1 1 0 0 1 1.4 0z" />
        </svg>
        Back to Pricing
      </button>
      <div className="min-h-96 rounded-2xl border border-slate-200 bg-white p-2 shadow-sm sm:p-4">
        {/* Keyed by the secret: a new session needs a new provider (Stripe's rule). */}
        <EmbeddedCheckoutProvider key={clientSecret} stripe={stripeFor(publishableKey)} options={{ clientSecret }}>
          <EmbeddedCheckout id="checkout" />
        </EmbeddedCheckoutProvider>
      </div>
    </section>
  );
}

/** Spec section 5: a checkout session without a clientSecret. */
export const NO_CLIENT_SECRET = "No client secret returned from checkout session creation";

/** Asks our web tier for a checkout session; failures are only logged (spec section 8). */
export async function startCheckout(body: { price_id: string } | { promotion_name: string }): Promise<string | null> {
  try {
    const res = await fetch("/resources/billing/checkout", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
    });
    const json = (await res.json().catch(() => null)) as { clientSecret?: unknown } | null;
    if (!res.ok) throw new Error(`HTTP error! status: ${res.status} ${JSON.stringify(json)}`);
    if (typeof json?.clientSecret !== "string" || !json.clientSecret) throw new Error(NO_CLIENT_SECRET);
    return json.clientSecret;
  } catch (err) {
    console.error("Checkout session creation failed", err);
    return null;
  }
}
