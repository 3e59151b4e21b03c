import { setTimeout as sleep } from "node:timers/promises";
import type { Deps } from "../deps.ts";
import type { Actor } from "../platform/http/context.ts";
import * as messages from "../threads/message-repo.ts";
import { loadThread } from "../threads/service.ts";
import { notFound } from "../workspaces/policy.ts";
import { runtimeFor, TICK_MS } from "./runtime.ts";
import { trimToShown } from "./trim.ts";

/** How long cancel waits for the answer to stop before answering with what it sees. */
const WAIT_MS = 2_000;

/**
 * Stops an answer being written. The flag on its row reaches the process writing it within a tick
 * (TICK_MS) wherever it runs; here, the model call is aborted at once. Answers with the status
 * seen after waiting briefly for the stop (an answer that already ended keeps its status). With
 * `shown` (the last event its reader was shown), the stopped answer is stored as the reader saw it.
 */
export async function cancelAnswer(
  deps: Deps,
  o: { actor: Actor; workspaceId: string; threadId: string; messageId: string; shown?: number },
) {
  await loadThread(deps, o.actor, o.workspaceId, o.threadId, "write");
  const db = deps.db.kysely;
  const m = await messages.findThreadMessage(db, { threadId: o.threadId, messageId: o.messageId });
  if (!m || m.role !== "assistant") throw notFound("Answer");
  if (m.status === "streaming" && (await messages.requestCancel(db, m.id))) {
    const live = runtimeFor(deps).live.get(m.id);
    if (live) {
      live.controller.abort();
      await Promise.race([live.finished, sleep(WAIT_MS)]);
    } else {
      const until = Date.now() + WAIT_MS;
      while (Date.now() < until && (await messages.messageState(db, m.id))?.status === "streaming")
        await sleep(TICK_MS / 2);
    }
  }
  // Only an answer this request found being written: one that had ended is never rewritten.
  if (m.status === "streaming" && o.shown !== undefined) await trimToShown(deps, m.id, o.shown);
  const state = await messages.messageState(db, m.id);
  return { message_id: m.id, status: state?.status ?? m.status };
}
