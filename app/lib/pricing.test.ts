import { describe, expect, it } from "vitest";
import { formatCredits, formatStorage, planActions } from "./pricing.ts";

const plan = (product_type: string, monthly_price: number) => ({
  name: product_type,
  product_type,
  monthly_price,
  storage_quota: 1,
  compute_credits_quota: 1,
  description: "",
  price_id: "p",
});
const promos = [{ product_type: "pro", name: "t", trial_days: 7 }];

describe("pricing formatting", () => {
  it("shows TB from 1000 GB", () => {
    expect(formatStorage(1)).toBe("1 GB");
    expect(formatStorage(999)).toBe("999 GB");
    expect(formatStorage(1000)).toBe("1 TB");
    expect(formatStorage(2500)).toBe("2.5 TB");
  });
  it("shows K from 1000 credits and M from a million", () => {
    expect(formatCredits(500)).toBe("500");
    expect(formatCredits(1000)).toBe("1K");
    expect(formatCredits(20_000)).toBe("20K");
    expect(formatCredits(1_500_000)).toBe("1.5M");
  });
});

describe("plan buttons", () => {
  it("visitors and users without a plan see Subscribe and the trial", () => {
    expect(planActions(plan("pro", 49), { signedIn: false, plan: null }, promos)).toEqual({
      isCurrent: false,
      purchaseLabel: "Subscribe",
      trialLabel: "7-Day Free Trial",
    });
    expect(planActions(plan("pro", 49), { signedIn: true, plan: null }, []).purchaseLabel).toBe("Subscribe");
  });
  it("free-plan users upgrade to paid plans; basic is their current plan", () => {
    expect(planActions(plan("pro", 49), { signedIn: true, plan: "free" }, []).purchaseLabel).toBe("Upgrade");
    expect(planActions(plan("basic", 0), { signedIn: true, plan: "free" }, [])).toMatchObject({
      isCurrent: true,
      purchaseLabel: null,
    });
  });
  it("paying users see their current plan and no purchase buttons", () => {
    expect(planActions(plan("pro", 49), { signedIn: true, plan: "pro" }, promos)).toEqual({
      isCurrent: true,
      purchaseLabel: null,
      trialLabel: null,
    });
    expect(planActions(plan("team", 199), { signedIn: true, plan: "pro" }, promos).purchaseLabel).toBeNull();
  });
});
