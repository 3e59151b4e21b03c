import crypto from "node:crypto";
import { sql } from "kysely";
import type { Thread } from "../../contracts/workspaces.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../platform/http/context.ts";
import type { ThreadTable } from "../platform/db/schema.ts";
import { decodeCursor, page, afterCursor } from "../platform/paging.ts";
import { now } from "../platform/clock.ts";
import { threadBlobKeys } from "../thread-files/repo.ts";
import { notFound } from "../workspaces/policy.ts";
import { loadWorkspace } from "../workspaces/service.ts";
import { titleFromQuery } from "../workspaces/title.ts";

/** The name of a thread nobody named: the first question renames it (see backend/agent/title.ts). */
export const DEFAULT_THREAD_NAME = "New thread";

type Row = ThreadTable & { is_bookmarked: number | null };

function present(row: Row): Thread {
  return {
    id: row.id,
    workspace_id: row.workspace_id,
    name: row.name,
    is_pinned: row.is_pinned === 1,
    is_bookmarked: Boolean(row.is_bookmarked),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function rows(deps: Deps, viewerId: string | null) {
  return deps.db.kysely
    .selectFrom("threads as t")
    .selectAll("t")
    .select((eb) =>
      eb
        .selectFrom("thread_bookmarks as b")
        .select(sql<number>`1`.as("x"))
        .whereRef("b.thread_id", "=", "t.id")
        .where("b.user_id", "=", viewerId ?? "")
        .limit(1)
        .as("is_bookmarked"),
    );
}

/** The thread, after checking the actor may use its workspace for `ability`. */
export async function loadThread(deps: Deps, actor: Actor | null, workspaceId: string, threadId: string, ability: "read" | "write" = "read") {
  await loadWorkspace(deps, actor, workspaceId, ability);
  const row = await rows(deps, actor?.user.id ?? null).where("t.id", "=", threadId).where("t.workspace_id", "=", workspaceId).executeTakeFirst();
  if (!row) throw notFound("Thread");
  return row;
}

export async function listThreads(deps: Deps, o: { actor: Actor | null; workspaceId: string; limit: number; cursor?: string }) {
  await loadWorkspace(deps, o.actor, o.workspaceId);
  // Pinned first, then newest: the cursor carries "pinned|updated_at".
  let q = rows(deps, o.actor?.user.id ?? null).where("t.workspace_id", "=", o.workspaceId);
  const c = decodeCursor(o.cursor);
  const sortKey = sql<string>`(${sql.ref("t.is_pinned")} || '|' || ${sql.ref("t.updated_at")})`;
  if (c) q = q.where(afterCursor(sortKey, "t.id", "<", c));
  const found = await q.orderBy(sortKey, "desc").orderBy("t.id", "desc").limit(o.limit + 1).execute();
  const p = page(found, o.limit, (r) => [`${r.is_pinned}|${r.updated_at}`, r.id]);
  return { threads: p.items.map(present), next_cursor: p.next_cursor };
}

export async function createThread(deps: Deps, o: { actor: Actor; workspaceId: string; name?: string }) {
  await loadWorkspace(deps, o.actor, o.workspaceId, "write");
  const id = crypto.randomUUID();
  const t = now();
  await deps.db.kysely
    .insertInto("threads")
    .values({ id, workspace_id: o.workspaceId, created_by: o.actor.user.id, name: o.name ?? DEFAULT_THREAD_NAME, is_pinned: 0, created_at: t, updated_at: t })
    .execute();
  return present(await loadThread(deps, o.actor, o.workspaceId, id));
}

export async function getThread(deps: Deps, o: { actor: Actor | null; workspaceId: string; threadId: string }) {
  return present(await loadThread(deps, o.actor, o.workspaceId, o.threadId));
}

export async function updateThread(deps: Deps, o: { actor: Actor; workspaceId: string; threadId: string; name?: string; pinned?: boolean }) {
  await loadThread(deps, o.actor, o.workspaceId, o.threadId, "write");
  await deps.db.kysely
    .updateTable("threads")
    .set({
      ...(o.name !== undefined ? { name: o.name } : {}),
      ...(o.pinned !== undefined ? { is_pinned: o.pinned ? 1 : 0 } : {}),
      updated_at: now(),
    })
    .where("id", "=", o.threadId)
    .execute();
  return present(await loadThread(deps, o.actor, o.workspaceId, o.threadId));
}

export async function deleteThread(deps: Deps, o: { actor: Actor; workspaceId: string; threadId: string }) {
  await loadThread(deps, o.actor, o.workspaceId, o.threadId, "write");
  // Its files' rows go with the thread (foreign key); their bytes are removed here.
  const keys = await threadBlobKeys(deps.db.kysely, o.threadId);
  await deps.db.kysely.deleteFrom("threads").where("id", "=", o.threadId).execute();
  await Promise.all(keys.map((k) => deps.blobs.delete(k)));
}

export async function setThreadBookmark(deps: Deps, o: { actor: Actor; workspaceId: string; threadId: string; on: boolean }) {
  await loadThread(deps, o.actor, o.workspaceId, o.threadId);
  const db = deps.db.kysely;
  if (o.on) {
    await db
      .insertInto("thread_bookmarks")
      .values({ user_id: o.actor.user.id, thread_id: o.threadId, created_at: now() })
      .onConflict((oc) => oc.columns(["user_id", "thread_id"]).doNothing())
      .execute();
  } else {
    await db.deleteFrom("thread_bookmarks").where("user_id", "=", o.actor.user.id).where("thread_id", "=", o.threadId).execute();
  }
  return present(await loadThread(deps, o.actor, o.workspaceId, o.threadId));
}

export async function autoRenameThread(deps: Deps, o: { actor: Actor; workspaceId: string; threadId: string; userQuery: string }) {
  return updateThread(deps, { ...o, name: titleFromQuery(o.userQuery) });
}

/** Bookmarked threads the actor can still read (a workspace made private drops out). */
export async function bookmarkedThreads(deps: Deps, o: { actor: Actor; limit: number; cursor?: string }) {
  const uid = o.actor.user.id;
  let q = rows(deps, uid)
    .innerJoin("thread_bookmarks as mb", (j) => j.onRef("mb.thread_id", "=", "t.id").on("mb.user_id", "=", uid))
    .innerJoin("workspaces as w", "w.id", "t.workspace_id")
    .where((eb) => eb.or([eb("w.owner_id", "=", uid), eb("w.is_public", "=", 1)]));
  const c = decodeCursor(o.cursor);
  if (c) q = q.where(afterCursor("t.updated_at", "t.id", "<", c));
  const found = await q.orderBy("t.updated_at", "desc").orderBy("t.id", "desc").limit(o.limit + 1).execute();
  const p = page(found, o.limit, (r) => [r.updated_at, r.id]);
  return { threads: p.items.map(present), next_cursor: p.next_cursor };
}

/** Threads across the actor's own workspaces. */
export async function allThreads(deps: Deps, o: { actor: Actor; limit: number; cursor?: string }) {
  let q = rows(deps, o.actor.user.id).innerJoin("workspaces as w", "w.id", "t.workspace_id").where("w.owner_id", "=", o.actor.user.id);
  const c = decodeCursor(o.cursor);
  if (c) q = q.where(afterCursor("t.updated_at", "t.id", "<", c));
  const found = await q.orderBy("t.updated_at", "desc").orderBy("t.id", "desc").limit(o.limit + 1).execute();
  const p = page(found, o.limit, (r) => [r.updated_at, r.id]);
  return { threads: p.items.map(present), next_cursor: p.next_cursor };
}
