import { PodGrid } from "../components/marketing/pod-grid.tsx";
import { UseCaseList } from "../components/marketing/use-case-list.tsx";
import { useLoaderData } from "react-router";
import { builtExamples } from "../lib/examples.server.ts";
import { pageMeta, productNameFrom } from "../lib/seo.ts";
import { apiFor } from "../lib/session.server.ts";
import type { Route } from "./+types/marketing-use-cases";

/** Which example pods are built on this server: their cards and 'Try this Workspace' link to them. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { built: await builtExamples(await apiFor(request, context)) };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Use Cases",
    productName: productNameFrom(matches),
    description:
      "Data room analysis, research and model building, customer cohorts, and 16 example pods for finance, law, research and tax.",
  });
}

export default function UseCases() {
  const { built } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <div className="mx-auto max-w-2xl text-center">
        <h1 className="text-4xl font-bold tracking-tight text-ink sm:text-5xl">Use Cases</h1>
        <p className="mt-4 text-lg text-slate-600">
          How analysts use Pods today, and example pods you can open and question yourself.
        </p>
      </div>
      <div className="mt-16">
        <UseCaseList built={built} />
      </div>
      <section aria-labelledby="example-pods" className="mt-24">
        <h2 id="example-pods" className="text-2xl font-bold tracking-tight text-ink">
          Example Pods
        </h2>
        <p className="mt-2 text-slate-600">Public collections from 50,000-page filings to 3000+ research papers.</p>
        <div className="mt-8">
          <PodGrid built={new Set(Object.keys(built))} />
        </div>
      </section>
    </div>
  );
}
