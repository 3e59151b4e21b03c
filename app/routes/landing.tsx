import { useRouteLoaderData } from "react-router";
import { CtaBand } from "../components/marketing/cta-band.tsx";
import { FeatureSections } from "../components/marketing/feature-sections.tsx";
import { Hero } from "../components/marketing/hero.tsx";
import { PricingTeaser } from "../components/marketing/pricing-teaser.tsx";
import { contactSalesHref } from "../lib/links.ts";
import { pageMeta, productNameFrom } from "../lib/seo.ts";
import type { loader as rootLoader } from "../root.tsx";
import type { Route } from "./+types/landing";
import { useViewer } from "./marketing-layout.tsx";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "The AI Analyst",
    productName: productNameFrom(matches),
    description:
      "AI agents that read your data room, answer with citations to the exact page, trace formulas and export models to Excel.",
  });
}

export default function Landing() {
  const viewer = useViewer();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <>
      <Hero signedIn={Boolean(viewer)} />
      <FeatureSections />
      {root && <PricingTeaser contactHref={contactSalesHref(root.env)} />}
      <CtaBand signedIn={Boolean(viewer)} />
    </>
  );
}
