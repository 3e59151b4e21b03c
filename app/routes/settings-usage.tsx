import { data, useLoaderData } from "react-router";
import { getBalance, getCredits, getSubscriptionPlan, listPayments, listUsages } from "../../contracts/billing.ts";
import { getStorage } from "../../contracts/library.ts";
import { UsagePanel } from "../components/billing/usage-panel.tsx";
import { pageMeta } from "../components/ui/page-meta.ts";
import { apiFor, requireUser } from "../lib/session.server.ts";
import type { Route } from "./+types/settings-usage";

const PAGE = 20;
const cursor = (v: string | null) => (v && v.length <= 500 ? v : undefined);

/** The Usage / Balance tab: storage and credits, then the usage and payment histories (paged with `after`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const url = new URL(request.url);
  const usageAfter = cursor(url.searchParams.get("usage_after"));
  const paymentsAfter = cursor(url.searchParams.get("payments_after"));
  const api = await apiFor(request, context);
  const base = { productName: context.publicEnv.productName, usageAfter, paymentsAfter };
  try {
    const [balance, credits, storage, { plan }] = await Promise.all([
      api.call(getBalance),
      api.call(getCredits),
      api.call(getStorage),
      api.call(getSubscriptionPlan),
    ]);
    const histories = balance.billing_enabled
      ? await Promise.all([
          api.call(listUsages, { query: { limit: PAGE, after: usageAfter } }),
          api.call(listPayments, { query: { limit: PAGE, after: paymentsAfter } }),
        ])
      : null;
    return data({
      ...base,
      usage: {
        billingEnabled: balance.billing_enabled,
        plan,
        storage,
        credits: { balance: balance.balance, quota: credits.quota, computeUsedUsd: balance.compute_used_usd },
        usages: histories?.[0] ?? null,
        payments: histories?.[1] ?? null,
      },
    });
  } catch (err) {
    if (!(err instanceof Error)) throw err;
    console.error("Usage tab failed to load", err);
    return data({ ...base, usage: null });
  }
}

export function meta({ data: d }: Route.MetaArgs) {
  return [...pageMeta(`Usage / Balance · ${d?.productName ?? ""}`), { name: "robots", content: "noindex" }];
}

export default function SettingsUsage() {
  const { usage, usageAfter, paymentsAfter } = useLoaderData<typeof loader>();
  return (
    <section>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Usage / Balance</h1>
      <UsagePanel usage={usage} usageAfter={usageAfter ?? null} paymentsAfter={paymentsAfter ?? null} />
    </section>
  );
}

export { SettingsErrorBoundary as ErrorBoundary } from "../components/billing/settings-error.tsx";
