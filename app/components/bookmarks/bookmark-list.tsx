import { Link } from "react-router";
import { Bookmark, MessagesSquare } from "lucide-react";
import type { Thread } from "../../../contracts/threads.ts";
import { formatDate } from "../../lib/format.ts";
import { ButtonLink } from "../ui/button.tsx";
import { IntentForm } from "../ui/intent-form.tsx";

export type BookmarkedThread = Thread & { workspace_name: string };

/** The /bookmarks list: each thread with its Pod, when it last changed, and a way to drop the bookmark. */
export function BookmarkList({ bookmarks }: { bookmarks: BookmarkedThread[] }) {
  if (bookmarks.length === 0)
    return (
      <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 px-4 py-10 text-center">
        <Bookmark className="size-6 text-slate-500" aria-hidden="true" />
        <p className="text-sm font-medium text-slate-900">No bookmarks yet.</p>
        <p className="max-w-sm text-sm text-slate-600">
          Bookmark a thread with the bookmark button beside its name, and it shows up here.
        </p>
        <ButtonLink to="/home" variant="secondary" className="px-3 py-1.5">
          Go to your Pods
        </ButtonLink>
      </div>
    );
  return (
    <ul
      aria-label="Bookmarked threads"
      className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white"
    >
      {bookmarks.map((t) => (
        <li key={t.id} className="flex items-center gap-3 px-4 py-3">
          <MessagesSquare className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
          <div className="min-w-0 flex-1">
            <Link
              to={`/workspace/${t.workspace_id}/thread/${t.id}`}
              className="block truncate font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              {t.name}
            </Link>
            <p className="truncate text-sm text-slate-600">
              {t.workspace_name} · <time dateTime={t.updated_at}>{formatDate(t.updated_at)}</time>
            </p>
          </div>
          <IntentForm intent="unbookmark" fields={{ threadId: t.id, workspaceId: t.workspace_id }}>
            {(pending) => (
              <button
                type="submit"
                disabled={pending}
                aria-label={`Remove bookmark from ${t.name}`}
                className="rounded-md px-2.5 py-1.5 text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-50"
              >
                Remove
              </button>
            )}
          </IntentForm>
        </li>
      ))}
    </ul>
  );
}
