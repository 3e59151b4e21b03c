import type { Deps } from "../deps.ts";
import type { Actor } from "../platform/http/context.ts";
import { page } from "../platform/paging.ts";
import { notFound } from "../workspaces/policy.ts";
import * as repo from "./message-repo.ts";
import { presentMessage } from "./present.ts";
import { loadThread } from "./service.ts";

export async function loadMessage(
  deps: Deps,
  actor: Actor | null,
  o: { workspaceId: string; threadId: string; messageId: string },
  ability: "read" | "write" | "annotate",
) {
  await loadThread(deps, actor, o.workspaceId, o.threadId, ability);
  const row = await repo.findMessage(deps.db.kysely, {
    threadId: o.threadId,
    messageId: o.messageId,
    viewerId: actor?.user.id ?? null,
  });
  if (!row) throw notFound("Message");
  return row;
}

export async function listMessages(
  deps: Deps,
  o: { actor: Actor | null; workspaceId: string; threadId: string; limit: number; cursor?: string },
) {
  await loadThread(deps, o.actor, o.workspaceId, o.threadId);
  const found = await repo.listMessageRows(deps.db.kysely, {
    threadId: o.threadId,
    viewerId: o.actor?.user.id ?? null,
    limit: o.limit,
    cursor: o.cursor,
  });
  const p = page(found, o.limit, (r) => [r.created_at, r.id]);
  return { messages: p.items.map(presentMessage), next_cursor: p.next_cursor };
}

/** Regenerated answers are siblings (same parent); exactly one of them is active. */
export async function setActive(
  deps: Deps,
  o: { actor: Actor; workspaceId: string; threadId: string; messageId: string },
) {
  const m = await loadMessage(deps, o.actor, o, "write");
  await deps.db.kysely.transaction().execute((tx) => repo.activateMessage(tx, m));
  return presentMessage(await loadMessage(deps, o.actor, o, "read"));
}

export async function setFeedback(
  deps: Deps,
  o: {
    actor: Actor;
    workspaceId: string;
    threadId: string;
    messageId: string;
    rating: "up" | "down" | null;
    comment?: string;
  },
) {
  await loadMessage(deps, o.actor, o, "annotate");
  await repo.setFeedback(deps.db.kysely, {
    messageId: o.messageId,
    userId: o.actor.user.id,
    rating: o.rating,
    comment: o.comment,
  });
  return presentMessage(await loadMessage(deps, o.actor, o, "read"));
}
