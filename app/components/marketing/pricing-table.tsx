import { useState } from "react";
import { Link } from "react-router";
import type { Promotion, PublicPlan } from "../../../contracts/billing.ts";
import { formatCredits, formatPrice, formatStorage, planActions, type Viewer } from "../../lib/pricing.ts";
import { EmbeddedCheckoutView, startCheckout } from "../billing/embedded-checkout-view.tsx";
import { useHydrated } from "../ui/use-hydrated.ts";

const check = (
  <svg viewBox="0 0 20 20" className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" aria-hidden fill="currentColor">
    <path d="M8 13.2 4.8 10l-1.1 1.1L8 15.4l8.3-8.3-1.1-1.1z" />
  </svg>
);

export interface PricingProps {
  plans: PublicPlan[];
  promotions: Promotion[];
  viewer: Viewer;
  testMode: boolean;
  billingEnabled: boolean;
  /** Stripe's publishable key (billing on). */
  publishableKey: string | null;
  contactHref: string;
}

type Purchase = { price_id: string } | { promotion_name: string };

const SIGNUP = `/signup?returnTo=${encodeURIComponent("/pricing")}`;

/**
 * Plan cards and the Enterprise card (spec section 2). A signed-in purchase opens Stripe's
 * embedded checkout in place of the table ('Back to Pricing' closes it and forgets the secret);
 * a signed-out one goes to /signup, returning to /pricing. Billing off: the plans without buttons.
 */
export function PricingTable(props: PricingProps) {
  const { plans, promotions, viewer, testMode, billingEnabled, publishableKey, contactHref } = props;
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const purchase = async (key: string, body: Purchase) => {
    setBusy(key);
    const secret = await startCheckout(body);
    setBusy(null);
    if (secret) setClientSecret(secret);
  };
  if (clientSecret && publishableKey)
    return (
      <div>
        {testMode && <TestModeBanner />}
        <EmbeddedCheckoutView
          publishableKey={publishableKey}
          clientSecret={clientSecret}
          onClose={() => setClientSecret(null)}
        />
      </div>
    );
  return (
    <div>
      {billingEnabled && testMode && <TestModeBanner />}
      {!billingEnabled && (
        <p
          role="status"
          className="mx-auto mb-8 max-w-3xl rounded-md border border-slate-200 bg-white px-4 py-3 text-center text-sm text-slate-700"
        >
          Billing is not enabled on this server. Every feature is available without a subscription.
        </p>
      )}
      <ul className="flex flex-wrap justify-center gap-6">
        {plans.map((plan) => (
          <PlanCard
            key={plan.product_type}
            plan={plan}
            viewer={viewer}
            promotions={billingEnabled ? promotions : []}
            billingEnabled={billingEnabled}
            busy={busy}
            onPurchase={purchase}
          />
        ))}
        <EnterpriseCard contactHref={contactHref} />
      </ul>
    </div>
  );
}

function TestModeBanner() {
  return (
    <div
      role="alert"
      className="mx-auto mb-8 max-w-3xl rounded-md border border-yellow-300 bg-yellow-100 px-4 py-3 text-center text-sm font-medium text-yellow-900"
    >
      TEST MODE: payments are not real. Do not enter real card data.
    </div>
  );
}

