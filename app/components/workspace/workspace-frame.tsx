import { useState, type ReactNode } from "react";
import { useLocation } from "react-router";
import type { Thread } from "../../../contracts/threads.ts";
import type { Workspace } from "../../../contracts/workspaces.ts";
import type { UserView } from "../../lib/user-view.ts";
import { AppHeader } from "../layout/app-header.tsx";
import { AppMain } from "../layout/skip-link.tsx";
import { AppNav } from "../layout/app-nav.tsx";
import { FlashNotice, type Notice } from "../ui/flash-notice.tsx";
import { PublishedLink } from "./published-link.tsx";
import { ThreadList } from "./thread-list.tsx";
import { ThreadNavContext } from "./thread-nav.tsx";
import { WorkspaceHeader } from "./workspace-header.tsx";

export interface WorkspaceFrameProps {
  productName: string;
  user: UserView | null;
  workspace: Workspace;
  threads: Thread[];
  showThoughts: boolean;
  /** A notice from the last form; one with a `link` is a share link just published. */
  flash: (Notice & { link?: string }) | null;
  /** This site's origin, to show a share link in full. */
  origin: string;
  /** Where the thread and files links go: /workspace/{id}, or /share/{snapshotId}. */
  basePath: string;
  /** Snapshot mode (section 4): a published, read-only copy, with its share link. */
  snapshot: { sharePath: string; id: string } | null;
  /** The files panel or the open thread. */
  children: ReactNode;
}

/**
 * One Pod's page around its files or a thread. Around the files: header, Pod actions, thread list.
 * Around a thread: a full-height workspace (no page scroll) with a compact header, the thread list
 * handed to the thread screen's files pane.
 */
export function WorkspaceFrame(p: WorkspaceFrameProps) {
  const location = useLocation();
  const { flash } = p;
  // A flash is read once: the share link stays on the page after later revalidations, until dismissed.
  const [published, setPublished] = useState(flash?.link ? flash : null);
  if (flash?.link && flash.id !== published?.id) setPublished(flash);
  const onThread = location.pathname.startsWith(`${p.basePath}/thread/`);
  const notices = (
    <>
      {published?.link ? (
        <PublishedLink key={published.id} message={published.message} path={published.link} origin={p.origin} />
      ) : null}
      {flash && !flash.link ? <FlashNotice key={flash.id} notice={flash} className="" /> : null}
    </>
  );
  const header = (
    <WorkspaceHeader
      workspace={p.workspace}
      signedIn={Boolean(p.user)}
      showThoughts={p.showThoughts}
      snapshot={p.snapshot}
      compact={onThread}
    />
  );
  const threads = (
    <ThreadList
      workspace={p.workspace}
      threads={p.threads}
      signedIn={Boolean(p.user)}
      basePath={p.basePath}
      snapshotMode={p.snapshot !== null}
      variant={onThread ? "pane" : "card"}
    />
  );
  return (
    <div className={onThread ? "flex h-dvh flex-col overflow-hidden" : "min-h-screen"}>
      <AppHeader productName={p.productName} width={onThread ? "full" : "wide"}>
        <AppNav user={p.user} returnTo={location.pathname} />
      </AppHeader>
      {onThread ? (
        <AppMain className="flex min-h-0 flex-1 flex-col gap-2 p-2 sm:px-4">
          {notices}
          {header}
          <ThreadNavContext.Provider value={threads}>
            <div className="min-h-0 flex-1">{p.children}</div>
          </ThreadNavContext.Provider>
        </AppMain>
      ) : (
        <AppMain className="mx-auto max-w-7xl space-y-6 px-4 py-6 sm:px-6">
          {notices}
          {header}
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
            {threads}
            <div className="min-w-0">{p.children}</div>
          </div>
        </AppMain>
      )}
    </div>
  );
}
