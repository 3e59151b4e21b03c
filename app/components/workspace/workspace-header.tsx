import { Menu } from "lucide-react";
import type { ReactNode } from "react";
import type { Workspace } from "../../../contracts/workspaces.ts";
import { Badge } from "../ui/badge.tsx";
import { Popover } from "../ui/popover.tsx";
import { WorkspaceActions } from "./workspace-actions.tsx";

/** Title, description, the '(Published)' badge and the Pod actions (a menu on small screens). */
export function WorkspaceHeader({
  workspace,
  signedIn,
  showThoughts,
  snapshot,
  compact = false,
}: {
  workspace: Workspace;
  signedIn: boolean;
  showThoughts: boolean;
  /** Snapshot mode (a published copy, read-only) with its share link. */
  snapshot: { sharePath: string; id: string } | null;
  /** One slim row (the thread screen, where the panes need the height). */
  compact?: boolean;
}) {
  const actions = { workspace, signedIn, showThoughts, snapshot };
  if (compact)
    return (
      <section
        aria-labelledby="workspace-title"
        className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white px-3 py-1.5 shadow-sm"
      >
        <div className="flex min-w-0 flex-1 items-center gap-2">
          <h1 id="workspace-title" className="truncate text-base font-semibold tracking-tight text-slate-900">
            {workspace.name}
          </h1>
          {workspace.is_published ? <Badge tone="brand">(Published)</Badge> : null}
          {workspace.description ? (
            <p title={workspace.description} className="hidden min-w-0 truncate text-sm text-slate-500 xl:block">
              {workspace.description}
            </p>
          ) : null}
        </div>
        <div className="hidden shrink-0 lg:block">
          <WorkspaceActions layout="bar" {...actions} />
        </div>
        <div className="shrink-0 lg:hidden">
          <ActionsMenu align="right">
            <WorkspaceActions layout="menu" {...actions} />
          </ActionsMenu>
        </div>
      </section>
    );
  return (
    <section
      aria-labelledby="workspace-title"
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm md:flex-row md:items-start md:justify-between"
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <h1
            id="workspace-title"
            className="break-words text-xl font-semibold tracking-tight text-slate-900 sm:text-2xl"
          >
            {workspace.name}
          </h1>
          {workspace.is_published ? <Badge tone="brand">(Published)</Badge> : null}
        </div>
        {workspace.description ? (
          <p className="mt-1 max-w-3xl whitespace-pre-line text-sm text-slate-600">{workspace.description}</p>
        ) : workspace.permission === "owner" && !snapshot ? (
          <p className="mt-1 text-sm text-slate-500">No description yet. Use Edit Pod to add one.</p>
        ) : null}
      </div>
      <div className="hidden shrink-0 md:block">
        <WorkspaceActions layout="bar" {...actions} />
      </div>
      <div className="md:hidden">
        <ActionsMenu align="left">
          <WorkspaceActions layout="menu" {...actions} />
        </ActionsMenu>
      </div>
    </section>
  );
}

/** "Pod Actions": the actions in a menu, where the bar does not fit. */
function ActionsMenu({ align, children }: { align: "left" | "right"; children: ReactNode }) {
  return (
    <Popover
      align={align}
      panelClassName="sm:w-80"
      summaryClassName="inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 shadow-sm focus-visible:outline-2 focus-visible:outline-brand-600"
      label={
        <>
          <Menu className="size-4" aria-hidden="true" />
          Pod Actions
        </>
      }
    >
      {children}
    </Popover>
  );
}