function PlanCard({
  plan,
  viewer,
  promotions,
  billingEnabled,
  busy,
  onPurchase,
}: {
  plan: PublicPlan;
  viewer: Viewer;
  promotions: Promotion[];
  billingEnabled: boolean;
  busy: string | null;
  onPurchase: (key: string, body: Purchase) => void;
}) {
  const hydrated = useHydrated();
  const a = billingEnabled
    ? planActions(plan, viewer, promotions)
    : { isCurrent: false, purchaseLabel: null, trialLabel: null };
  const promo = promotions.find((p) => p.product_type === plan.product_type);
  const trialKey = `trial-${plan.product_type}`;
  const buyKey = `buy-${plan.product_type}`;
  return (
    <li
      data-testid={`plan-${plan.product_type}`}
      className={`relative flex w-full max-w-[450px] flex-col rounded-2xl border bg-white p-7 shadow-sm sm:w-80 xl:w-72 ${a.isCurrent ? "border-2 border-green-500" : "border-slate-200"}`}
    >
      {a.isCurrent && (
        <span className="absolute -top-3 left-7 rounded-full bg-green-600 px-3 py-0.5 text-xs font-semibold text-white">
          Current Plan
        </span>
      )}
      <h2 className="text-xl font-semibold text-ink">{plan.name}</h2>
      <p className="mt-2 min-h-12 text-sm text-slate-600">{plan.description}</p>
      <p className="mt-5 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight text-ink">{formatPrice(plan.monthly_price)}</span>
        <span className="text-sm text-slate-500">/ month</span>
      </p>
      <ul className="mt-6 flex-1 space-y-3 text-sm text-slate-700">
        <li className="flex gap-2">
          {check}
          {formatStorage(plan.storage_quota)} storage
        </li>
        <li className="flex gap-2">
          {check}
          {formatCredits(plan.compute_credits_quota)} compute credits per month
        </li>
        <li className="flex gap-2">{check}Citations, formula tracing and Excel export</li>
      </ul>
      <div className="mt-7 flex flex-col gap-2">
        {a.trialLabel &&
          promo &&
          (viewer.signedIn ? (
            // Without JavaScript the form starts the promotion's trial on the Subscription tab;
            // with it, the trial goes through Stripe's embedded checkout.
            <form
              method="post"
              action="/subscription"
              onSubmit={(e) => {
                e.preventDefault();
                onPurchase(trialKey, { promotion_name: promo.name });
              }}
            >
              <input type="hidden" name="intent" value="start-trial" />
              <input type="hidden" name="promotion_type" value={promo.product_type} />
              <button
                type="submit"
                disabled={busy !== null}
                aria-busy={busy === trialKey || undefined}
                className="btn-primary w-full justify-center py-2.5"
              >
                {a.trialLabel}
              </button>
            </form>
          ) : (
            <Link to={SIGNUP} className="btn-primary justify-center py-2.5">
              {a.trialLabel}
            </Link>
          ))}
        {a.purchaseLabel &&
          (viewer.signedIn ? (
            <button
              type="button"
              disabled={!hydrated || busy !== null}
              aria-busy={busy === buyKey || undefined}
              onClick={() => onPurchase(buyKey, { price_id: plan.price_id })}
              className={`${a.trialLabel ? "btn-secondary" : "btn-primary"} justify-center py-2.5`}
            >
              {a.purchaseLabel}
            </button>
          ) : (
            <Link to={SIGNUP} className={`${a.trialLabel ? "btn-secondary" : "btn-primary"} justify-center py-2.5`}>
              {a.purchaseLabel}
            </Link>
          ))}
      </div>
    </li>
  );
}

function EnterpriseCard({ contactHref }: { contactHref: string }) {
  const bullets = [
    "Enterprise data security and compliance",
    "Deploy within your VPC",
    "Custom models",
    "Top-tier human support",
  ];
  return (
    <li
      data-testid="plan-enterprise"
      className="flex w-full max-w-[450px] flex-col rounded-2xl border border-slate-800 bg-ink p-7 text-white shadow-sm sm:w-80 xl:w-72"
    >
      <h2 className="text-xl font-semibold">Enterprise</h2>
      <p className="mt-2 min-h-12 text-sm text-slate-300">Negotiated volume pricing for teams and firms.</p>
      <p className="mt-5 text-4xl font-bold tracking-tight">Custom</p>
      <ul className="mt-6 flex-1 space-y-3 text-sm text-slate-200">
        {bullets.map((b) => (
          <li key={b} className="flex gap-2">
            <span className="[&_svg]:text-brand-100">{check}</span>
            {b}
          </li>
        ))}
      </ul>
      <a
        href={contactHref}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-7 inline-flex justify-center rounded-md bg-white px-4 py-2.5 text-sm font-semibold text-ink hover:bg-brand-50"
      >
        Contact Us
      </a>
    </li>
  );
}
