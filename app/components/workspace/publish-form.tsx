import { Button } from "../ui/button.tsx";
import { WorkspaceForm } from "./workspace-form.tsx";

/**
 * Publishes a frozen copy of the Pod, or of one thread when `threadId` is given (owner only, never
 * in snapshot mode). A plain form: without JavaScript the page comes back with the share link.
 */
export function PublishForm({ workspaceId, threadId }: { workspaceId: string; threadId?: string }) {
  const what = threadId ? "thread" : "Pod";
  return (
    <WorkspaceForm
      workspaceId={workspaceId}
      intent={threadId ? "publish-thread" : "publish"}
      fields={threadId ? { threadId } : {}}
      className="space-y-3"
    >
      {(pending) => (
        <>
          {/* The Pod's form is a panel of its own; a thread's opens inside the thread's menu, under its name. */}
          {threadId ? null : <p className="text-sm font-semibold text-slate-900">Publish this Pod</p>}
          <p className="text-sm text-slate-600">
            Anyone with the link can read a frozen copy of this {what}: {threadId ? "its" : "its files, threads and"}{" "}
            answers as they are now, with the pages they cite. Later changes do not show in it.
          </p>
          <label className="flex items-start gap-3 rounded-md border border-slate-200 p-3 text-sm">
            <input
              type="checkbox"
              name="is_discoverable"
              className="mt-0.5 size-4 rounded border-slate-300 accent-brand-600"
            />
            <span>
              <span className="font-medium text-slate-800">List on Published Pods</span>
              <span className="block text-slate-500">
                Anyone can find it on the public list, not only those with the link.
              </span>
            </span>
          </label>
          <Button pending={pending} disabled={pending} className="w-full">
            {pending ? "Publishing..." : "Publish"}
          </Button>
        </>
      )}
    </WorkspaceForm>
  );
}
