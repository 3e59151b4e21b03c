import { NavLink } from "react-router";
import type { Thread } from "../../../contracts/threads.ts";
import type { Workspace } from "../../../contracts/workspaces.ts";
import { Button } from "../ui/button.tsx";
import { BookmarkToggle, ThreadActions } from "./thread-actions.tsx";
import { WorkspaceForm } from "./workspace-form.tsx";
import { Pin, Star } from "lucide-react";

/**
 * The workspace's threads, pinned first (the API's order), with a start-a-thread form for owners.
 * Links go under `basePath` (/workspace/{id}, or /share/{snapshotId} in snapshot mode, where
 * nothing can be changed and no thread has actions).
 */
export function ThreadList({
  workspace,
  threads,
  signedIn,
  basePath,
  snapshotMode,
  variant = "card",
}: {
  workspace: Workspace;
  threads: Thread[];
  signedIn: boolean;
  basePath: string;
  snapshotMode: boolean;
  /** A card beside the Pod's files, or a section of the thread screen's files pane. */
  variant?: "card" | "pane";
}) {
  const pane = variant === "pane";
  const owner = workspace.permission === "owner" && !snapshotMode;
  return (
    <nav
      aria-label="Threads"
      className={pane ? "" : "self-start rounded-xl border border-slate-200 bg-white p-3 shadow-sm"}
    >
      <div className={`flex items-center justify-between px-1 ${pane ? "pb-1.5" : "pb-2"}`}>
        <h2
          className={
            pane
              ? "text-xs font-semibold uppercase tracking-wide text-slate-500"
              : "text-sm font-semibold text-slate-900"
          }
        >
          Threads
        </h2>
        <NavLink end to={basePath} className="text-xs font-medium text-brand-600 hover:text-brand-700">
          {pane ? "All files" : "Files"}
        </NavLink>
      </div>
      {owner ? (
        <WorkspaceForm
          key={threads.length}
          workspaceId={workspace.id}
          intent="create-thread"
          navigates
          className="mb-3 flex gap-2"
        >
          {(pending) => (
            <>
              <label htmlFor="new-thread-name" className="sr-only">
                New thread name
              </label>
              <input
                id="new-thread-name"
                name="name"
                maxLength={200}
                placeholder={pane ? "Name (optional)" : "New thread name (optional)"}
                className="min-w-0 flex-1 rounded-md border border-slate-300 px-2.5 py-1.5 text-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/40"
              />
              <Button pending={pending} disabled={pending} className="px-3 py-1.5">
                New thread
              </Button>
            </>
          )}
        </WorkspaceForm>
      ) : null}
      {threads.length === 0 ? (
        <p className="px-1 py-4 text-sm text-slate-500">
          {owner ? "No threads yet. Start one to ask about these files." : "No threads in this workspace yet."}
        </p>
      ) : (
        <ul className={pane ? "space-y-0.5" : "max-h-[28rem] space-y-0.5 overflow-y-auto lg:max-h-none"}>
          {threads.map((t) => (
            <li key={t.id} className="group flex items-center gap-1 rounded-md hover:bg-slate-50">
              <NavLink
                to={`${basePath}/thread/${t.id}`}
                className={({ isActive }) =>
                  `flex min-w-0 flex-1 items-center gap-1.5 rounded-md px-2 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-brand-600 ${
                    isActive ? "bg-brand-50 font-medium text-brand-700" : "text-slate-700"
                  }`
                }
              >
                {t.is_pinned ? (
                  <span title="Pinned" className="shrink-0 text-slate-500">
                    <Pin className="size-3.5" aria-hidden="true" />
                    <span className="sr-only">Pinned</span>
                  </span>
                ) : null}
                <span className="truncate">{t.name}</span>
                {t.is_bookmarked && !(signedIn && !snapshotMode) ? (
                  <span title="Bookmarked" className="shrink-0 text-amber-500">
                    <Star className="size-3.5 fill-current" aria-hidden="true" />
                    <span className="sr-only">Bookmarked</span>
                  </span>
                ) : null}
              </NavLink>
              {signedIn && !snapshotMode ? <BookmarkToggle workspaceId={workspace.id} thread={t} /> : null}
              {owner ? <ThreadActions workspaceId={workspace.id} thread={t} owner={owner} /> : null}
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
