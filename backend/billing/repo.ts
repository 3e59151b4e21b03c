import type { Executor } from "../platform/db/index.ts";
import { afterCursor } from "../platform/paging.ts";

/*
 * Billing's reads of subscriptions and payments. Those rows are written by the Stripe webhooks
 * (backend/billing/subscriptions-repo.ts); entitlements and the payment history only read them.
 * An operator's own account is marked exempt here (markBillingExempt).
 * The ledger's own queries are in ledger-repo.ts.
 */

/** Statuses under which a subscription gives its plan (past_due keeps it while Stripe retries). */
export const PLAN_STATUSES = ["trialing", "active", "past_due"] as const;

/** The user's newest subscription that gives a plan, if any. */
export function findPlanSubscription(db: Executor, userId: string) {
  return db
    .selectFrom("subscriptions")
    .selectAll()
    .where("user_id", "=", userId)
    .where("status", "in", [...PLAN_STATUSES])
    .orderBy("current_period_end", "desc")
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** Whether the user's account is an operator's own, exempt from billing (migration 0016). */
export async function isBillingExempt(db: Executor, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("billing_accounts")
    .select("billing_exempt")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Boolean(row?.billing_exempt);
}

/** Makes the user's account row (when missing) and marks it exempt from billing. */
export async function markBillingExempt(db: Executor, userId: string): Promise<void> {
  const at = new Date().toISOString();
  await db
    .insertInto("billing_accounts")
    .values({ user_id: userId, balance: 0, trial_used: 0, billing_exempt: 1, created_at: at, updated_at: at })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ billing_exempt: 1, updated_at: at }))
    .execute();
}

/** The user's payments, newest first, after a (created_at, id) cursor. */
export function listPayments(db: Executor, o: { userId: string; after: [string, string] | null; limit: number }) {
  let q = db.selectFrom("payments").selectAll().where("user_id", "=", o.userId);
  if (o.after) q = q.where(afterCursor("created_at", "id", "<", o.after));
  return q.orderBy("created_at", "desc").orderBy("id", "desc").limit(o.limit).execute();
}
