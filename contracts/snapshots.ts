import { z } from "zod";
import { endpoint } from "./endpoint.ts";
import { file } from "./files.ts";
import { nextCursor, pageQuery } from "./paging.ts";
import { message, thread } from "./threads.ts";
import { id, workspace } from "./workspaces.ts";

/*
 * Published snapshots (spec sections 3 and 7). A snapshot is a frozen copy of a Pod, or of one of
 * its threads, with its own workspace, threads, messages and files. Anyone may read it, signed in
 * or not; nobody may change it. Its workspace is a read-only workspace: besides the routes below,
 * the workspace read routes (a file's page text, its download URL, search) answer for it to
 * anyone, which is how the share view opens a cited page and downloads a file.
 */

export const snapshotParams = z.object({ id });
export const snapshotThreadParams = z.object({ id, tid: id });

export const snapshot = z.object({
  id: z.string(),
  /** The snapshot's own workspace (not the Pod it was published from). */
  workspace_id: z.string(),
  /** The snapshot's own copy of the published thread; null for a Pod snapshot. */
  thread_id: z.string().nullable(),
  created_at: z.string(),
  is_discoverable: z.boolean(),
  workspace_name: z.string(),
  /** The published thread's name; null for a Pod snapshot. */
  thread_name: z.string().nullable(),
  description: z.string(),
  /** Site-relative link to the share view: /share/{id}, or /share/{id}/thread/{thread_id}. */
  share_path: z.string(),
});
export type Snapshot = z.infer<typeof snapshot>;

/** Spec section 3: label 'workspace - thread', or the workspace name alone, or 'Published Pod {id}'. */
export const siteSnapshot = z.object({
  id: z.string(),
  workspace_name: z.string().nullable(),
  thread_name: z.string().nullable(),
  description: z.string(),
  label: z.string(),
  share_path: z.string(),
  created_at: z.string(),
});
export type SiteSnapshot = z.infer<typeof siteSnapshot>;

const publishBody = z
  .object({
    /** Listed on /all-published-pods. */
    is_discoverable: z.boolean().default(false),
  })
  .optional();

const ok = z.object({ ok: z.literal(true) });

export const snapshotWorkspace = endpoint({
  method: "post",
  path: "/workspaces/{id}/snapshot",
  tag: "snapshots",
  auth: "user",
  status: 201,
  summary: "Publish a frozen copy of the workspace (owner)",
  params: z.object({ id }),
  body: publishBody,
  response: snapshot,
});
export const snapshotThread = endpoint({
  method: "post",
  path: "/workspaces/{id}/threads/{tid}/snapshot",
  tag: "snapshots",
  auth: "user",
  status: 201,
  summary: "Publish a frozen copy of one thread with the files its answers cite (workspace owner)",
  params: z.object({ id, tid: id }),
  body: publishBody,
  response: snapshot,
});
export const listSnapshots = endpoint({
  method: "get",
  path: "/snapshots",
  tag: "snapshots",
  auth: "user",
  status: 200,
  summary: "The caller's published snapshots, newest first (paged)",
  query: pageQuery,
  response: z.object({ snapshots: z.array(snapshot), next_cursor: nextCursor }),
});
export const sitePublishedSnapshots = endpoint({
  method: "get",
  path: "/site_published_snapshots",
  tag: "snapshots",
  auth: "optional",
  status: 200,
  summary: "Discoverable snapshots for the public list, newest first (cached 5 minutes)",
  response: z.object({ snapshots: z.array(siteSnapshot) }),
});
export const getSnapshot = endpoint({
  method: "get",
  path: "/snapshots/{id}",
  tag: "snapshots",
  auth: "optional",
  status: 200,
  summary: "One snapshot (anyone)",
  params: snapshotParams,
  response: snapshot,
});
export const deleteSnapshot = endpoint({
  method: "delete",
  path: "/snapshots/{id}",
  tag: "snapshots",
  auth: "user",
  status: 200,
  summary: "Delete a snapshot (its creator); the source workspace is not touched",
  params: snapshotParams,
  response: ok,
});
export const getSnapshotWorkspace = endpoint({
  method: "get",
  path: "/snapshots/{id}/workspace",
  tag: "snapshots",
  auth: "optional",
  status: 200,
  summary: "The snapshot's workspace (read-only: permission 'viewer', is_published true)",
  params: snapshotParams,
  response: workspace,
});
export const listSnapshotThreads = endpoint({
  method: "get",
  path: "/snapshots/{id}/threads",
  tag: "snapshots",
  auth: "optional",
  status: 200,
  summary: "The snapshot's threads (paged)",
  params: snapshotParams,
  query: pageQuery,
  response: z.object({ threads: z.array(thread), next_cursor: nextCursor }),
});
export const listSnapshotFiles = endpoint({
  method: "get",
  path: "/snapshots/{id}/files",
  tag: "snapshots",
  auth: "optional",
  status: 200,
  summary: "The snapshot's files (paged)",
  params: snapshotParams,
  query: pageQuery,
  response: z.object({ files: z.array(file), next_cursor: nextCursor }),
});
export const getSnapshotThread = endpoint({
  method: "get",
  path: "/snapshots/{id}/threads/{tid}",
  tag: "snapshots",
  auth: "optional",
  status: 200,
  summary: "One thread of the snapshot",
  params: snapshotThreadParams,
  response: thread,
});
export const listSnapshotMessages = endpoint({
  method: "get",
  path: "/snapshots/{id}/threads/{tid}/messages",
  tag: "snapshots",
  auth: "optional",
  status: 200,
  summary: "Messages of a snapshot's thread, oldest first (paged)",
  params: snapshotThreadParams,
  query: pageQuery,
  response: z.object({ messages: z.array(message), next_cursor: nextCursor }),
});
