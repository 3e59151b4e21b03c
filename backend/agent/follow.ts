import { setTimeout as sleep } from "node:timers/promises";
import type { Selectable } from "kysely";
import type { TimedEvent } from "../../contracts/agent.ts";
import type { Citation } from "../../contracts/citation.ts";
import { AppError } from "../../contracts/errors.ts";
import type { Deps } from "../deps.ts";
import type { MessageTable } from "../platform/db/schema.ts";
import type { Actor } from "../platform/http/context.ts";
import * as messages from "../threads/message-repo.ts";
import { loadMessage } from "../threads/messages.ts";
import { notFound } from "../workspaces/policy.ts";
import type { IndexedEvent } from "./live.ts";
import * as repo from "./repo.ts";
import { runtimeFor } from "./runtime.ts";

/** How often a follower reads an answer written by another process. */
export const POLL_MS = 300;
/** An answer whose row has not moved for this long lost its writer (it touches the row every 5 s). */
export const ABANDONED_MS = 30_000;
const GONE = "The answer stopped: the process writing it is gone.";
/** Replays compress any pause longer than this (a model that stalled once need not stall again). */
export const REPLAY_MAX_GAP_MS = 10_000;

type Opened = (signal: AbortSignal) => AsyncGenerator<IndexedEvent>;
type Target = { actor: Actor | null; workspaceId: string; threadId: string; messageId: string };

async function loadAnswer(deps: Deps, o: Target) {
  const m = await loadMessage(deps, o.actor, o, "read");
  if (m.role !== "assistant") throw notFound("Answer");
  return m;
}

/**
 * Follows an answer: its events after index `after`, then live ones until done. Written in this
 * process: straight from memory. Otherwise from the database, read again every POLL_MS until the
 * answer ends (or its writer is gone: no write for ABANDONED_MS marks it failed).
 */
export async function followAnswer(deps: Deps, o: Target & { after: number }): Promise<Opened> {
  const m = await loadAnswer(deps, o);
  return (signal) => follow(deps, m, o.after, signal);
}

async function* follow(
  deps: Deps,
  m: Selectable<MessageTable>,
  after: number,
  signal: AbortSignal,
): AsyncGenerator<IndexedEvent> {
  const live = runtimeFor(deps).live.get(m.id);
  if (live) {
    yield* live.follow(after);
    return;
  }
  let next = after + 1;
  let seq = 0;
  let last: string | null = null;
  while (!signal.aborted) {
    // The state first: the final batch is stored with the final status, so a final state read
    // before the events guarantees the events include the end.
    const state = await messages.messageState(deps.db.kysely, m.id);
    const stored = await repo.storedEvents(deps, m.id, seq);
    seq = stored.batches;
    for (const { index, timed } of stored.events) {
      last = timed.e.type;
      if (index < next) continue;
      next = index + 1;
      yield { index, event: timed.e };
    }
    if (!state) return;
    if (state.status !== "streaming") {
      if (last === null) yield* synthesized(m, state.status, next);
      // A writer stores its done event: without one, it died (and the boot sweep closed the row).
      else if (last !== "done") yield* closing(m.id, state.status, next, state.status === "failed" ? GONE : undefined);
      return;
    }
    if (Date.now() - Date.parse(state.updated_at) > ABANDONED_MS) {
      await messages.failAbandoned(deps.db.kysely, m.id, new Date(Date.now() - ABANDONED_MS).toISOString());
      yield* closing(m.id, "failed", next, GONE);
      return;
    }
    await sleep(POLL_MS, undefined, { signal }).catch(() => undefined);
  }
}

/** The end of an answer whose writer never stored it (a crash): an error, then done. */
async function* closing(id: string, status: string, index: number, message?: string): AsyncGenerator<IndexedEvent> {
  const final = status === "complete" || status === "cancelled" ? status : "failed";
  if (message) yield { index: index++, event: { type: "error", code: "agent/abandoned", message } };
  yield { index, event: { type: "done", message_id: id, status: final } };
}

/** Events for an answer stored without them (written before answers were streamed). */
function* synthesized(m: Selectable<MessageTable>, status: string, from = 0): Generator<IndexedEvent> {
  const events = synthesizedEvents(m, status);
  for (let i = from; i < events.length; i++) yield { index: i, event: events[i]!.e };
}

function synthesizedEvents(m: Selectable<MessageTable>, status: string): TimedEvent[] {
  const final = status === "complete" || status === "cancelled" ? status : "failed";
  const citations = (JSON.parse(m.citations) as Citation[]).map((c) => ({
    t: 0,
    e: { type: "citation" as const, ...c },
  }));
  return [
    {
      t: 0,
      e: { type: "message_started", message_id: m.id, user_message_id: m.parent_id ?? "", thread_id: m.thread_id },
    },
    ...citations,
    ...(m.content ? [{ t: 0, e: { type: "text_delta" as const, text: m.content } }] : []),
    { t: 0, e: { type: "done", message_id: m.id, status: final } },
  ];
}

/**
 * Replays a finished answer: its stored events, each after the pause it originally followed,
 * divided by `speedFactor` (pauses over REPLAY_MAX_GAP_MS count as that).
 */
export async function replayAnswer(deps: Deps, o: Target & { speedFactor: number }): Promise<Opened> {
  const m = await loadAnswer(deps, o);
  if (m.status === "streaming")
    throw new AppError("agent/still-streaming", "This answer is still being written: follow it with /stream instead.");
  const { events } = await repo.storedEvents(deps, m.id);
  const timed = events.length ? events.map((e) => e.timed) : synthesizedEvents(m, m.status);
  return async function* replay(signal) {
    let prev = timed[0]?.t ?? 0;
    for (const [index, { t, e }] of timed.entries()) {
      const wait = Math.min(Math.max(0, t - prev), REPLAY_MAX_GAP_MS) / o.speedFactor;
      prev = t;
      if (wait >= 1) await sleep(wait, undefined, { signal }).catch(() => undefined);
      if (signal.aborted) return;
      yield { index, event: e };
    }
  };
}
