import { Link } from "react-router";
import type { Workspace } from "../../../contracts/workspaces.ts";
import { Badge } from "../ui/badge.tsx";
import { buttonClass } from "../ui/button.tsx";
import { IntentForm } from "../ui/intent-form.tsx";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

export function WorkspaceCard({ workspace: w }: { workspace: Workspace }) {
  const owner = w.permission === "owner";
  return (
    <article className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-100 hover:shadow">
      <div className="flex items-baseline justify-between gap-3">
        <h2 className="min-w-0 text-base font-semibold text-slate-900">
          <Link
            to={`/workspace/${w.id}`}
            className="line-clamp-2 break-words hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {w.name}
          </Link>
        </h2>
        <Badge tone={w.is_public ? "green" : "neutral"} className="shrink-0">
          {w.is_public ? "Public" : "Private"}
        </Badge>
      </div>
      {w.description ? <p className="mt-1 line-clamp-2 text-sm text-slate-600">{w.description}</p> : null}
      <div className="mt-3 flex flex-wrap items-center gap-2 text-xs text-slate-500">
        {owner ? <Badge tone="brand">Owner</Badge> : <Badge tone="amber">Bookmarked</Badge>}
        {w.is_published ? <Badge>Published</Badge> : null}
        <span>Updated {dateFormat.format(new Date(w.updated_at))}</span>
        {w.bookmark_count > 0 ? (
          <span>
            · {w.bookmark_count} bookmark{w.bookmark_count === 1 ? "" : "s"}
          </span>
        ) : null}
      </div>
      <div className="mt-auto flex items-center justify-between gap-2 pt-4">
        <Link
          to={`/workspace/${w.id}`}
          className={buttonClass("secondary", "px-3 py-1.5")}
          aria-label={`Open ${w.name}`}
        >
          Open
        </Link>
        <IntentForm
          intent={owner ? "delete" : "unbookmark"}
          fields={{ workspaceId: w.id }}
          confirm={
            owner
              ? `Delete the workspace "${w.name}" with all its files and threads? This action cannot be undone.`
              : `Remove "${w.name}" from your bookmarks?`
          }
        >
          {(pending) => (
            <button
              type="submit"
              disabled={pending}
              aria-label={owner ? `Delete ${w.name}` : `Remove bookmark for ${w.name}`}
              className={`rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-50 ${
                owner ? "text-red-700 hover:bg-red-50" : "text-slate-700 hover:bg-slate-100"
              }`}
            >
              {pending ? "Updating..." : owner ? "Delete" : "Remove bookmark"}
            </button>
          )}
        </IntentForm>
      </div>
    </article>
  );
}
