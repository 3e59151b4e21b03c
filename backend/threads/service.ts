import crypto from "node:crypto";
import type { Deps } from "../deps.ts";
import type { Actor } from "../platform/http/context.ts";
import { page } from "../platform/paging.ts";
import { removeFiles } from "../files/removal.ts";
import { notFound } from "../workspaces/policy.ts";
import { loadWorkspace } from "../workspaces/service.ts";
import { presentThread } from "./present.ts";
import * as repo from "./repo.ts";
import { titleFromQuery } from "./title.ts";

/** The name of a thread nobody named: the first question renames it (see backend/agent/title.ts). */
export const DEFAULT_THREAD_NAME = "New thread";

/** The thread, after checking the actor may use its workspace for `ability`. */
export async function loadThread(
  deps: Deps,
  actor: Actor | null,
  workspaceId: string,
  threadId: string,
  ability: "read" | "write" | "annotate" = "read",
) {
  await loadWorkspace(deps, actor, workspaceId, ability);
  const row = await repo.findThread(deps.db.kysely, { workspaceId, threadId, viewerId: actor?.user.id ?? null });
  if (!row) throw notFound("Thread");
  return row;
}

export async function listThreads(
  deps: Deps,
  o: { actor: Actor | null; workspaceId: string; limit: number; cursor?: string },
) {
  await loadWorkspace(deps, o.actor, o.workspaceId);
  // Pinned first, then newest: the cursor carries "pinned|updated_at".
  const found = await repo.listThreadRows(deps.db.kysely, {
    workspaceId: o.workspaceId,
    viewerId: o.actor?.user.id ?? null,
    limit: o.limit,
    cursor: o.cursor,
  });
  const p = page(found, o.limit, (r) => [`${r.is_pinned}|${r.updated_at}`, r.id]);
  return { threads: p.items.map(presentThread), next_cursor: p.next_cursor };
}

export async function createThread(deps: Deps, o: { actor: Actor; workspaceId: string; name?: string }) {
  await loadWorkspace(deps, o.actor, o.workspaceId, "write");
  const id = crypto.randomUUID();
  await repo.insertThread(deps.db.kysely, {
    id,
    workspaceId: o.workspaceId,
    createdBy: o.actor.user.id,
    name: o.name ?? DEFAULT_THREAD_NAME,
  });
  return presentThread(await loadThread(deps, o.actor, o.workspaceId, id));
}

export async function getThread(deps: Deps, o: { actor: Actor | null; workspaceId: string; threadId: string }) {
  return presentThread(await loadThread(deps, o.actor, o.workspaceId, o.threadId));
}

export async function updateThread(
  deps: Deps,
  o: { actor: Actor; workspaceId: string; threadId: string; name?: string; pinned?: boolean },
) {
  await loadThread(deps, o.actor, o.workspaceId, o.threadId, "write");
  await repo.updateThread(deps.db.kysely, o.threadId, { name: o.name, pinned: o.pinned });
  return presentThread(await loadThread(deps, o.actor, o.workspaceId, o.threadId));
}

export async function deleteThread(deps: Deps, o: { actor: Actor; workspaceId: string; threadId: string }) {
  await loadThread(deps, o.actor, o.workspaceId, o.threadId, "write");
  // Its files' rows go with the thread (foreign key), but for those a snapshot still shows; the
  // bytes nothing names any more are removed after.
  await removeFiles(deps, { threadId: o.threadId }, (tx) => repo.deleteThread(tx, o.threadId));
}

export async function setThreadBookmark(
  deps: Deps,
  o: { actor: Actor; workspaceId: string; threadId: string; on: boolean },
) {
  await loadThread(deps, o.actor, o.workspaceId, o.threadId, "annotate");
  await repo.setThreadBookmark(deps.db.kysely, { userId: o.actor.user.id, threadId: o.threadId, on: o.on });
  return presentThread(await loadThread(deps, o.actor, o.workspaceId, o.threadId));
}

export async function autoRenameThread(
  deps: Deps,
  o: { actor: Actor; workspaceId: string; threadId: string; userQuery: string },
) {
  return updateThread(deps, { ...o, name: titleFromQuery(o.userQuery) });
}

/** Bookmarked threads the actor can still read (a workspace made private drops out). */
export async function bookmarkedThreads(deps: Deps, o: { actor: Actor; limit: number; cursor?: string }) {
  const found = await repo.bookmarkedThreadRows(deps.db.kysely, {
    userId: o.actor.user.id,
    limit: o.limit,
    cursor: o.cursor,
  });
  const p = page(found, o.limit, (r) => [r.updated_at, r.id]);
  return {
    threads: p.items.map((r) => ({ ...presentThread(r), workspace_name: r.workspace_name })),
    next_cursor: p.next_cursor,
  };
}

/** Threads across the actor's own workspaces. */
export async function allThreads(deps: Deps, o: { actor: Actor; limit: number; cursor?: string }) {
  const found = await repo.ownedThreadRows(deps.db.kysely, {
    userId: o.actor.user.id,
    limit: o.limit,
    cursor: o.cursor,
  });
  const p = page(found, o.limit, (r) => [r.updated_at, r.id]);
  return { threads: p.items.map(presentThread), next_cursor: p.next_cursor };
}
