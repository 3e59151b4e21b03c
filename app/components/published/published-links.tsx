import { Link, useSearchParams } from "react-router";
import type { Snapshot } from "../../../contracts/snapshots.ts";
import { Alert } from "../ui/alert.tsx";
import { Card } from "../ui/card.tsx";
import { DeletePublishedDialog } from "./delete-published-dialog.tsx";
import {
  filteredEmptyText,
  filterSearch,
  filterSnapshots,
  parsePublishedFilter,
  PUBLISHED_FILTERS,
} from "./published-filter.ts";
import { PublishedRow } from "./published-row.tsx";

/**
 * The caller's published snapshots with the filters of spec section 2. The filter and the delete
 * confirmation live in the query (?filter=pods&delete=id), so both work as plain links and forms.
 */
export function PublishedLinks({
  snapshots,
  loadError,
  toastMs,
}: {
  snapshots: Snapshot[];
  loadError: string | null;
  toastMs: number;
}) {
  const [params] = useSearchParams();
  const filter = parsePublishedFilter(params.get("filter"));
  if (loadError) return <Alert tone="error" title={loadError} className="mt-6" />;
  const shown = filterSnapshots(snapshots, filter);
  const confirming = snapshots.find((s) => s.id === params.get("delete"));
  const empty =
    snapshots.length === 0
      ? "You haven't published any links yet."
      : filter !== "all" && shown.length === 0
        ? filteredEmptyText(filter)
        : null;
  return (
    <>
      <nav aria-label="Filter published links" className="mt-6 flex flex-wrap gap-1.5">
        {PUBLISHED_FILTERS.map((f) => {
          const current = f.value === filter;
          return (
            <Link
              key={f.value}
              to={filterSearch(f.value)}
              preventScrollReset
              aria-current={current ? "true" : undefined}
              className={`rounded-full px-3 py-1 text-sm font-medium ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                current
                  ? "bg-brand-600 text-white ring-brand-600"
                  : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"
              }`}
            >
              {f.label}
            </Link>
          );
        })}
      </nav>
      {empty ? (
        <Card className="mt-4 px-6 py-12 text-center">
          <p className="text-sm text-slate-600">{empty}</p>
        </Card>
      ) : (
        <Card className="mt-4">
          <ul aria-label="Published links" className="divide-y divide-slate-100">
            {shown.map((s) => (
              <PublishedRow key={s.id} snapshot={s} filter={filter} toastMs={toastMs} />
            ))}
          </ul>
        </Card>
      )}
      {confirming ? <DeletePublishedDialog snapshot={confirming} filter={filter} /> : null}
    </>
  );
}
