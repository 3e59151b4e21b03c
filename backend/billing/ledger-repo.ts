import { PostgresAdapter, sql } from "kysely";
import { AppError } from "../../contracts/errors.ts";
import { now } from "../platform/clock.ts";
import type { Db, Executor } from "../platform/db/index.ts";

/*
 * The credit ledger (issue 15). Every grant and every charge is a row with its reason, an
 * idempotency key (unique per user) and the balance after it; the balance is the sum of the
 * rows (`recomputeBalance`), kept on the user's billing_accounts row in the same transaction.
 * Appending locks that row (PostgreSQL: SELECT ... FOR UPDATE; SQLite: transactions begin
 * IMMEDIATE, so writers take turns), so two answers charging at once see each other's rows and
 * an account is never overdrawn.
 */

export type LedgerReason =
  "grant_period" | "grant_trial" | "grant_admin" | "period_reset" | "hold" | "release" | "answer" | "indexing";

export interface LedgerEntry {
  userId: string;
  /** Credits: positive grants, negative charges. */
  delta: number;
  reason: LedgerReason;
  description: string;
  /** Unique per user: appending the same key twice writes one row. */
  idempotencyKey: string;
  costUsd?: number | null;
  workspaceId?: string | null;
  threadId?: string | null;
  messageId?: string | null;
}

/**
 * How a negative delta meets the balance:
 * - `require`: refuse (402 billing/insufficient-credits) unless the balance covers it all;
 * - `cap`: take what there is, at most the balance (the rest is forgiven, never owed);
 * - `exact`: take it all even below zero (admin corrections only).
 */
export type Overdraw = "require" | "cap" | "exact";

export interface Appended {
  /** False when the idempotency key was already used (nothing written). */
  applied: boolean;
  /** The delta written (a capped charge can be smaller than asked; 0 when not applied). */
  delta: number;
  balance: number;
}

export async function append(db: Db, entry: LedgerEntry, overdraw: Overdraw = "require"): Promise<Appended> {
  return db.kysely.transaction().execute((tx) => appendIn(tx, entry, overdraw));
}

/** `append` inside a transaction the caller already holds (several rows at once, or with other writes). */
export async function appendIn(tx: Executor, entry: LedgerEntry, overdraw: Overdraw = "require"): Promise<Appended> {
  // A NaN or fractional amount would be stored as garbage (or fail as a 500 deep in the driver).
  if (!Number.isSafeInteger(entry.delta)) throw new Error(`A ledger delta must be a whole number, not ${entry.delta}`);
  if (!tx.isTransaction) throw new Error("appendIn needs a transaction: the account lock lasts until it ends");
  const balance = await lockAccount(tx, entry.userId);
  const seen = await tx
    .selectFrom("credit_ledger")
    .select("id")
    .where("user_id", "=", entry.userId)
    .where("idempotency_key", "=", entry.idempotencyKey)
    .executeTakeFirst();
  if (seen) return { applied: false, delta: 0, balance };

  let delta = entry.delta;
  if (delta < 0 && balance + delta < 0) {
    if (overdraw === "require") {
      throw new AppError(
        "billing/insufficient-credits",
        `Not enough compute credits: this needs ${-delta} and you have ${Math.max(0, balance)}. Get more on the Subscription page (subscribe or upgrade your plan).`,
      );
    }
    if (overdraw === "cap") delta = -Math.max(0, balance);
  }
  const last = await tx
    .selectFrom("credit_ledger")
    .select((eb) => eb.fn.max("seq").as("seq"))
    .where("user_id", "=", entry.userId)
    .executeTakeFirst();
  const after = balance + delta;
  await tx
    .insertInto("credit_ledger")
    .values({
      id: crypto.randomUUID(),
      user_id: entry.userId,
      seq: Number(last?.seq ?? 0) + 1,
      delta,
      balance_after: after,
      reason: entry.reason,
      description: entry.description,
      idempotency_key: entry.idempotencyKey,
      cost_usd: entry.costUsd ?? null,
      workspace_id: entry.workspaceId ?? null,
      thread_id: entry.threadId ?? null,
      message_id: entry.messageId ?? null,
      created_at: now(),
    })
    .execute();
  await tx
    .updateTable("billing_accounts")
    .set({ balance: after, updated_at: now() })
    .where("user_id", "=", entry.userId)
    .execute();
  return { applied: true, delta, balance: after };
}

