import { useLoaderData, useRouteLoaderData } from "react-router";
import { PricingTable } from "../components/marketing/pricing-table.tsx";
import { contactSalesHref } from "../lib/links.ts";
import { pageMeta, productNameFrom } from "../lib/seo.ts";
import { loadPricing, loadPricingViewer } from "../lib/billing.server.ts";
import { apiFor } from "../lib/session.server.ts";
import type { loader as rootLoader } from "../root.tsx";
import type { Route } from "./+types/marketing-pricing";

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await apiFor(request, context);
  const pricing = await loadPricing(api);
  return { ...pricing, viewer: await loadPricingViewer(request, context, api, pricing.billingEnabled) };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Pricing",
    productName: productNameFrom(matches),
    description:
      "A free plan, paid plans by storage and compute credits, and Enterprise with your own VPC and custom models.",
  });
}

export default function Pricing() {
  const data = useLoaderData<typeof loader>();
  const env = useRouteLoaderData<typeof rootLoader>("root")?.env;
  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <h1 className="text-4xl font-bold tracking-tight text-ink sm:text-5xl">Pricing</h1>
          <p className="mt-4 text-lg text-slate-600">
            Start free. Upgrade for more storage and compute credits. Cancel any time.
          </p>
        </div>
        <div className="mt-12">
          <PricingTable {...data} contactHref={env ? contactSalesHref(env) : "#"} />
        </div>
        <p className="mt-10 text-center text-sm text-slate-500">
          Prices in US dollars. Paid plans renew automatically each month until cancelled.
        </p>
      </div>
    </div>
  );
}
