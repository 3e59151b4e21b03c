import { SEARCH_MODEL } from "../../contracts/agent.ts";
import { AppError } from "../../contracts/errors.ts";
import { listMessageUsage } from "../agent/repo.ts";
import type { Deps } from "../deps.ts";
import type { Executor } from "../platform/db/index.ts";
import { billingAppliesTo, entitlementsOf } from "./entitlements.ts";
import { appendIn, balanceOf, findEntry, listUnsettledHolds } from "./ledger-repo.ts";
import { answerCharge, answerHold, indexingCharge } from "./rates.ts";

/*
 * What answers and indexing charge (issue 15). An answer takes a HOLD when it starts (in the
 * transaction that stores its question, so a refused hold leaves no message behind); when it
 * ends, one transaction RELEASES the hold and CHARGES its metered cost, capped at the balance.
 * Answers whose process died are settled by the worker's sweep (settleAbandonedAnswers). With
 * billing off nothing is held, so nothing is charged.
 */

const holdKey = (messageId: string) => `hold:${messageId}`;

/**
 * The checks before an answer's first byte. Billing off (or an exempt account): none (returns
 * false: take no hold). Billing on: a plan and at least the answer's hold in credits, else 402.
 */
export async function assertCanAsk(deps: Deps, o: { userId: string; model: string }): Promise<boolean> {
  const ent = await entitlementsOf(deps, o.userId);
  if (!ent.billingEnabled) return false;
  if (!ent.plan) {
    throw new AppError(
      "billing/no-plan",
      "You have no plan, so you can't ask questions yet. Subscribe on the Subscription page to get credits and storage.",
    );
  }
  const need = answerHold({ searchMode: o.model === SEARCH_MODEL });
  const have = await balanceOf(deps.db.kysely, o.userId);
  if (have < need) throw insufficient(need, have);
  return true;
}

function insufficient(need: number, have: number): AppError {
  return new AppError(
    "billing/insufficient-credits",
    `Not enough compute credits to ask a question: an answer needs at least ${need} and you have ${Math.max(0, have)}. Get more credits on the Subscription page (upgrade your plan) or wait for your next billing period.`,
  );
}

/** Reserves an answer's credits inside the transaction that stores its question (402 if short). */
export async function holdForAnswer(
  tx: Executor,
  o: { userId: string; messageId: string; threadId: string; workspaceId: string; model: string },
): Promise<void> {
  const need = answerHold({ searchMode: o.model === SEARCH_MODEL });
  try {
    await appendIn(
      tx,
      {
        userId: o.userId,
        delta: -need,
        reason: "hold",
        description: "Held while an answer is written",
        idempotencyKey: holdKey(o.messageId),
        workspaceId: o.workspaceId,
        threadId: o.threadId,
        messageId: o.messageId,
      },
      "require",
    );
  } catch (err) {
    // Another answer took the credits between the check and the lock: the same message as the check's.
    if (err instanceof AppError && err.code === "billing/insufficient-credits") {
      throw insufficient(need, await balanceOf(tx, o.userId));
    }
    throw err;
  }
}

/**
 * Ends an answer's hold: releases it and charges the answer's metered calls, capped at the
 * balance, in one transaction. Idempotent (keyed per message); nothing to do without a hold.
 */
export async function settleAnswer(
  deps: Deps,
  o: { userId: string; messageId: string; model: string | null },
): Promise<void> {
  await deps.db.kysely.transaction().execute(async (tx) => {
    const hold = await findEntry(tx, o.userId, holdKey(o.messageId));
    if (!hold) return;
    const calls = await listMessageUsage(tx, o.messageId);
    const charge = answerCharge({
      searchMode: o.model === SEARCH_MODEL,
      calls: calls.map((c) => ({ inputTokens: c.input_tokens, outputTokens: c.output_tokens, costUsd: c.cost_usd })),
    });
    const where = { workspaceId: hold.workspace_id, threadId: hold.thread_id, messageId: o.messageId };
    await appendIn(
      tx,
      {
        userId: o.userId,
        delta: -Number(hold.delta),
        reason: "release",
        description: "Hold released: the answer ended",
        idempotencyKey: `release:${o.messageId}`,
        ...where,
      },
      "exact",
    );
    const tokens = calls.reduce((n, c) => n + c.input_tokens + c.output_tokens, 0);
    await appendIn(
      tx,
      {
        userId: o.userId,
        delta: -charge.credits,
        reason: "answer",
        description:
          o.model === SEARCH_MODEL
            ? "Answer (search mode)"
            : `Answer: ${calls.length} model call${calls.length === 1 ? "" : "s"}, ${tokens} tokens`,
        idempotencyKey: `answer:${o.messageId}`,
        costUsd: charge.usd,
        ...where,
      },
      "cap",
    );
  });
}

/**
 * Settles answers that ended without settling (their process died, or settling failed): the
 * worker's sweep, after it closed abandoned answers. At most `limit` per run; the next sweep
 * takes the rest. Returns how many it settled.
 */
export async function settleAbandonedAnswers(deps: Deps, limit = 500): Promise<number> {
  const holds = await listUnsettledHolds(deps.db.kysely, limit);
  for (const h of holds) await settleAnswer(deps, { userId: h.user_id, messageId: h.message_id!, model: h.model });
  return holds.length;
}

/** Charges indexing a file version's pages to the file's owner (billing on, not exempt; once per version). */
export async function chargeIndexing(
  tx: Executor,
  deps: Deps,
  o: { userId: string; versionId: string; workspaceId: string | null; filename: string; pages: number },
): Promise<void> {
  if (!(await billingAppliesTo(deps, o.userId, tx))) return;
  const charge = indexingCharge(o.pages);
  if (charge.credits === 0) return;
  await appendIn(
    tx,
    {
      userId: o.userId,
      delta: -charge.credits,
      reason: "indexing",
      description: `Indexing ${o.filename}: ${o.pages} page${o.pages === 1 ? "" : "s"}`,
      idempotencyKey: `indexing:${o.versionId}`,
      costUsd: charge.usd,
      workspaceId: o.workspaceId,
    },
    "cap",
  );
}
