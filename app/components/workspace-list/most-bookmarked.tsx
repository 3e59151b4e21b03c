import { Link } from "react-router";
import type { Workspace } from "../../../contracts/workspaces.ts";
import { Card } from "../ui/card.tsx";
import { Star } from "lucide-react";

/** Public workspaces other analysts keep coming back to (GET /most_bookmarked_workspaces). */
export function MostBookmarked({ workspaces }: { workspaces: Workspace[] }) {
  return (
    <Card className="p-5">
      <h2 className="text-base font-semibold text-slate-900">Most bookmarked</h2>
      <p className="mt-1 text-sm text-slate-600">Public Pods bookmarked most in the last 30 days.</p>
      {workspaces.length === 0 ? (
        <p className="mt-4 text-sm text-slate-500">Nothing here yet.</p>
      ) : (
        <ol className="mt-3 divide-y divide-slate-100">
          {workspaces.map((w) => (
            <li key={w.id} className="flex items-center justify-between gap-3 py-2.5">
              <Link
                to={`/workspace/${w.id}`}
                className="min-w-0 truncate text-sm font-medium text-slate-800 hover:text-brand-700"
              >
                {w.name}
              </Link>
              <span className="shrink-0 text-xs text-slate-500" title="Bookmarks">
                <Star className="mr-1 inline size-3.5 fill-current align-[-2px] text-amber-500" aria-hidden="true" />
                {w.bookmark_count}
                <span className="sr-only"> bookmarks</span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
