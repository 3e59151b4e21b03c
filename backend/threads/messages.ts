import type { Selectable } from "kysely";
import type { Citation } from "../../contracts/citation.ts";
import type { Message } from "../../contracts/workspaces.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../platform/http/context.ts";
import type { MessageTable } from "../platform/db/schema.ts";
import { decodeCursor, page, afterCursor } from "../platform/paging.ts";
import { now } from "../platform/clock.ts";
import { notFound } from "../workspaces/policy.ts";
import { loadThread } from "./service.ts";

type Row = Selectable<MessageTable> & { rating: "up" | "down" | null; comment: string | null };

function present(r: Row): Message {
  return {
    id: r.id,
    thread_id: r.thread_id,
    parent_id: r.parent_id,
    role: r.role,
    content: r.content,
    status: r.status,
    is_active: r.is_active === 1,
    feedback: r.rating ? { rating: r.rating, comment: r.comment } : null,
    citations: JSON.parse(r.citations) as Citation[],
    model: r.model,
    created_at: r.created_at,
  };
}

function rows(deps: Deps, viewerId: string | null) {
  return deps.db.kysely
    .selectFrom("messages as m")
    .leftJoin("message_feedback as f", (j) => j.onRef("f.message_id", "=", "m.id").on("f.user_id", "=", viewerId ?? ""))
    .selectAll("m")
    .select(["f.rating", "f.comment"]);
}

export async function loadMessage(deps: Deps, actor: Actor | null, o: { workspaceId: string; threadId: string; messageId: string }, ability: "read" | "write") {
  await loadThread(deps, actor, o.workspaceId, o.threadId, ability);
  const row = await rows(deps, actor?.user.id ?? null).where("m.id", "=", o.messageId).where("m.thread_id", "=", o.threadId).executeTakeFirst();
  if (!row) throw notFound("Message");
  return row;
}

export async function listMessages(deps: Deps, o: { actor: Actor | null; workspaceId: string; threadId: string; limit: number; cursor?: string }) {
  await loadThread(deps, o.actor, o.workspaceId, o.threadId);
  let q = rows(deps, o.actor?.user.id ?? null).where("m.thread_id", "=", o.threadId);
  const c = decodeCursor(o.cursor);
  if (c) q = q.where(afterCursor("m.created_at", "m.id", ">", c));
  const found = await q.orderBy("m.created_at", "asc").orderBy("m.id", "asc").limit(o.limit + 1).execute();
  const p = page(found, o.limit, (r) => [r.created_at, r.id]);
  return { messages: p.items.map(present), next_cursor: p.next_cursor };
}

/** Regenerated answers are siblings (same parent); exactly one of them is active. */
export async function setActive(deps: Deps, o: { actor: Actor; workspaceId: string; threadId: string; messageId: string }) {
  const m = await loadMessage(deps, o.actor, o, "write");
  await deps.db.kysely.transaction().execute(async (tx) => {
    let siblings = tx.updateTable("messages").set({ is_active: 0 }).where("thread_id", "=", o.threadId).where("role", "=", m.role);
    siblings = m.parent_id === null ? siblings.where("parent_id", "is", null) : siblings.where("parent_id", "=", m.parent_id);
    await siblings.execute();
    await tx.updateTable("messages").set({ is_active: 1, updated_at: now() }).where("id", "=", m.id).execute();
  });
  return present(await loadMessage(deps, o.actor, o, "read"));
}

export async function setFeedback(
  deps: Deps,
  o: { actor: Actor; workspaceId: string; threadId: string; messageId: string; rating: "up" | "down" | null; comment?: string },
) {
  await loadMessage(deps, o.actor, o, "read");
  const db = deps.db.kysely;
  const rating = o.rating;
  if (rating === null) {
    await db.deleteFrom("message_feedback").where("message_id", "=", o.messageId).where("user_id", "=", o.actor.user.id).execute();
  } else {
    await db
      .insertInto("message_feedback")
      .values({ message_id: o.messageId, user_id: o.actor.user.id, rating, comment: o.comment ?? null, created_at: now() })
      .onConflict((oc) => oc.columns(["message_id", "user_id"]).doUpdateSet({ rating, comment: o.comment ?? null }))
      .execute();
  }
  return present(await loadMessage(deps, o.actor, o, "read"));
}
