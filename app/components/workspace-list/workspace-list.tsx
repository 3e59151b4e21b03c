import { Link } from "react-router";
import type { Workspace } from "../../../contracts/workspaces.ts";
import { Card } from "../ui/card.tsx";
import { WorkspaceCard } from "./workspace-card.tsx";

export type WorkspaceFilter = "all" | "owned" | "bookmarked";

const TABS: { filter: WorkspaceFilter; label: string }[] = [
  { filter: "all", label: "All" },
  { filter: "owned", label: "Mine" },
  { filter: "bookmarked", label: "Bookmarked" },
];

const EMPTY: Record<WorkspaceFilter, { title: string; body: string }> = {
  all: {
    title: "No workspaces yet",
    body: "Create a Pod to gather the documents for a question, then ask away in threads.",
  },
  owned: { title: "You haven't created a workspace yet", body: "Use “New workspace” to start your first Pod." },
  bookmarked: { title: "No bookmarks yet", body: "Bookmark a public workspace to keep it here, next to your own." },
};

export function WorkspaceList({ workspaces, filter }: { workspaces: Workspace[]; filter: WorkspaceFilter }) {
  return (
    <section aria-label="Workspaces" className="space-y-4">
      <nav
        aria-label="Filter workspaces"
        className="inline-flex rounded-lg border border-slate-200 bg-white p-1 shadow-sm"
      >
        {TABS.map((t) => (
          <Link
            key={t.filter}
            to={t.filter === "all" ? "?" : `?filter=${t.filter}`}
            aria-current={t.filter === filter ? "page" : undefined}
            className={`rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600 ${
              t.filter === filter ? "bg-brand-600 text-white" : "text-slate-600 hover:bg-slate-100"
            }`}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      {workspaces.length === 0 ? (
        <Card className="flex flex-col items-center px-6 py-14 text-center">
          <span aria-hidden="true" className="grid size-12 place-items-center rounded-full bg-brand-50 text-brand-600">
            <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="1.8">
              <path
                d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7z"
                strokeLinejoin="round"
              />
            </svg>
          </span>
          <h2 className="mt-4 text-base font-semibold text-slate-900">{EMPTY[filter].title}</h2>
          <p className="mt-1 max-w-sm text-sm text-slate-600">{EMPTY[filter].body}</p>
        </Card>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {workspaces.map((w) => (
            <li key={w.id}>
              <WorkspaceCard workspace={w} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
