import type { Executor } from "../platform/db/index.ts";
import type { AgentConfirmationTable } from "../platform/db/schema.ts";

/**
 * The agent's `agent_confirmations` table: what an answer asks the user before it acts. A row's
 * status leaves `pending` once, whoever gets there first (the user's answer, the tool's timeout
 * or a cancel): every change is conditional on it still being pending.
 */

export type ConfirmationStatus = AgentConfirmationTable["status"];

export async function insertConfirmation(
  db: Executor,
  row: Pick<AgentConfirmationTable, "id" | "message_id" | "kind" | "payload" | "created_at">,
): Promise<void> {
  await db
    .insertInto("agent_confirmations")
    .values({ ...row, status: "pending", answered_at: null, answered_by: null })
    .execute();
}

/** The confirmation of that answer (null: none, or another answer's). */
export function findConfirmation(db: Executor, o: { id: string; messageId: string }) {
  return db
    .selectFrom("agent_confirmations")
    .select(["id", "message_id", "kind", "status"])
    .where("id", "=", o.id)
    .where("message_id", "=", o.messageId)
    .executeTakeFirst();
}

export async function confirmationStatus(db: Executor, id: string): Promise<ConfirmationStatus | null> {
  const row = await db.selectFrom("agent_confirmations").select("status").where("id", "=", id).executeTakeFirst();
  return row?.status ?? null;
}

/** Moves a pending confirmation to `status`; false when it was no longer pending. */
export async function closeConfirmation(
  db: Executor,
  o: { id: string; status: Exclude<ConfirmationStatus, "pending">; at: string; by: string | null },
): Promise<boolean> {
  const res = await db
    .updateTable("agent_confirmations")
    .set({ status: o.status, answered_at: o.at, answered_by: o.by })
    .where("id", "=", o.id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
