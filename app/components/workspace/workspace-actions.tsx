import type { Workspace } from "../../../contracts/workspaces.ts";
import { Badge } from "../ui/badge.tsx";
import { buttonClass } from "../ui/button.tsx";
import { Popover } from "../ui/popover.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { CopyLinkButton } from "./copy-link-button.tsx";
import { EditWorkspaceForm } from "./edit-workspace-form.tsx";
import { PublishForm } from "./publish-form.tsx";
import { PUBLISHED_TOAST_MS } from "./published-link.tsx";
import { WorkspaceForm } from "./workspace-form.tsx";
import { Star } from "lucide-react";

interface Props {
  workspace: Workspace;
  signedIn: boolean;
  showThoughts: boolean;
  /** "bar": a row in the header; "menu": the stacked mobile Pod Actions menu. */
  layout: "bar" | "menu";
  /** A published snapshot (section 4): only reading, so no owner or bookmark controls; its share link to copy. */
  snapshot: { sharePath: string; id: string } | null;
}

/** Spec section 2 Pod actions: what each visitor may do with this workspace. */
export function WorkspaceActions({ workspace: w, signedIn, showThoughts, layout, snapshot }: Props) {
  const owner = w.permission === "owner" && !snapshot;
  const wide = layout === "menu" ? "w-full justify-start" : "";
  const button = buttonClass("secondary", `px-3 py-1.5 ${wide}`);
  return (
    <div className={layout === "menu" ? "flex flex-col gap-2" : "flex flex-wrap items-center justify-end gap-2"}>
      {snapshot ? (
        <CopyLinkButton path={snapshot.sharePath} duration={PUBLISHED_TOAST_MS} className={button} />
      ) : owner ? (
        <WorkspaceForm workspaceId={w.id} intent="set-visibility" fields={{ is_public: String(!w.is_public) }}>
          {(pending) => (
            <button
              type="submit"
              role="switch"
              aria-checked={w.is_public}
              aria-label="Public workspace"
              disabled={pending}
              className={button}
            >
              <span
                aria-hidden="true"
                className={`relative h-4 w-7 rounded-full transition ${w.is_public ? "bg-emerald-500" : "bg-slate-300"}`}
              >
                <span
                  className={`absolute top-0.5 size-3 rounded-full bg-white shadow transition-all ${w.is_public ? "left-3.5" : "left-0.5"}`}
                />
              </span>
              {pending ? "Updating..." : w.is_public ? "Public" : "Private"}
            </button>
          )}
        </WorkspaceForm>
      ) : (
        <Badge tone={w.is_public ? "green" : "neutral"} className="self-start px-2.5 py-1">
          {w.is_public ? "Public" : "Private"}
        </Badge>
      )}
      {w.is_public && !snapshot ? <CopyLinkButton path={`/workspace/${w.id}`} className={button} /> : null}
      {snapshot && signedIn ? (
        <WorkspaceForm workspaceId={w.id} intent="copy-snapshot" fields={{ snapshot_id: snapshot.id }} navigates>
          {(pending) => (
            <button type="submit" disabled={pending} aria-busy={pending || undefined} className={button}>
              {pending ? <Spinner className="size-4" /> : null}
              {pending ? "Copying..." : "Copy to my Pods"}
            </button>
          )}
        </WorkspaceForm>
      ) : null}
      {owner ? <EditWorkspaceForm workspace={w} className={button} /> : null}
      {owner ? (
        <Popover label="Publish Pod" summaryClassName={button} panelClassName="sm:w-80">
          <PublishForm workspaceId={w.id} />
        </Popover>
      ) : null}
      {signedIn && !owner && !snapshot ? (
        <WorkspaceForm workspaceId={w.id} intent={w.is_bookmarked ? "unbookmark" : "bookmark"}>
          {(pending) => (
            <button type="submit" disabled={pending} aria-busy={pending || undefined} className={button}>
              {pending ? (
                <Spinner className="size-4" />
              ) : (
                <Star className={`size-4 ${w.is_bookmarked ? "fill-current text-amber-500" : ""}`} aria-hidden="true" />
              )}
              {pending ? "Updating..." : w.is_bookmarked ? "Remove Bookmark" : "Add Bookmark"}
            </button>
          )}
        </WorkspaceForm>
      ) : null}
      <WorkspaceForm workspaceId={w.id} intent="toggle-thoughts" fields={{ show: String(!showThoughts) }}>
        {(pending) => (
          <button
            type="submit"
            disabled={pending}
            aria-pressed={showThoughts}
            className={buttonClass("ghost", `px-3 py-1.5 ${wide}`)}
          >
            {showThoughts ? "Hide Thoughts" : "Show Thoughts"}
          </button>
        )}
      </WorkspaceForm>
    </div>
  );
}
