import { z } from "zod";
import { endpoint } from "./endpoint.ts";
import { nextCursor, pageQuery } from "./paging.ts";

/** A path id (workspace, thread, message...). */
export const id = z.string().min(1).max(100);
export const workspaceParams = z.object({ id });

/** A display name (workspace or thread). */
export const name = z.string().trim().min(1, "Name is required").max(200, "Name must be at most 200 characters");

export const workspace = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  is_public: z.boolean(),
  is_bookmarked: z.boolean(),
  permission: z.enum(["owner", "viewer"]),
  /** True while the Pod has a published snapshot (the header's '(Published)' badge). */
  is_published: z.boolean(),
  /** Set when this workspace is a published snapshot's frozen copy (read-only for everyone). */
  snapshot_id: z.string().nullable(),
  bookmark_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Workspace = z.infer<typeof workspace>;

const ok = z.object({ ok: z.literal(true) });

// --- Workspaces --------------------------------------------------------------------------------
export const listWorkspaces = endpoint({
  method: "get",
  path: "/workspaces",
  tag: "workspaces",
  auth: "user",
  status: 200,
  summary: "The caller's workspaces, newest activity first (paged)",
  query: pageQuery.extend({ filter: z.enum(["owned", "bookmarked", "all"]).default("all") }),
  response: z.object({ workspaces: z.array(workspace), next_cursor: nextCursor }),
});
export const createWorkspace = endpoint({
  method: "post",
  path: "/workspaces",
  tag: "workspaces",
  auth: "user",
  status: 201,
  summary: "Create a workspace (Pod)",
  body: z.object({ name, is_public: z.boolean().default(false), description: z.string().max(2000).optional() }),
  response: workspace,
});
export const getWorkspace = endpoint({
  method: "get",
  path: "/workspaces/{id}",
  tag: "workspaces",
  auth: "optional",
  status: 200,
  summary: "One workspace (public ones for anyone)",
  params: workspaceParams,
  response: workspace,
});
export const updateWorkspace = endpoint({
  method: "patch",
  path: "/workspaces/{id}",
  tag: "workspaces",
  auth: "user",
  status: 200,
  summary: "Rename, describe or change visibility (owner)",
  params: workspaceParams,
  body: z.object({
    name: name.optional(),
    description: z.string().max(2000).optional(),
    is_public: z.boolean().optional(),
  }),
  response: workspace,
});
export const deleteWorkspace = endpoint({
  method: "delete",
  path: "/workspaces/{id}",
  tag: "workspaces",
  auth: "user",
  status: 200,
  summary: "Delete a workspace with its threads and files (owner)",
  params: workspaceParams,
  response: ok,
});
export const addWorkspaceBookmark = endpoint({
  method: "post",
  path: "/workspaces/{id}/bookmark",
  tag: "workspaces",
  auth: "user",
  status: 200,
  summary: "Bookmark a public workspace (non-owners)",
  params: workspaceParams,
  response: workspace,
});
export const removeWorkspaceBookmark = endpoint({
  method: "delete",
  path: "/workspaces/{id}/bookmark",
  tag: "workspaces",
  auth: "user",
  status: 200,
  summary: "Remove a bookmark",
  params: workspaceParams,
  response: workspace,
});
export const mostBookmarkedWorkspaces = endpoint({
  method: "get",
  path: "/most_bookmarked_workspaces",
  tag: "workspaces",
  auth: "optional",
  status: 200,
  summary: "Public workspaces with the most bookmarks in the last n days",
  query: z.object({
    last_n_days: z.coerce.number().int().min(1).max(3650).default(30),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  }),
  response: z.object({ workspaces: z.array(workspace) }),
});
export const indexingStatus = endpoint({
  method: "get",
  path: "/workspaces/{id}/indexing_status",
  tag: "workspaces",
  auth: "optional",
  status: 200,
  summary: "Progress of file processing in a workspace",
  params: workspaceParams,
  response: z.object({
    state: z.enum(["idle", "indexing"]),
    files_total: z.number().int(),
    files_done: z.number().int(),
    files_failed: z.number().int(),
    pages_total: z.number().int(),
    pages_done: z.number().int(),
    eta_seconds: z.number().nullable(),
    failures: z.array(z.object({ file_id: z.string(), filename: z.string(), reason: z.string() })),
  }),
});
export const autoRenameWorkspace = endpoint({
  method: "post",
  path: "/workspaces/{id}/auto_rename",
  tag: "workspaces",
  auth: "user",
  status: 200,
  summary: "Name the workspace from a question (owner)",
  params: workspaceParams,
  body: z.object({ user_query: z.string().trim().min(1, "user_query is required").max(10000) }),
  response: workspace,
});
