import { CtaBand } from "../components/marketing/cta-band.tsx";
import { FeatureCards } from "../components/marketing/feature-cards.tsx";
import { pageMeta, productNameFrom } from "../lib/seo.ts";
import type { Route } from "./+types/marketing-features";
import { useViewer } from "./marketing-layout.tsx";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Features",
    productName: productNameFrom(matches),
    description:
      "Reasoning agents, accurate citations, Excel analysis, unlimited context, multimodal data and rich data visualization.",
  });
}

export default function Features() {
  const viewer = useViewer();
  return (
    <>
      <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <h1 className="text-4xl font-bold tracking-tight text-ink sm:text-5xl">Features</h1>
          <p className="mt-4 text-lg text-slate-600">
            Everything an analyst needs to go from a pile of documents to a checked answer and a working model.
          </p>
        </div>
        <div className="mt-12">
          <FeatureCards />
        </div>
      </section>
      <CtaBand signedIn={Boolean(viewer)} label="Start Free" />
    </>
  );
}
