import type { Kysely } from "kysely";

/**
 * Billing (backend/billing, issue 15): one account row per user (Stripe customer, balance kept
 * beside the ledger and locked to append to it), the credit ledger, Stripe subscriptions and
 * payments as the webhooks report them, and the webhook events already handled.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("billing_accounts")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
    // Created at the first checkout, never at sign-up (sign-up works while Stripe is down).
    .addColumn("stripe_customer_id", "text", (c) => c.unique())
    // The sum of the user's ledger rows, written in the same transaction as each row; the row is
    // what a charge locks (PostgreSQL FOR UPDATE) so two answers cannot spend the same credits.
    .addColumn("balance", "bigint", (c) => c.notNull().defaultTo(0))
    // Whether the user has ever had a trial (a promotion is offered once).
    .addColumn("trial_used", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("credit_ledger")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    // Order of the user's rows (1, 2, ...), assigned under the account lock.
    .addColumn("seq", "integer", (c) => c.notNull())
    .addColumn("delta", "bigint", (c) => c.notNull())
    .addColumn("balance_after", "bigint", (c) => c.notNull())
    // grant_period | grant_trial | grant_admin | period_reset | hold | release | answer | indexing
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    // Unique per user: a replayed webhook, retried job or repeated admin grant writes nothing.
    .addColumn("idempotency_key", "text", (c) => c.notNull())
    .addColumn("cost_usd", "double precision")
    .addColumn("workspace_id", "text")
    .addColumn("thread_id", "text")
    .addColumn("message_id", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("credit_ledger_user_key", ["user_id", "idempotency_key"])
    .addUniqueConstraint("credit_ledger_user_seq", ["user_id", "seq"])
    .execute();

  await db.schema
    .createTable("subscriptions")
    // Stripe's subscription id (sub_...).
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("stripe_customer_id", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("product_type", "text", (c) => c.notNull())
    .addColumn("price_id", "text", (c) => c.notNull())
    // Epoch seconds, as Stripe sends them.
    .addColumn("current_period_start", "bigint", (c) => c.notNull())
    .addColumn("current_period_end", "bigint", (c) => c.notNull())
    .addColumn("cancel_at_period_end", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("trial_end", "bigint")
    .addColumn("canceled_at", "bigint")
    // The `created` time of the newest Stripe event applied: an older event arriving late is not
    // allowed to overwrite what a newer one wrote.
    .addColumn("event_created", "bigint", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("subscriptions_user").on("subscriptions").columns(["user_id"]).execute();

  await db.schema
    .createTable("payments")
    // Stripe's invoice id (in_...).
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("subscription_id", "text")
    .addColumn("amount", "bigint", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("period_start", "bigint")
    .addColumn("period_end", "bigint")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("payments_user").on("payments").columns(["user_id", "created_at"]).execute();

  await db.schema
    .createTable("stripe_events")
    // Stripe's event id (evt_...): an event delivered twice is applied once.
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("created", "bigint", (c) => c.notNull())
    .addColumn("received_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("stripe_events").execute();
  await db.schema.dropTable("payments").execute();
  await db.schema.dropTable("subscriptions").execute();
  await db.schema.dropTable("credit_ledger").execute();
  await db.schema.dropTable("billing_accounts").execute();
}
