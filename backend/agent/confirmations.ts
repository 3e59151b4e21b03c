import crypto from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { ConfirmationOutcome, StreamEvent } from "../../contracts/agent.ts";
import { AppError } from "../../contracts/errors.ts";
import type { Deps } from "../deps.ts";
import type { Actor } from "../platform/http/context.ts";
import { now } from "../platform/clock.ts";
import * as messages from "../threads/message-repo.ts";
import { loadThread } from "../threads/service.ts";
import { notFound } from "../workspaces/policy.ts";
import * as repo from "./confirmation-repo.ts";
import { TICK_MS } from "./runtime.ts";

type ConfirmationRequest = Omit<Extract<StreamEvent, { type: "confirmation_request" }>, "type" | "id">;

/**
 * Asks the user of an answer to confirm what a tool is about to do, and waits for the answer: the
 * request is stored (so the route can answer it from any process) and sent into the stream as a
 * confirmation_request; its outcome follows as a confirmation_result. The wait reads the row every
 * tick, ends as `expired` after `timeoutMs`, and as `cancelled` at once when `signal` aborts (the
 * answer was stopped). Whichever comes first closes the row; the others then find it closed.
 */
export async function askConfirmation(
  deps: Deps,
  o: {
    messageId: string;
    emit: (e: StreamEvent) => void;
    request: ConfirmationRequest;
    timeoutMs: number;
    signal?: AbortSignal;
  },
): Promise<{ id: string; outcome: ConfirmationOutcome }> {
  const db = deps.db.kysely;
  const id = crypto.randomUUID();
  await repo.insertConfirmation(db, {
    id,
    message_id: o.messageId,
    kind: o.request.kind,
    payload: JSON.stringify(o.request),
    created_at: now(),
  });
  o.emit({ type: "confirmation_request", id, ...o.request });
  const outcome = await waitForAnswer(deps, id, o.timeoutMs, o.signal);
  o.emit({ type: "confirmation_result", id, status: outcome });
  return { id, outcome };
}

async function waitForAnswer(
  deps: Deps,
  id: string,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<ConfirmationOutcome> {
  const db = deps.db.kysely;
  const until = Date.now() + timeoutMs;
  for (;;) {
    const status = await repo.confirmationStatus(db, id);
    // The row goes with its answer (a deleted thread): nobody is left to ask.
    if (status === null) return "cancelled";
    if (status !== "pending") return status;
    const ending = signal?.aborted ? "cancelled" : Date.now() >= until ? "expired" : null;
    if (ending) {
      if (await repo.closeConfirmation(db, { id, status: ending, at: now(), by: null })) return ending;
      continue; // the user answered meanwhile: that answer stands
    }
    await sleep(Math.min(TICK_MS, until - Date.now()), undefined, { signal }).catch(() => undefined);
  }
}

/**
 * The user's answer to a confirmation an answer asked for: only someone who may write the
 * workspace (404 for a Pod they cannot see); 409 once it is answered, expired or its answer ended.
 */
export async function answerConfirmation(
  deps: Deps,
  o: {
    actor: Actor;
    workspaceId: string;
    threadId: string;
    messageId: string;
    confirmationId: string;
    approve: boolean;
  },
) {
  await loadThread(deps, o.actor, o.workspaceId, o.threadId, "write");
  const db = deps.db.kysely;
  const m = await messages.findThreadMessage(db, { threadId: o.threadId, messageId: o.messageId });
  const c = m ? await repo.findConfirmation(db, { id: o.confirmationId, messageId: m.id }) : undefined;
  if (!m || !c) throw notFound("Confirmation");
  const status = o.approve ? "approved" : "declined";
  const closed =
    c.status === "pending" &&
    m.status === "streaming" &&
    (await repo.closeConfirmation(db, { id: c.id, status, at: now(), by: o.actor.user.id }));
  if (!closed) {
    const current = (await repo.confirmationStatus(db, c.id)) ?? c.status;
    throw new AppError(
      "agent/confirmation-closed",
      current === "pending"
        ? "This answer has ended: its request can no longer be answered."
        : `This request was already ${current}.`,
    );
  }
  return { id: c.id, status } as const;
}
