import type { ColumnType, Generated } from "kysely";

/* Billing's tables (backend/billing, migration 2026-11-26-0011-billing). */

/** bigint columns come back as strings on PostgreSQL; convert with Number() where read. */
type BigIntCol = ColumnType<number | string, number, number>;

/** One per user (backend/billing/repo.ts): Stripe customer and the ledger's running balance. */
export interface BillingAccountTable {
  user_id: string;
  stripe_customer_id: string | null;
  balance: BigIntCol;
  trial_used: number;
  /** 1: an operator's own account, exempt from billing (migration 2026-11-26-0016). */
  billing_exempt: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** The credit ledger (backend/billing/ledger-repo.ts): every grant and charge, with balance_after. */
export interface CreditLedgerTable {
  id: string;
  user_id: string;
  seq: number;
  delta: BigIntCol;
  balance_after: BigIntCol;
  reason: string;
  description: string;
  idempotency_key: string;
  cost_usd: number | null;
  workspace_id: string | null;
  thread_id: string | null;
  message_id: string | null;
  created_at: string;
}

/** Stripe subscriptions as the webhooks report them (epoch seconds). */
export interface SubscriptionTable {
  id: string;
  user_id: string;
  stripe_customer_id: string;
  status: string;
  product_type: string;
  price_id: string;
  current_period_start: BigIntCol;
  current_period_end: BigIntCol;
  cancel_at_period_end: number;
  trial_end: BigIntCol | null;
  canceled_at: BigIntCol | null;
  event_created: BigIntCol;
  created_at: string;
  updated_at: string;
}

/** Invoices paid or failed (amount in the smallest currency unit). */
export interface PaymentTable {
  id: string;
  user_id: string;
  subscription_id: string | null;
  amount: BigIntCol;
  currency: string;
  status: string;
  description: string;
  period_start: BigIntCol | null;
  period_end: BigIntCol | null;
  created_at: string;
}

/** Webhook events already applied (idempotency per event id). */
export interface StripeEventTable {
  id: string;
  type: string;
  created: BigIntCol;
  received_at: string;
}
