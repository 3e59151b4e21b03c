import { Bookmark } from "lucide-react";
import type { Thread } from "../../../contracts/threads.ts";
import { Button } from "../ui/button.tsx";
import { Field } from "../ui/field.tsx";
import { Popover } from "../ui/popover.tsx";
import { PublishForm } from "./publish-form.tsx";
import { WorkspaceForm } from "./workspace-form.tsx";

const item =
  "block w-full rounded-md px-2.5 py-1.5 text-left text-sm text-slate-700 hover:bg-slate-100 disabled:opacity-50";

/**
 * The bookmark toggle beside a thread's name, for anyone signed in who can read it: a pressed
 * button while bookmarked (it shows the new state as soon as it is pressed). Bookmarks are listed
 * at /bookmarks.
 */
export function BookmarkToggle({ workspaceId, thread: t }: { workspaceId: string; thread: Thread }) {
  return (
    <WorkspaceForm
      workspaceId={workspaceId}
      intent={t.is_bookmarked ? "unbookmark-thread" : "bookmark-thread"}
      fields={{ threadId: t.id }}
    >
      {(pending) => {
        const on = pending ? !t.is_bookmarked : t.is_bookmarked;
        return (
          <button
            type="submit"
            disabled={pending}
            aria-pressed={on}
            aria-label={`Bookmark ${t.name}`}
            title={on ? "Remove bookmark" : "Bookmark"}
            className={`grid size-7 place-items-center rounded-md hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600 ${
              on ? "text-amber-600" : "text-slate-500"
            }`}
          >
            <Bookmark className={`size-4 ${on ? "fill-current" : ""}`} aria-hidden="true" />
          </button>
        );
      }}
    </WorkspaceForm>
  );
}

/** The "…" menu of one thread, for its Pod's owner: rename, pin, publish, delete. */
export function ThreadActions({
  workspaceId,
  thread: t,
  owner,
}: {
  workspaceId: string;
  thread: Thread;
  owner: boolean;
}) {
  const fields = { threadId: t.id };
  return (
    <Popover
      key={t.updated_at + String(t.is_pinned) + String(t.is_bookmarked)}
      label={<span aria-hidden="true">⋯</span>}
      summaryClassName="grid size-7 place-items-center rounded-md text-slate-500 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600"
      panelClassName="sm:w-64"
      ariaLabel={`Actions for thread ${t.name}`}
    >
      <div className="space-y-1">
        {owner ? (
          <WorkspaceForm
            workspaceId={workspaceId}
            intent="rename-thread"
            fields={fields}
            className="space-y-2 border-b border-slate-100 pb-3"
          >
            {(pending) => (
              <>
                <Field
                  label="Thread name"
                  name="name"
                  required
                  maxLength={200}
                  defaultValue={t.name}
                  autoComplete="off"
                />
                <Button pending={pending} disabled={pending} className="w-full py-1.5">
                  Rename
                </Button>
              </>
            )}
          </WorkspaceForm>
        ) : null}
        {owner ? (
          <WorkspaceForm workspaceId={workspaceId} intent={t.is_pinned ? "unpin-thread" : "pin-thread"} fields={fields}>
            {(pending) => (
              <button type="submit" disabled={pending} className={item}>
                {t.is_pinned ? "Unpin" : "Pin to top"}
              </button>
            )}
          </WorkspaceForm>
        ) : null}
        {owner ? (
          <details className="rounded-md">
            <summary className={`${item} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
              Publish thread
            </summary>
            <div className="px-1 pb-2 pt-1">
              <PublishForm workspaceId={workspaceId} threadId={t.id} />
            </div>
          </details>
        ) : null}
        {owner ? (
          <WorkspaceForm
            workspaceId={workspaceId}
            intent="delete-thread"
            navigates
            fields={fields}
            confirm={`Delete the thread "${t.name}" and its messages? This action cannot be undone.`}
          >
            {(pending) => (
              <button type="submit" disabled={pending} className={`${item} text-red-700 hover:bg-red-50`}>
                Delete thread
              </button>
            )}
          </WorkspaceForm>
        ) : null}
      </div>
    </Popover>
  );
}
