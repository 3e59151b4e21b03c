import { z } from "zod";
import { citation } from "./citation.ts";
import { endpoint } from "./endpoint.ts";
import { nextCursor, pageQuery } from "./paging.ts";
import { id, name, workspaceParams } from "./workspaces.ts";

export const threadParams = z.object({ id, tid: id });
export const messageParams = z.object({ id, tid: id, mid: id });

export const thread = z.object({
  id: z.string(),
  workspace_id: z.string(),
  name: z.string(),
  is_pinned: z.boolean(),
  is_bookmarked: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Thread = z.infer<typeof thread>;

export const message = z.object({
  id: z.string(),
  thread_id: z.string(),
  parent_id: z.string().nullable(),
  role: z.enum(["user", "assistant"]),
  content: z.string(),
  status: z.enum(["streaming", "complete", "cancelled", "failed"]),
  is_active: z.boolean(),
  feedback: z.object({ rating: z.enum(["up", "down"]), comment: z.string().nullable() }).nullable(),
  /** An answer's citations in marker order (empty for questions); see contracts/agent.ts. */
  citations: z.array(citation),
  /** The model that wrote an answer ("search" for search mode); null for questions. */
  model: z.string().nullable(),
  created_at: z.string(),
});
export type Message = z.infer<typeof message>;

const ok = z.object({ ok: z.literal(true) });

// --- Threads -----------------------------------------------------------------------------------
export const listThreads = endpoint({
  method: "get",
  path: "/workspaces/{id}/threads",
  tag: "threads",
  auth: "optional",
  status: 200,
  summary: "Threads of a workspace, pinned first then newest (paged)",
  params: workspaceParams,
  query: pageQuery,
  response: z.object({ threads: z.array(thread), next_cursor: nextCursor }),
});
export const createThread = endpoint({
  method: "post",
  path: "/workspaces/{id}/threads",
  tag: "threads",
  auth: "user",
  status: 201,
  summary: "Start a thread (owner)",
  params: workspaceParams,
  body: z.object({ name: name.optional() }).optional(),
  response: thread,
});
export const getThread = endpoint({
  method: "get",
  path: "/workspaces/{id}/threads/{tid}",
  tag: "threads",
  auth: "optional",
  status: 200,
  summary: "One thread",
  params: threadParams,
  response: thread,
});
export const updateThread = endpoint({
  method: "patch",
  path: "/workspaces/{id}/threads/{tid}",
  tag: "threads",
  auth: "user",
  status: 200,
  summary: "Rename a thread (owner)",
  params: threadParams,
  body: z.object({ name }),
  response: thread,
});
export const deleteThread = endpoint({
  method: "delete",
  path: "/workspaces/{id}/threads/{tid}",
  tag: "threads",
  auth: "user",
  status: 200,
  summary: "Delete a thread (owner)",
  params: threadParams,
  response: ok,
});
export const pinThread = endpoint({
  method: "post",
  path: "/workspaces/{id}/threads/{tid}/pin",
  tag: "threads",
  auth: "user",
  status: 200,
  summary: "Pin a thread (owner)",
  params: threadParams,
  response: thread,
});
export const unpinThread = endpoint({
  method: "delete",
  path: "/workspaces/{id}/threads/{tid}/pin",
  tag: "threads",
  auth: "user",
  status: 200,
  summary: "Unpin a thread (owner)",
  params: threadParams,
  response: thread,
});
export const bookmarkThread = endpoint({
  method: "post",
  path: "/workspaces/{id}/threads/{tid}/bookmark",
  tag: "threads",
  auth: "user",
  status: 200,
  summary: "Bookmark a thread you can read",
  params: threadParams,
  response: thread,
});
export const unbookmarkThread = endpoint({
  method: "delete",
  path: "/workspaces/{id}/threads/{tid}/bookmark",
  tag: "threads",
  auth: "user",
  status: 200,
  summary: "Remove a thread bookmark",
  params: threadParams,
  response: thread,
});
export const autoRenameThread = endpoint({
  method: "post",
  path: "/workspaces/{id}/threads/{tid}/auto_rename",
  tag: "threads",
  auth: "user",
  status: 200,
  summary: "Name the thread from its question (owner)",
  params: threadParams,
  body: z.object({ user_query: z.string().trim().min(1, "user_query is required").max(10000) }),
  response: thread,
});
export const bookmarkedThreads = endpoint({
  method: "get",
  path: "/bookmarked_threads",
  tag: "threads",
  auth: "user",
  status: 200,
  summary: "Threads the caller bookmarked and can still read (paged), each with its workspace's name",
  query: pageQuery,
  response: z.object({ threads: z.array(thread.extend({ workspace_name: z.string() })), next_cursor: nextCursor }),
});
export const allThreads = endpoint({
  method: "get",
  path: "/threads",
  tag: "threads",
  auth: "user",
  status: 200,
  summary: "Threads across the caller's own workspaces, newest first (paged)",
  query: pageQuery,
  response: z.object({ threads: z.array(thread), next_cursor: nextCursor }),
});

// --- Messages ----------------------------------------------------------------------------------
export const listMessages = endpoint({
  method: "get",
  path: "/workspaces/{id}/threads/{tid}/messages",
  tag: "messages",
  auth: "optional",
  status: 200,
  summary: "Messages of a thread, oldest first (paged)",
  params: threadParams,
  query: pageQuery,
  response: z.object({ messages: z.array(message), next_cursor: nextCursor }),
});
export const setMessageActive = endpoint({
  method: "post",
  path: "/workspaces/{id}/threads/{tid}/messages/{mid}/active",
  tag: "messages",
  auth: "user",
  status: 200,
  summary: "Make this answer the active one among its regenerated siblings (owner)",
  params: messageParams,
  response: message,
});
export const postFeedback = endpoint({
  method: "post",
  path: "/workspaces/{id}/threads/{tid}/messages/{mid}/feedback",
  tag: "messages",
  auth: "user",
  status: 200,
  summary: "Rate an answer",
  params: messageParams,
  body: z.object({
    rating: z.enum(["up", "down"], {
      error: (iss) => (iss.input === undefined ? "rating is required" : 'rating must be "up" or "down"'),
    }),
    comment: z.string().max(5000).optional(),
  }),
  response: message,
});
export const deleteFeedback = endpoint({
  method: "delete",
  path: "/workspaces/{id}/threads/{tid}/messages/{mid}/feedback",
  tag: "messages",
  auth: "user",
  status: 200,
  summary: "Remove your rating",
  params: messageParams,
  response: message,
});
