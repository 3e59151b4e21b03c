import type { Insertable } from "kysely";
import type { Executor } from "../platform/db/index.ts";
import type { MessageTable } from "../platform/db/schema.ts";
import { now } from "../platform/clock.ts";
import { afterCursor, decodeCursor } from "../platform/paging.ts";

/** Every query on `messages` and `message_feedback`: the thread screens' and the agent's. */

/** Messages with the viewer's feedback. */
function messageRows(db: Executor, viewerId: string | null) {
  return db
    .selectFrom("messages as m")
    .leftJoin("message_feedback as f", (j) => j.onRef("f.message_id", "=", "m.id").on("f.user_id", "=", viewerId ?? ""))
    .selectAll("m")
    .select(["f.rating", "f.comment"]);
}

export type MessageRow = NonNullable<Awaited<ReturnType<ReturnType<typeof messageRows>["executeTakeFirst"]>>>;

export function findMessage(db: Executor, o: { threadId: string; messageId: string; viewerId: string | null }) {
  return messageRows(db, o.viewerId)
    .where("m.id", "=", o.messageId)
    .where("m.thread_id", "=", o.threadId)
    .executeTakeFirst();
}

/** A thread's messages, oldest first. limit + 1 rows. */
export function listMessageRows(
  db: Executor,
  o: { threadId: string; viewerId: string | null; limit: number; cursor?: string },
) {
  let q = messageRows(db, o.viewerId).where("m.thread_id", "=", o.threadId);
  const c = decodeCursor(o.cursor);
  if (c) q = q.where(afterCursor("m.created_at", "m.id", ">", c));
  return q
    .orderBy("m.created_at", "asc")
    .orderBy("m.id", "asc")
    .limit(o.limit + 1)
    .execute();
}

/** Makes a message the active one among its siblings (same parent and role). Run in a transaction. */
export async function activateMessage(
  db: Executor,
  m: Pick<MessageTable, "id" | "thread_id" | "role" | "parent_id">,
): Promise<void> {
  let siblings = db
    .updateTable("messages")
    .set({ is_active: 0 })
    .where("thread_id", "=", m.thread_id)
    .where("role", "=", m.role);
  siblings =
    m.parent_id === null ? siblings.where("parent_id", "is", null) : siblings.where("parent_id", "=", m.parent_id);
  await siblings.execute();
  await db.updateTable("messages").set({ is_active: 1, updated_at: now() }).where("id", "=", m.id).execute();
}

/** Sets a user's rating of a message, or removes it (rating null). */
export async function setFeedback(
  db: Executor,
  o: { messageId: string; userId: string; rating: "up" | "down" | null; comment?: string },
): Promise<void> {
  const rating = o.rating;
  if (rating === null) {
    await db
      .deleteFrom("message_feedback")
      .where("message_id", "=", o.messageId)
      .where("user_id", "=", o.userId)
      .execute();
  } else {
    await db
      .insertInto("message_feedback")
      .values({ message_id: o.messageId, user_id: o.userId, rating, comment: o.comment ?? null, created_at: now() })
      .onConflict((oc) => oc.columns(["message_id", "user_id"]).doUpdateSet({ rating, comment: o.comment ?? null }))
      .execute();
  }
}

/** A workspace's messages (or one thread's) as stored, no feedback, oldest first, for copying them into a snapshot. */
export function listMessagesToCopy(db: Executor, o: { workspaceId: string; threadId?: string }) {
  let q = db
    .selectFrom("messages as m")
    .innerJoin("threads as t", "t.id", "m.thread_id")
    .selectAll("m")
    .where("t.workspace_id", "=", o.workspaceId);
  if (o.threadId) q = q.where("t.id", "=", o.threadId);
  return q.orderBy("m.created_at").orderBy("m.id").execute();
}

/** Inserts copies of messages as they are (a snapshot's). */
export async function insertMessages(db: Executor, rows: Insertable<MessageTable>[]): Promise<void> {
  // 14 columns: 50 rows stay under SQLite's 999 bound parameters.
  for (let i = 0; i < rows.length; i += 50)
    await db
      .insertInto("messages")
      .values(rows.slice(i, i + 50))
      .execute();
}

// --- Questions and answers (the agent) -----------------------------------------------------------

/** A message of a thread, without feedback. */
export function findThreadMessage(db: Executor, o: { threadId: string; messageId: string }) {
  return db
    .selectFrom("messages")
    .selectAll()
    .where("id", "=", o.messageId)
    .where("thread_id", "=", o.threadId)
    .executeTakeFirst();
}

/**
 * Stores a question and its empty answer (status streaming) after the thread's latest active
 * message, and marks the thread as changed. Run in a transaction. With `rename`, a thread with no
 * message yet that is still named `rename.from` is renamed `rename.to`; returns the name it got, if any.
 */
