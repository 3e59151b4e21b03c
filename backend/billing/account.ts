import { AppError } from "../../contracts/errors.ts";
import type { Payment, UsageItem } from "../../contracts/billing.ts";
import { listUserUsage, usageTotals } from "../agent/repo.ts";
import { findUserRow } from "../auth/repo.ts";
import type { Deps } from "../deps.ts";
import { decodeCursor, page } from "../platform/paging.ts";
import { billingEnabled } from "./catalogue.ts";
import { entitlementsOf } from "./entitlements.ts";
import { append, balanceOf, heldCredits, listLedger } from "./ledger-repo.ts";
import { callUsd, roundUsd } from "./rates.ts";
import { listPayments as listPaymentRows } from "./repo.ts";

/*
 * The caller's own billing reads (balance, history, plan) and the admin grant. Billing off: the
 * reads still answer (no plan, balance 0, the compute metered so far) so the Usage tab works.
 */

type History<T> = { items: T[]; next_cursor: string | null };

/** The balance, what running answers hold of it, and the compute metered all time (USD). */
export async function getBalance(deps: Deps, userId: string) {
  const db = deps.db.kysely;
  const totals = await usageTotals(db, userId);
  const unpriced = callUsd({
    inputTokens: totals.unpricedInputTokens,
    outputTokens: totals.unpricedOutputTokens,
    costUsd: null,
  });
  return {
    billing_enabled: billingEnabled(deps.config),
    balance: await balanceOf(db, userId),
    held: await heldCredits(db, userId),
    compute_used_usd: roundUsd(totals.costUsd + unpriced),
  };
}

/**
 * Billing on: the credit ledger, newest first (holds and releases included, so every row's
 * balance_after follows from the one before). Billing off the ledger is empty, so this lists the
 * metered model calls instead (reason "model_call", 0 credits: nothing is charged; cost_usd is
 * the call's metered or fallback-priced cost).
 */
export async function listUsages(
  deps: Deps,
  o: { userId: string; after?: string; limit: number },
): Promise<History<UsageItem>> {
  const db = deps.db.kysely;
  if (!billingEnabled(deps.config)) {
    const rows = await listUserUsage(db, { userId: o.userId, after: decodeCursor(o.after), limit: o.limit + 1 });
    const p = page(rows, o.limit, (r) => [r.created_at, r.id]);
    return {
      next_cursor: p.next_cursor,
      items: p.items.map((r) => ({
        id: r.id,
        created_at: r.created_at,
        reason: "model_call",
        description: `${r.model}: ${r.input_tokens} input and ${r.output_tokens} output tokens`,
        credits: 0,
        balance_after: 0,
        cost_usd: roundUsd(
          callUsd({ inputTokens: r.input_tokens, outputTokens: r.output_tokens, costUsd: r.cost_usd }),
        ),
        workspace_id: r.workspace_id,
        thread_id: r.thread_id,
      })),
    };
  }
  const rows = await listLedger(db, { userId: o.userId, beforeSeq: seqOf(o.after), limit: o.limit + 1 });
  const p = page(rows, o.limit, (r) => [String(r.seq), r.id]);
  return {
    next_cursor: p.next_cursor,
    items: p.items.map((r) => ({
      id: r.id,
      created_at: r.created_at,
      reason: r.reason,
      description: r.description,
      credits: Number(r.delta),
      balance_after: Number(r.balance_after),
      cost_usd: r.cost_usd === null ? null : Number(r.cost_usd),
      workspace_id: r.workspace_id,
      thread_id: r.thread_id,
    })),
  };
}

/** A ledger cursor holds the last row's seq. */
function seqOf(after: string | undefined): number | null {
  const c = decodeCursor(after);
  if (!c) return null;
  const seq = Number(c[0]);
  if (!Number.isSafeInteger(seq) || seq < 1)
    throw new AppError("validation_failed", "The cursor is not valid. Start again without it.", {
      after: "Invalid cursor",
    });
  return seq;
}

export async function listPayments(
  deps: Deps,
  o: { userId: string; after?: string; limit: number },
): Promise<History<Payment>> {
  const rows = await listPaymentRows(deps.db.kysely, {
    userId: o.userId,
    after: decodeCursor(o.after),
    limit: o.limit + 1,
  });
  const p = page(rows, o.limit, (r) => [r.created_at, r.id]);
  return {
    next_cursor: p.next_cursor,
    items: p.items.map((r) => ({
      id: r.id,
      created_at: r.created_at,
      amount: Number(r.amount),
      currency: r.currency,
      status: r.status,
      description: r.description,
      period_start: r.period_start === null ? null : Number(r.period_start),
      period_end: r.period_end === null ? null : Number(r.period_end),
    })),
  };
}

/** Spec section 3: credits (the balance), quota (the plan's per period) and the plan's name. */
export async function getCredits(deps: Deps, userId: string) {
  const ent = await entitlementsOf(deps, userId);
  return {
    credits: await balanceOf(deps.db.kysely, userId),
    quota: ent.creditsQuota,
    subscription: ent.planName,
    billing_enabled: ent.billingEnabled,
  };
}

export async function getSubscriptionPlan(deps: Deps, userId: string) {
  const ent = await entitlementsOf(deps, userId);
  return { plan: ent.plan, billing_enabled: ent.billingEnabled };
}

/**
 * An admin's grant (or, negative, take-back, capped at the balance so it never goes below 0),
 * once per idempotency key. Billing off: refused, since nothing would use the credits.
 */
export async function grantCredits(
  deps: Deps,
  o: { adminId: string; userId: string; credits: number; reason: string; idempotencyKey: string },
) {
  if (!billingEnabled(deps.config))
    throw new AppError("billing/not-enabled", "Billing is not enabled on this server, so credits are not used.");
  if (!(await findUserRow(deps.db.kysely, o.userId))) throw new AppError("not_found", "User not found.");
  const r = await append(
    deps.db,
    {
      userId: o.userId,
      delta: o.credits,
      reason: "grant_admin",
      description: o.reason,
      idempotencyKey: `admin:${o.idempotencyKey}`,
    },
    "cap",
  );
  deps.log.info(
    `[billing] admin ${o.adminId} granted ${r.delta} credits to ${o.userId} (${r.applied ? "new" : "replay"})`,
  );
  return { balance: r.balance };
}
