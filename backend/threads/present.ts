import type { Citation } from "../../contracts/citation.ts";
import type { Message, Thread } from "../../contracts/threads.ts";
import type { MessageRow } from "./message-repo.ts";
import type { ThreadRow } from "./repo.ts";

export function presentThread(row: ThreadRow): Thread {
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

export function presentMessage(r: MessageRow): Message {
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