/** Creates the user's account row when missing, locks it and returns its balance. */
export async function lockAccount(tx: Executor, userId: string): Promise<number> {
  const at = now();
  await tx
    .insertInto("billing_accounts")
    .values({ user_id: userId, balance: 0, trial_used: 0, created_at: at, updated_at: at })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .execute();
  const row = await tx
    .selectFrom("billing_accounts")
    .select("balance")
    .where("user_id", "=", userId)
    .$if(tx.getExecutor().adapter instanceof PostgresAdapter, (q) => q.forUpdate())
    .executeTakeFirstOrThrow();
  return Number(row.balance);
}

/** The balance as kept on the account row (0 for a user without one). */
export async function balanceOf(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom("billing_accounts")
    .select("balance")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(row?.balance ?? 0);
}

/** The balance derived from the rows alone: what `balanceOf` must always equal. */
export async function recomputeBalance(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom("credit_ledger")
    .select((eb) => eb.fn.sum<number | string | null>("delta").as("total"))
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** The user's ledger rows, newest first, after the row numbered `beforeSeq` (the page cursor). */
export function listLedger(db: Executor, o: { userId: string; beforeSeq: number | null; limit: number }) {
  let q = db.selectFrom("credit_ledger").selectAll().where("user_id", "=", o.userId);
  if (o.beforeSeq !== null) q = q.where("seq", "<", o.beforeSeq);
  return q.orderBy("seq", "desc").limit(o.limit).execute();
}

/** A ledger row by its idempotency key (an answer's hold: `hold:<messageId>`). */
export function findEntry(db: Executor, userId: string, idempotencyKey: string) {
  return db
    .selectFrom("credit_ledger")
    .selectAll()
    .where("user_id", "=", userId)
    .where("idempotency_key", "=", idempotencyKey)
    .executeTakeFirst();
}

/** Holds without their release: a hold `hold:<id>` is released by the row keyed `release:<id>`. */
const unreleased = (db: Executor) =>
  db
    .selectFrom("credit_ledger as h")
    .where("h.reason", "=", "hold")
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("credit_ledger as r")
            .select("r.id")
            .whereRef("r.user_id", "=", "h.user_id")
            .where("r.idempotency_key", "=", sql<string>`'release:' || ${sql.ref("h.message_id")}`),
        ),
      ),
    );

/** Credits the user's answers still running hold (already taken from the balance). */
export async function heldCredits(db: Executor, userId: string): Promise<number> {
  const row = await unreleased(db)
    .select((eb) => eb.fn.sum<number | string | null>("h.delta").as("total"))
    .where("h.user_id", "=", userId)
    .executeTakeFirst();
  return -Number(row?.total ?? 0);
}

/**
 * Holds whose answer is no longer streaming (or whose message is gone) but that were never
 * settled: the answer's process died, or settling failed. Read-only join on the threads domain's
 * messages (its status and model) so the sweep finds them in one query.
 */
export function listUnsettledHolds(db: Executor, limit: number) {
  return unreleased(db)
    .leftJoin("messages as m", "m.id", "h.message_id")
    .select(["h.user_id", "h.message_id", "h.thread_id", "h.workspace_id", "m.model"])
    .where((eb) => eb.or([eb("m.id", "is", null), eb("m.status", "!=", "streaming")]))
    .orderBy("h.created_at")
    .limit(limit)
    .execute();
}
