import { useLocation } from "react-router";
import { Spinner } from "../ui/spinner.tsx";
import { useHydrated } from "../ui/use-hydrated.ts";
import { indexingSummary, settledFiles, settledSummary, type IndexingStatus } from "./indexing-text.ts";

/**
 * The workspace's indexing at a glance: a progress bar with counts while files are being
 * processed, one quiet line once everything has settled. Without JavaScript nothing polls, so a
 * refresh link stands in for the live updates.
 */
export function IndexingProgress({ status, owner }: { status: IndexingStatus; owner: boolean }) {
  const hydrated = useHydrated();
  const location = useLocation();
  if (status.state === "idle") {
    // Failed files are listed to the owner only, so only the owner hears about them.
    const text = settledSummary(owner ? status : { ...status, files_total: status.files_done, files_failed: 0 });
    if (!text) return null;
    const failed = owner && status.files_failed > 0;
    return (
      <p className={`flex items-center gap-1.5 text-xs ${failed ? "text-red-700" : "text-slate-500"}`} role="status">
        {failed ? (
          <svg viewBox="0 0 20 20" className="size-4 shrink-0" aria-hidden="true" fill="currentColor">
            <path
              fillRule="evenodd"
              d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm-.75-11.5a.75.75 0 0 1 1.5 0v4a.75.75 0 0 1-1.5 0v-4ZM10 14.75a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
              clipRule="evenodd"
            />
          </svg>
        ) : (
          <svg viewBox="0 0 20 20" className="size-4 shrink-0 text-emerald-600" aria-hidden="true" fill="currentColor">
            <path
              fillRule="evenodd"
              d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.86-9.86a.75.75 0 0 0-1.22-.88l-3.24 4.5-1.6-1.6a.75.75 0 1 0-1.06 1.06l2.22 2.22a.75.75 0 0 0 1.14-.09l3.76-5.21Z"
              clipRule="evenodd"
            />
          </svg>
        )}
        {text}
      </p>
    );
  }
  const total = Math.max(status.files_total, 1);
  const settled = Math.min(settledFiles(status), total);
  const summary = indexingSummary(status);
  const [headline, ...details] = summary.split(" · ");
  return (
    <section aria-label="Indexing progress" className="rounded-lg border border-brand-100 bg-brand-50/60 px-4 py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5" aria-live="polite">
        <p className="flex items-center gap-2 text-sm font-medium text-slate-900">
          <Spinner className="size-3.5 text-brand-600" />
          {headline}
        </p>
        {details.length > 0 ? <p className="text-xs text-slate-600">{details.join(" · ")}</p> : null}
      </div>
      <div
        role="progressbar"
        aria-label="Files indexed"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={settled}
        aria-valuetext={summary}
        className="mt-2 h-2 overflow-hidden rounded-full bg-white ring-1 ring-inset ring-brand-100"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-500"
          style={{ width: `${(settled / total) * 100}%` }}
        />
      </div>
      {hydrated ? null : (
        <p className="mt-2 text-xs text-slate-600">
          <a
            href={location.pathname + location.search}
            className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-600"
          >
            Refresh
          </a>{" "}
          to see the latest progress.
        </p>
      )}
    </section>
  );
}
