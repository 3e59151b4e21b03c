import type { Subscription } from "../../contracts/billing.ts";

/** Spec section 9: 1 GB = 1024^3 bytes. */
export const GB = 1024 ** 3;

/** Bytes as GB with 2 decimals (spec section 9): 1610612736 -> "1.50 GB". */
export function formatGb(bytes: number): string {
  return `${(bytes / GB).toFixed(2)} GB`;
}

/** used / quota as a percentage: the number (uncapped, for the label) and the bar's width (capped at 100). */
export function usagePercent(used: number, quota: number): { percent: number; width: number } {
  if (quota <= 0) return { percent: used > 0 ? 100 : 0, width: used > 0 ? 100 : 0 };
  const percent = (Math.max(0, used) / quota) * 100;
  return { percent, width: Math.min(100, percent) };
}

/** Percent to 1 decimal (spec section 9): 12.345 -> "12.3%". */
export function formatPercent(percent: number): string {
  return `${percent.toFixed(1)}%`;
}

/** Stripe statuses shown capitalised: "past_due" -> "Past due", "active" -> "Active". */
export function formatStatus(status: string): string {
  const words = status.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Whole days left until `periodEnd` (epoch seconds), rounded up; never below 0. */
export function daysLeft(periodEnd: number, nowMs: number): number {
  return Math.max(0, Math.ceil((periodEnd * 1000 - nowMs) / 86_400_000));
}

/** Amounts in the smallest currency unit: 4900, "usd" -> "$49.00". */
export function formatMoney(amount: number, currency: string): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(amount / 100);
}

/** Metered compute cost in USD: under a cent still reads as something. */
export function formatUsd(usd: number): string {
  if (usd > 0 && usd < 0.01) return "< $0.01";
  return new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(usd);
}

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
/** Epoch seconds as a date: "Dec 26, 2026". */
export function formatEpochDate(seconds: number): string {
  return dateFormat.format(new Date(seconds * 1000));
}

/** Statuses that still give the user a plan (the others mean: subscribe again). */
const LIVE: ReadonlySet<string> = new Set(["trialing", "active", "past_due", "unpaid", "paused", "incomplete"]);

/** The subscription the Subscription tab talks about: the newest one still live. */
export function currentSubscription(subscriptions: Subscription[]): Subscription | null {
  return subscriptions.find((s) => LIVE.has(s.status)) ?? null;
}
