import { Form, useNavigation } from "react-router";
import type { Subscription } from "../../../contracts/billing.ts";
import { daysLeft, formatEpochDate, formatStatus } from "../../lib/billing-format.ts";
import { PricingTable, type PricingProps } from "../marketing/pricing-table.tsx";
import { Alert } from "../ui/alert.tsx";
import { Button } from "../ui/button.tsx";

type Pricing = Omit<PricingProps, "viewer" | "contactHref">;

/**
 * Spec section 2's Subscription page: status (capitalised) and plan, trial days left, the
 * past_due warning, 'Manage Subscription' (the customer portal) and cancel at period end; the
 * pricing table while the user has no subscription (or the free plan, to upgrade).
 */
export function SubscriptionPanel({
  error,
  pricing,
  subscription,
  plan,
  now,
  contactHref,
}: {
  error: string | null;
  pricing: Pricing | null;
  subscription: Subscription | null;
  plan: string | null;
  now: number;
  contactHref: string;
}) {
  if (error !== null || !pricing)
    return (
      <Alert tone="error" className="mt-6">
        Error loading subscription: {error || "Unknown error"}
      </Alert>
    );
  if (!pricing.billingEnabled)
    return (
      <div className="mt-6 rounded-xl border border-slate-200 bg-white p-6">
        <p className="font-medium text-slate-900">Billing is not enabled on this server.</p>
        <p className="mt-1 text-sm text-slate-600">
          There is nothing to subscribe to: uploads and questions are not limited by a plan.
        </p>
      </div>
    );
  const showPricing = !subscription || plan === null || plan === "free";
  return (
    <div className="mt-6 space-y-8">
      {subscription ? (
        <SubscriptionCard subscription={subscription} now={now} />
      ) : (
        <p className="text-sm text-slate-600">
          You don&apos;t have a subscription yet. Choose a plan to get credits and storage to upload files and ask
          questions.
        </p>
      )}
      {showPricing && <PricingTable {...pricing} viewer={{ signedIn: true, plan }} contactHref={contactHref} />}
    </div>
  );
}

function SubscriptionCard({ subscription: s, now }: { subscription: Subscription; now: number }) {
  const navigation = useNavigation();
  const pending = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const left = daysLeft(s.current_period_end, now);
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <dl className="grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-slate-500">Plan</dt>
          <dd className="mt-1 text-lg font-semibold text-slate-900">{s.plan_name}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-500">Status</dt>
          <dd className="mt-1 text-lg font-semibold text-slate-900" data-testid="subscription-status">
            {formatStatus(s.status)}
          </dd>
        </div>
      </dl>
      {s.status === "trialing" && (
        <p className="mt-4 text-sm text-slate-700" data-testid="trial-days">
          {left} {left === 1 ? "day" : "days"} left in your free trial.
        </p>
      )}
      {s.status === "past_due" && (
        <Alert tone="warning" className="mt-4">
          Your last payment failed. Please update your payment method to keep your subscription.
        </Alert>
      )}
      <p className="mt-4 text-sm text-slate-600">
        {s.cancel_at_period_end
          ? `Your subscription is cancelled and ends on ${formatEpochDate(s.current_period_end)}.`
          : `${s.status === "trialing" ? "Your trial ends" : "Renews"} on ${formatEpochDate(s.current_period_end)}.`}
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Form method="post" reloadDocument>
          <input type="hidden" name="intent" value="portal" />
          <Button className="w-full sm:w-auto" pending={pending("portal")}>
            Manage Subscription
          </Button>
        </Form>
        {!s.cancel_at_period_end && (
          <Form method="post">
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="subscription_id" value={s.id} />
            <Button variant="danger" className="w-full sm:w-auto" pending={pending("cancel")}>
              Cancel at period end
            </Button>
          </Form>
        )}
      </div>
    </div>
  );
}
