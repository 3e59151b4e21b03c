import { data, redirect, useLoaderData, useRouteLoaderData } from "react-router";
import {
  cancelSubscription,
  createPortalSession,
  createTrial,
  getSubscriptionPlan,
  getSubscriptionStatus,
} from "../../contracts/billing.ts";
import { SubscriptionPanel } from "../components/billing/subscription-panel.tsx";
import { FlashNotice } from "../components/ui/flash-notice.tsx";
import { pageMeta } from "../components/ui/page-meta.ts";
import { field, mutate } from "../lib/action.server.ts";
import { errorMessage, loadPricing } from "../lib/billing.server.ts";
import { currentSubscription, formatEpochDate } from "../lib/billing-format.ts";
import { readFlash } from "../lib/flash.server.ts";
import { contactSalesHref } from "../lib/links.ts";
import { apiFor, requireUser } from "../lib/session.server.ts";
import type { loader as rootLoader } from "../root.tsx";
import type { Route } from "./+types/settings-subscription";

/** The Subscription tab (/subscription, and /settings: the default tab). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const { flash, headers } = await readFlash(request, context);
  const api = await apiFor(request, context);
  const base = { productName: context.publicEnv.productName, flash, now: Date.now() };
  try {
    const pricing = await loadPricing(api);
    if (!pricing.billingEnabled)
      return data({ ...base, pricing, error: null, subscription: null, plan: null }, { headers });
    const [status, { plan }] = await Promise.all([api.call(getSubscriptionStatus), api.call(getSubscriptionPlan)]);
    return data(
      { ...base, pricing, error: null, subscription: currentSubscription(status.subscriptions), plan },
      { headers },
    );
  } catch (err) {
    if (!(err instanceof Error)) throw err;
    return data({ ...base, pricing: null, error: errorMessage(err), subscription: null, plan: null }, { headers });
  }
}

/** Forms that work without JavaScript: the customer portal, cancel at period end, a free trial. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const form = await request.formData();
  const intent = field(form, "intent");
  const api = await apiFor(request, context);
  const back = new URL(request.url).pathname;
  if (intent === "portal") {
    try {
      const { url } = await api.call(createPortalSession);
      return redirect(url);
    } catch (err) {
      // Spec section 8: customer portal failures are only logged.
      console.error("Customer portal session failed", err);
      return redirect(back);
    }
  }
  if (intent === "cancel") {
    return mutate(request, context, {
      run: () => api.call(cancelSubscription, { query: { subscription_id: field(form, "subscription_id") } }),
      success: ({ subscription }) => ({
        kind: "success",
        message: `Your subscription will end on ${formatEpochDate(subscription.current_period_end)}.`,
      }),
      redirectTo: back,
    });
  }
  if (intent === "start-trial") {
    return mutate(request, context, {
      run: () => api.call(createTrial, { query: { promotion_type: field(form, "promotion_type") } }),
      success: "Your free trial has started.",
      redirectTo: "/subscription",
    });
  }
  throw data("Unknown action", { status: 400 });
}

export function meta({ data: d }: Route.MetaArgs) {
  return [...pageMeta(`Subscription · ${d?.productName ?? ""}`), { name: "robots", content: "noindex" }];
}

export default function SettingsSubscription() {
  const d = useLoaderData<typeof loader>();
  const env = useRouteLoaderData<typeof rootLoader>("root")?.env;
  return (
    <section>
      {d.flash ? <FlashNotice key={d.flash.id} notice={d.flash} className="mb-6" /> : null}
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Subscription</h1>
      <SubscriptionPanel
        error={d.error}
        pricing={d.pricing}
        subscription={d.subscription}
        plan={d.plan}
        now={d.now}
        contactHref={env ? contactSalesHref(env) : "#"}
      />
    </section>
  );
}

export { SettingsErrorBoundary as ErrorBoundary } from "../components/billing/settings-error.tsx";
