import crypto from "node:crypto";
import type { TimedEvent } from "../../contracts/agent.ts";
import type { Deps } from "../deps.ts";
import { now } from "../platform/clock.ts";
import type { FinalStatus, LiveAnswer } from "./live.ts";

/**
 * Stores what each answer added since its last write: one batch row of events each, the text and
 * citations so far, and (at the end) the final status. One transaction for all of them. Returns
 * the answers whose row is gone (their thread was deleted meanwhile): nothing is stored for them.
 */
export async function storeProgress(deps: Deps, answers: LiveAnswer[], status: FinalStatus | null): Promise<LiveAnswer[]> {
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
      const updated = await tx
        .updateTable("messages")
        .set({ content: s.content, citations: s.citations, updated_at: t, ...(status ? { status } : {}) })
        .where("id", "=", s.a.id)
        .executeTakeFirst();
      s.gone = Number(updated.numUpdatedRows) === 0;
      if (s.gone || s.batch.length === 0) continue;
      await tx
        .insertInto("message_events")
        .values({ message_id: s.a.id, seq: s.a.batches, first_index: s.a.flushed, events: JSON.stringify(s.batch), created_at: t })
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

/** Which of these answers someone asked to cancel. */
export async function cancelRequested(deps: Deps, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await deps.db.kysely.selectFrom("messages").select("id").where("id", "in", ids).where("cancel_requested_at", "is not", null).execute();
  return rows.map((r) => r.id);
}

/** Sets the cancel flag of an answer still being written; false when it had already ended. */
export async function requestCancel(deps: Deps, messageId: string): Promise<boolean> {
  const r = await deps.db.kysely
    .updateTable("messages")
    .set({ cancel_requested_at: now() })
    .where("id", "=", messageId)
    .where("status", "=", "streaming")
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function messageState(deps: Deps, messageId: string) {
  return deps.db.kysely.selectFrom("messages").select(["status", "updated_at"]).where("id", "=", messageId).executeTakeFirst();
}

/** Stored event batches from batch `fromSeq` on, with each event's index in the answer. */
export async function storedEvents(deps: Deps, messageId: string, fromSeq = 0): Promise<{ batches: number; events: { index: number; timed: TimedEvent }[] }> {
  const rows = await deps.db.kysely
    .selectFrom("message_events")
    .select(["seq", "first_index", "events"])
    .where("message_id", "=", messageId)
    .where("seq", ">=", fromSeq)
    .orderBy("seq")
    .execute();
  const events: { index: number; timed: TimedEvent }[] = [];
  for (const r of rows) (JSON.parse(r.events) as TimedEvent[]).forEach((timed, i) => events.push({ index: r.first_index + i, timed }));
  return { batches: fromSeq + rows.length, events };
}

/** Marks an answer whose writer stopped (its process died) as failed; false if it moved on meanwhile. */
export async function failAbandoned(deps: Deps, messageId: string, staleBefore: string): Promise<boolean> {
  const r = await deps.db.kysely
    .updateTable("messages")
    .set({ status: "failed", updated_at: now() })
    .where("id", "=", messageId)
    .where("status", "=", "streaming")
    .where("updated_at", "<", staleBefore)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/**
 * Closes every answer whose writer stopped without finishing (its process died: a live answer
 * touches its row every few seconds) as failed. Run at start-up and with the periodic sweeps, so
 * such answers don't wait for a follower to notice. Returns how many were closed.
 */
export async function sweepAbandonedAnswers(deps: Deps, staleAfterMs: number): Promise<number> {
  const r = await deps.db.kysely
    .updateTable("messages")
    .set({ status: "failed", updated_at: now() })
    .where("status", "=", "streaming")
    .where("updated_at", "<", new Date(Date.now() - staleAfterMs).toISOString())
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function recordUsage(
  deps: Deps,
  u: { userId: string; workspaceId: string; threadId: string; messageId: string | null; model: string; inputTokens: number; outputTokens: number; costUsd: number | null },
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
