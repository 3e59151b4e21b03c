import crypto from "node:crypto";
import type { TimedEvent } from "../../contracts/agent.ts";
import type { Deps } from "../deps.ts";
import { now } from "../platform/clock.ts";
import type { Executor } from "../platform/db/index.ts";
import { afterCursor } from "../platform/paging.ts";
import type { MessageEventTable } from "../platform/db/schema.ts";
import * as messages from "../threads/message-repo.ts";
import type { FinalStatus, LiveAnswer } from "./live.ts";

/**
 * Stores what each answer added since its last write: one batch row of events each, the text and
 * citations so far, and (at the end) the final status. One transaction for all of them. Returns
 * the answers whose row is gone (their thread was deleted meanwhile): nothing is stored for them.
 */
export async function storeProgress(
  deps: Deps,
  answers: LiveAnswer[],
  status: FinalStatus | null,
): Promise<LiveAnswer[]> {
  const snapshots = answers.map((a) => ({
    a,
    end: a.events.length,
    batch: a.events.slice(a.flushed),
    content: a.content,
    citations: JSON.stringify(a.citations),
    gone: false,
  }));
  const t = now();
  await deps.db.kysely.transaction().execute(async (tx) => {
    for (const s of snapshots) {
      // The row first: it locks the answer (a concurrent delete waits) and says whether it exists.
      s.gone = !(await messages.updateAnswer(tx, {
        id: s.a.id,
        content: s.content,
        citations: s.citations,
        status,
        at: t,
      }));
      if (s.gone || s.batch.length === 0) continue;
      await tx
        .insertInto("message_events")
        .values({
          message_id: s.a.id,
          seq: s.a.batches,
          first_index: s.a.flushed,
          events: JSON.stringify(s.batch),
          created_at: t,
        })
        .execute();
    }
  });
  for (const s of snapshots) {
    if (s.batch.length > 0 && !s.gone) s.a.batches++;
    s.a.flushed = s.end;
    s.a.lastWriteAt = Date.now();
  }
  return snapshots.filter((s) => s.gone).map((s) => s.a);
}

/** Stored event batches from batch `fromSeq` on, with each event's index in the answer. */
export async function storedEvents(
  deps: Deps,
  messageId: string,
  fromSeq = 0,
  db: Executor = deps.db.kysely,
): Promise<{ batches: number; events: { index: number; timed: TimedEvent }[] }> {
  const rows = await db
    .selectFrom("message_events")
    .select(["seq", "first_index", "events"])
    .where("message_id", "=", messageId)
    .where("seq", ">=", fromSeq)
    .orderBy("seq")
    .execute();
  const events: { index: number; timed: TimedEvent }[] = [];
  for (const r of rows)
    (JSON.parse(r.events) as TimedEvent[]).forEach((timed, i) => events.push({ index: r.first_index + i, timed }));
  return { batches: fromSeq + rows.length, events };
}

/** Stores an ended answer's events anew, as one batch (a stopped answer kept as its reader saw it). */
export async function replaceEvents(db: Executor, messageId: string, events: TimedEvent[]): Promise<void> {
  await db.deleteFrom("message_events").where("message_id", "=", messageId).execute();
  if (events.length === 0) return;
  await db
    .insertInto("message_events")
    .values({ message_id: messageId, seq: 0, first_index: 0, events: JSON.stringify(events), created_at: now() })
    .execute();
}

/**
 * The stored event batches of a workspace's answers (or one thread's), for copying them into a
 * snapshot; joins threads and messages read-only to find them.
 */
export function listEventsToCopy(db: Executor, o: { workspaceId: string; threadId?: string }) {
  let q = db
    .selectFrom("message_events as e")
    .innerJoin("messages as m", "m.id", "e.message_id")
    .innerJoin("threads as t", "t.id", "m.thread_id")
    .selectAll("e")
    .where("t.workspace_id", "=", o.workspaceId);
  if (o.threadId) q = q.where("t.id", "=", o.threadId);
  return q.execute();
}

/** Inserts copies of event batches (a snapshot's answers keep their steps and thoughts). */
export async function insertEvents(db: Executor, rows: MessageEventTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 100)
    await db
      .insertInto("message_events")
      .values(rows.slice(i, i + 100))
      .execute();
}

/**
 * Closes every answer whose writer stopped without finishing (its process died: a live answer
 * touches its row every few seconds) as failed. Run at start-up and with the periodic sweeps, so
 * such answers don't wait for a follower to notice. Returns how many were closed. (The query is
 * the threads' message repo's; server.ts calls it from here.)
 */
export async function sweepAbandonedAnswers(deps: Deps, staleAfterMs: number): Promise<number> {
  return messages.failAllAbandoned(deps.db.kysely, new Date(Date.now() - staleAfterMs).toISOString());
}

export async function recordUsage(
  deps: Deps,
  u: {
    userId: string;
    workspaceId: string;
    /** Null for a call outside any thread (suggested questions). */
    threadId: string | null;
    messageId: string | null;
    model: string;
    inputTokens: number;
    outputTokens: number;
    costUsd: number | null;
  },
): Promise<void> {
  await deps.db.kysely
    .insertInto("usage_events")
    .values({
      id: crypto.randomUUID(),
      user_id: u.userId,
      workspace_id: u.workspaceId,
      thread_id: u.threadId,
      message_id: u.messageId,
      model: u.model,
      input_tokens: u.inputTokens,
      output_tokens: u.outputTokens,
      cost_usd: u.costUsd,
      created_at: now(),
    })
    .execute();
}

/** An answer's metered model calls (billing charges the answer for them). */
export function listMessageUsage(db: Executor, messageId: string) {
  return db
    .selectFrom("usage_events")
    .select(["input_tokens", "output_tokens", "cost_usd"])
    .where("message_id", "=", messageId)
    .execute();
}

/**
 * A user's metered calls in two sums: the cost of the priced ones, the tokens of the unpriced
 * ones (billing prices those by its fallback rate).
 */
export async function usageTotals(db: Executor, userId: string) {
  const row = await db
    .selectFrom("usage_events")
    .select((eb) => [
      eb.fn.sum<number | string | null>("cost_usd").as("cost"),
      eb.fn
        .sum<number | string | null>(eb.case().when("cost_usd", "is", null).then(eb.ref("input_tokens")).else(0).end())
        .as("unpriced_in"),
      eb.fn
        .sum<number | string | null>(eb.case().when("cost_usd", "is", null).then(eb.ref("output_tokens")).else(0).end())
        .as("unpriced_out"),
    ])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return {
    costUsd: Number(row?.cost ?? 0),
    unpricedInputTokens: Number(row?.unpriced_in ?? 0),
    unpricedOutputTokens: Number(row?.unpriced_out ?? 0),
  };
}

/** A user's metered calls, newest first, after a (created_at, id) cursor. */
export function listUserUsage(db: Executor, o: { userId: string; after: [string, string] | null; limit: number }) {
  let q = db.selectFrom("usage_events").selectAll().where("user_id", "=", o.userId);
  if (o.after) q = q.where(afterCursor("created_at", "id", "<", o.after));
  return q.orderBy("created_at", "desc").orderBy("id", "desc").limit(o.limit).execute();
}
