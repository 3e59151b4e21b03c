import { Link } from "react-router";
import { FileText, SearchX } from "lucide-react";
import { hitHref, type ResultGroup } from "./group-results.ts";

type Result = { ok: true; groups: ResultGroup[]; count: number } | { ok: false; message: string } | null;

/** The /search page below the box: the prompt, the failure, nothing found, or the hits by Pod. */
export function SearchResults({ q, result }: { q: string; result: Result }) {
  if (!result)
    return (
      <p className="rounded-lg border border-dashed border-slate-300 px-4 py-10 text-center text-sm text-slate-600">
        Search every Pod you own and your library at once: file names, and the text of indexed pages.
      </p>
    );
  if (!result.ok)
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
        <p className="font-medium">The search failed.</p>
        <p className="mt-1">{result.message}</p>
      </div>
    );
  if (result.count === 0)
    return (
      <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-slate-300 px-4 py-10 text-center">
        <SearchX className="size-6 text-slate-500" aria-hidden="true" />
        <p className="text-sm font-medium text-slate-900">No files match “{q}”.</p>
        <p className="text-sm text-slate-600">Try other words, or check that the files have finished indexing.</p>
      </div>
    );
  return (
    <section aria-label="Results" className="space-y-6">
      <p role="status" className="text-sm text-slate-600">
        {result.count} file{result.count === 1 ? "" : "s"} in {result.groups.length} place
        {result.groups.length === 1 ? "" : "s"}
      </p>
      {result.groups.map((g) => (
        <section key={g.workspaceId ?? "library"} aria-labelledby={`group-${g.workspaceId ?? "library"}`}>
          <h2 id={`group-${g.workspaceId ?? "library"}`} className="mb-2 text-sm font-semibold text-slate-900">
            {g.name}
          </h2>
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
            {g.hits.map((h) => (
              <li key={h.file_id}>
                <Link
                  to={hitHref(h)}
                  className="block px-4 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
                >
                  <span className="flex items-baseline gap-2">
                    <FileText className="size-4 shrink-0 self-center text-slate-500" aria-hidden="true" />
                    <span className="min-w-0 flex-1 truncate font-medium text-brand-700">{h.filename}</span>
                    <span className="shrink-0 text-xs text-slate-600">
                      {h.page ? `Page ${h.page}` : h.match === "name" ? "Name match" : null}
                    </span>
                  </span>
                  {h.snippet ? (
                    <span className="mt-1 line-clamp-2 block text-sm text-slate-700">{h.snippet}</span>
                  ) : null}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}