export async function insertQuestionAndAnswer(
  db: Executor,
  o: {
    threadId: string;
    userId: string;
    questionId: string;
    answerId: string;
    query: string;
    fileIds: string[] | undefined;
    model: string;
    askedAt: string;
    answeredAt: string;
    rename?: { from: string; to: string };
  },
): Promise<string | null> {
  const leaf = await db
    .selectFrom("messages")
    .select("id")
    .where("thread_id", "=", o.threadId)
    .where("is_active", "=", 1)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  const base = { thread_id: o.threadId, is_active: 1, created_by: o.userId };
  await db
    .insertInto("messages")
    .values({
      ...base,
      id: o.questionId,
      parent_id: leaf?.id ?? null,
      role: "user",
      content: o.query,
      status: "complete",
      file_ids: o.fileIds ? JSON.stringify(o.fileIds) : null,
      created_at: o.askedAt,
      updated_at: o.askedAt,
    })
    .execute();
  await db
    .insertInto("messages")
    .values({
      ...base,
      id: o.answerId,
      parent_id: o.questionId,
      role: "assistant",
      content: "",
      status: "streaming",
      model: o.model,
      created_at: o.answeredAt,
      updated_at: o.answeredAt,
    })
    .execute();
  const name = !leaf && o.rename ? o.rename.to : null;
  let touch = db
    .updateTable("threads")
    .set({ updated_at: o.answeredAt, ...(name ? { name } : {}) })
    .where("id", "=", o.threadId);
  if (name && o.rename) touch = touch.where("name", "=", o.rename.from);
  await touch.execute();
  return name;
}

/** A new empty answer (status streaming) to a question, made the active one among its siblings. Run in a transaction. */
export async function insertRegeneratedAnswer(
  db: Executor,
  o: { threadId: string; questionId: string; answerId: string; model: string; userId: string },
): Promise<void> {
  const t = now();
  await db
    .updateTable("messages")
    .set({ is_active: 0, updated_at: t })
    .where("thread_id", "=", o.threadId)
    .where("parent_id", "=", o.questionId)
    .where("role", "=", "assistant")
    .execute();
  await db
    .insertInto("messages")
    .values({
      id: o.answerId,
      thread_id: o.threadId,
      parent_id: o.questionId,
      role: "assistant",
      content: "",
      status: "streaming",
      is_active: 1,
      model: o.model,
      created_by: o.userId,
      created_at: t,
      updated_at: t,
    })
    .execute();
}

/** Earlier active messages with content, newest first (the model's history). */
export function historyRows(db: Executor, o: { threadId: string; before: string; limit: number }) {
  return db
    .selectFrom("messages")
    .select(["role", "content", "status"])
    .where("thread_id", "=", o.threadId)
    .where("is_active", "=", 1)
    .where("created_at", "<", o.before)
    .where("content", "!=", "")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(o.limit)
    .execute();
}

/** Writes an answer's text and citations so far (and its final status); false when its row is gone. */
export async function updateAnswer(
  db: Executor,
  o: { id: string; content: string; citations: string; status: MessageTable["status"] | null; at: string },
): Promise<boolean> {
  const updated = await db
    .updateTable("messages")
    .set({ content: o.content, citations: o.citations, updated_at: o.at, ...(o.status ? { status: o.status } : {}) })
    .where("id", "=", o.id)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** Which of these answers someone asked to cancel. */
export async function cancelRequested(db: Executor, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("messages")
    .select("id")
    .where("id", "in", ids)
    .where("cancel_requested_at", "is not", null)
    .execute();
  return rows.map((r) => r.id);
}

/** Sets the cancel flag of an answer still being written; false when it had already ended. */
export async function requestCancel(db: Executor, messageId: string): Promise<boolean> {
  const r = await db
    .updateTable("messages")
    .set({ cancel_requested_at: now() })
    .where("id", "=", messageId)
    .where("status", "=", "streaming")
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function messageState(db: Executor, messageId: string) {
  return db.selectFrom("messages").select(["status", "updated_at"]).where("id", "=", messageId).executeTakeFirst();
}

/** Marks an answer whose writer stopped (its process died) as failed; false if it moved on meanwhile. */
export async function failAbandoned(db: Executor, messageId: string, staleBefore: string): Promise<boolean> {
  const r = await db
    .updateTable("messages")
    .set({ status: "failed", updated_at: now() })
    .where("id", "=", messageId)
    .where("status", "=", "streaming")
    .where("updated_at", "<", staleBefore)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Marks every answer still streaming but untouched since `staleBefore` as failed; returns how many. */
export async function failAllAbandoned(db: Executor, staleBefore: string): Promise<number> {
  const r = await db
    .updateTable("messages")
    .set({ status: "failed", updated_at: now() })
    .where("status", "=", "streaming")
    .where("updated_at", "<", staleBefore)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
