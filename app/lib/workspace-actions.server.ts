import { data, redirect, type AppLoadContext } from "react-router";
import { deleteFile, renameFile, retryIndexing } from "../../contracts/files.ts";
import { copySnapshot, snapshotThread, snapshotWorkspace, type Snapshot } from "../../contracts/snapshots.ts";
import * as threads from "../../contracts/threads.ts";
import * as ws from "../../contracts/workspaces.ts";
import { field, mutate } from "./action.server.ts";
import { QUESTION_FRAGMENT } from "./links.ts";
import { setShowThoughts } from "./preferences.server.ts";
import { apiFor, safeReturnTo } from "./session.server.ts";

/** Every form on the workspace screens posts here with an `intent`; each redirects back. */
export async function handleWorkspaceAction(request: Request, context: AppLoadContext, id: string): Promise<Response> {
  const form = await request.formData();
  const intent = field(form, "intent");
  const back = safeReturnTo(field(form, "redirectTo"), `/workspace/${id}`);
  const api = await apiFor(request, context);
  const tid = field(form, "threadId");
  const fid = field(form, "fileId");
  const go = (run: () => Promise<unknown>, success: string | null) =>
    mutate(request, context, { run, success, redirectTo: back });

  switch (intent) {
    case "set-visibility": {
      const isPublic = field(form, "is_public") === "true";
      return go(
        () => api.call(ws.updateWorkspace, { params: { id }, body: { is_public: isPublic } }),
        `Workspace is now ${isPublic ? "public" : "private"}.`,
      );
    }
    case "edit":
      return go(
        () =>
          api.call(ws.updateWorkspace, {
            params: { id },
            body: { name: field(form, "name"), description: field(form, "description") },
          }),
        "Pod updated.",
      );
    case "bookmark":
      return go(() => api.call(ws.addWorkspaceBookmark, { params: { id } }), "Bookmark added.");
    case "unbookmark":
      return go(() => api.call(ws.removeWorkspaceBookmark, { params: { id } }), "Bookmark removed.");
    case "toggle-thoughts":
      return redirect(back, { headers: { "Set-Cookie": await setShowThoughts(field(form, "show") === "true") } });
    case "rename-file":
      return go(
        () => api.call(renameFile, { params: { id, fid }, body: { filename: field(form, "filename") } }),
        "File renamed.",
      );
    case "delete-file":
      return go(() => api.call(deleteFile, { params: { id, fid } }), "File deleted.");
    case "retry-indexing":
      return go(() => api.call(retryIndexing, { params: { id, fid } }), "File queued for indexing again.");
    case "create-thread": {
      const name = field(form, "name");
      return go(
        async () =>
          `/workspace/${id}/thread/${(await api.call(threads.createThread, { params: { id }, body: name ? { name } : {} })).id}${QUESTION_FRAGMENT}`,
        null,
      );
    }
    case "rename-thread":
      return go(
        () => api.call(threads.updateThread, { params: { id, tid }, body: { name: field(form, "name") } }),
        "Thread renamed.",
      );
    case "pin-thread":
      return go(() => api.call(threads.pinThread, { params: { id, tid } }), "Thread pinned.");
    case "unpin-thread":
      return go(() => api.call(threads.unpinThread, { params: { id, tid } }), "Thread unpinned.");
    case "bookmark-thread":
      return go(() => api.call(threads.bookmarkThread, { params: { id, tid } }), "Thread bookmarked.");
    case "unbookmark-thread":
      return go(() => api.call(threads.unbookmarkThread, { params: { id, tid } }), "Thread bookmark removed.");
    case "publish":
    case "publish-thread": {
      const body = { is_discoverable: field(form, "is_discoverable") === "on" };
      const thread = intent === "publish-thread";
      return mutate(request, context, {
        run: () =>
          thread
            ? api.call(snapshotThread, { params: { id, tid }, body })
            : api.call(snapshotWorkspace, { params: { id }, body }),
        // The page shows the share link to copy (the flash's link).
        success: (s: Snapshot) => ({
          kind: "success",
          message: thread ? "Thread published." : "Pod published.",
          link: s.share_path,
        }),
        redirectTo: back,
      });
    }
    case "copy-snapshot":
      // A snapshot (an example pod) copied into a Pod of the caller's: it opens there.
      return go(
        async () => `/workspace/${(await api.call(copySnapshot, { params: { id: field(form, "snapshot_id") } })).id}`,
        "Copied to your Pods: ask your own questions here.",
      );
    case "delete-thread": {
      const onThread = back.startsWith(`/workspace/${id}/thread/${tid}`);
      return go(async () => {
        await api.call(threads.deleteThread, { params: { id, tid } });
        return onThread ? `/workspace/${id}` : undefined;
      }, "Thread deleted.");
    }
    default:
      throw data("Unknown action", { status: 400 });
  }
}
