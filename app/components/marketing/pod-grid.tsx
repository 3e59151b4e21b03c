import { Link } from "react-router";
import { EXAMPLE_PODS, podLink, type PodLabel } from "../../lib/example-pods.ts";

const LABEL_STYLE: Record<PodLabel, string> = {
  Finance: "bg-emerald-50 text-emerald-800",
  Law: "bg-amber-50 text-amber-800",
  Research: "bg-violet-50 text-violet-800",
  "Accounting/Tax": "bg-sky-50 text-sky-800",
  General: "bg-slate-100 text-slate-700",
};

/** The 16 example pods: 3 columns on medium screens, 4 on large; no filters. */
export function PodGrid() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4" data-testid="pod-grid">
      {EXAMPLE_PODS.map((p) => (
        <li key={p.slug}>
          <Link
            to={podLink(p)}
            className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-500 hover:shadow-md"
          >
            <h3 className="font-semibold text-ink">{p.title}</h3>
            <p className="mt-2 flex-1 text-sm leading-6 text-slate-600">{p.description}</p>
            <div className="mt-4 flex flex-wrap gap-1.5">
              {p.labels.map((l) => (
                <span key={l} className={`rounded px-2 py-0.5 text-xs font-medium ${LABEL_STYLE[l]}`}>
                  {l}
                </span>
              ))}
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}
