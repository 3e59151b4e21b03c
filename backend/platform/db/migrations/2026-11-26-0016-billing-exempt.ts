import type { Kysely } from "kysely";

/**
 * An operator's own account, not a customer (the example pods' system account,
 * backend/examples/system.ts): with billing on it has no plan, credit or storage checks and is
 * charged nothing (backend/billing/entitlements.ts decides). Set by the operator's tools only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("billing_accounts")
    .addColumn("billing_exempt", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("billing_accounts").dropColumn("billing_exempt").execute();
}
