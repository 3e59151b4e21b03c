import { Link } from "react-router";
import { EXAMPLE_PODS, type ExamplePod, type PodLabel } from "../../lib/example-pods.ts";

const LABEL_STYLE: Record<PodLabel, string> = {
  Finance: "bg-emerald-50 text-emerald-800",
  Law: "bg-amber-50 text-amber-800",
  Research: "bg-violet-50 text-violet-800",
  "Accounting/Tax": "bg-sky-50 text-sky-800",
  General: "bg-slate-100 text-slate-700",
};

export const NOT_BUILT = "Not available on this server yet";

function CardBody({ p, built }: { p: ExamplePod; built: boolean }) {
  return (
    <>
      <h3 className="font-semibold text-ink">{p.title}</h3>
      <p className="mt-2 flex-1 text-sm leading-6 text-slate-600">{p.description}</p>
      <div className="mt-4 flex flex-wrap gap-1.5">
        {p.labels.map((l) => (
          <span key={l} className={`rounded px-2 py-0.5 text-xs font-medium ${LABEL_STYLE[l]}`}>
            {l}
          </span>
        ))}
      </div>
      {built ? null : <p className="mt-3 text-xs font-medium text-slate-500">{NOT_BUILT}</p>}
    </>
  );
}

/**
 * The 16 example pods: 3 columns on medium screens, 4 on large; no filters. A card whose example
 * is built on this server opens /{slug}; the others say so instead of linking nowhere.
 */
export function PodGrid({ built }: { built: ReadonlySet<string> }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4" data-testid="pod-grid">
      {EXAMPLE_PODS.map((p) => (
        <li key={p.slug}>
          {built.has(p.slug) ? (
            <Link
              to={`/${p.slug}`}
              className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-500 hover:shadow-md"
            >
              <CardBody p={p} built />
            </Link>
          ) : (
            <div
              className="flex h-full flex-col rounded-xl border border-dashed border-slate-200 bg-slate-50 p-5"
              aria-disabled="true"
            >
              <CardBody p={p} built={false} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
