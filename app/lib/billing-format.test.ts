import { describe, expect, it } from "vitest";
import type { Subscription } from "../../contracts/billing.ts";
import {
  currentSubscription,
  daysLeft,
  formatGb,
  formatMoney,
  formatPercent,
  formatStatus,
  formatUsd,
  usagePercent,
} from "./billing-format.ts";

describe("storage and percentages (spec section 9)", () => {
  it("counts 1 GB as 1024^3 bytes, shown to 2 decimals", () => {
    expect(formatGb(1024 ** 3)).toBe("1.00 GB");
    expect(formatGb(1.5 * 1024 ** 3)).toBe("1.50 GB");
    expect(formatGb(1_000_000_000)).toBe("0.93 GB");
    expect(formatGb(0)).toBe("0.00 GB");
  });
  it("shows percent to 1 decimal", () => {
    expect(formatPercent(usagePercent(1, 3).percent)).toBe("33.3%");
    expect(formatPercent(usagePercent(0, 10).percent)).toBe("0.0%");
    expect(formatPercent(usagePercent(2, 3).percent)).toBe("66.7%");
  });
  it("caps the bar at 100% while the label keeps the real figure", () => {
    expect(usagePercent(150, 100)).toEqual({ percent: 150, width: 100 });
    expect(usagePercent(50, 100)).toEqual({ percent: 50, width: 50 });
  });
  it("treats a zero quota as full once anything is used", () => {
    expect(usagePercent(0, 0)).toEqual({ percent: 0, width: 0 });
    expect(usagePercent(5, 0)).toEqual({ percent: 100, width: 100 });
  });
});

describe("subscription texts", () => {
  it("capitalises the status", () => {
    expect(formatStatus("active")).toBe("Active");
    expect(formatStatus("trialing")).toBe("Trialing");
    expect(formatStatus("past_due")).toBe("Past due");
  });
  it("rounds the trial's days left up", () => {
    const now = Date.UTC(2026, 0, 1);
    expect(daysLeft(now / 1000 + 86_400 * 6 + 1, now)).toBe(7);
    expect(daysLeft(now / 1000 + 86_400 * 7, now)).toBe(7);
    expect(daysLeft(now / 1000 + 60, now)).toBe(1);
    expect(daysLeft(now / 1000 - 60, now)).toBe(0);
  });
  it("formats money from cents and metered USD", () => {
    expect(formatMoney(4900, "usd")).toBe("$49.00");
    expect(formatMoney(0, "usd")).toBe("$0.00");
    expect(formatUsd(1.234)).toBe("$1.23");
    expect(formatUsd(0.004)).toBe("< $0.01");
    expect(formatUsd(0)).toBe("$0.00");
  });
  it("picks the newest live subscription", () => {
    const sub = (id: string, status: Subscription["status"]): Subscription => ({
      id,
      status,
      product_type: "pro",
      plan_name: "Pro",
      current_period_end: 0,
      cancel_at_period_end: false,
      trial_end: null,
    });
    expect(currentSubscription([sub("a", "canceled"), sub("b", "active")])?.id).toBe("b");
    expect(currentSubscription([sub("a", "past_due"), sub("b", "active")])?.id).toBe("a");
    expect(currentSubscription([sub("a", "canceled"), sub("b", "incomplete_expired")])).toBeNull();
  });
});
