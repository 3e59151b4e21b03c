import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { DEFAULT_CATALOGUE, listPlans, listPromotions } from "./catalogue.ts";

describe("plan catalogue", () => {
  it("defaults to the built-in catalogue, cheapest first, with a free basic plan", () => {
    const config = loadConfig({});
    expect(config.BILLING_PLANS).toEqual(DEFAULT_CATALOGUE);
    const plans = listPlans(config.BILLING_PLANS);
    expect(plans[0]).toMatchObject({ product_type: "basic", monthly_price: 0 });
  });

  it("reads BILLING_PLANS as JSON and names the variable when it is wrong", () => {
    const plans = {
      plans: [
        {
          name: "X",
          product_type: "x",
          monthly_price: 5,
          storage_quota: 2,
          compute_credits_quota: 10,
          description: "",
          price_id: "p",
        },
      ],
    };
    expect(loadConfig({ BILLING_PLANS: JSON.stringify(plans) }).BILLING_PLANS.plans[0].name).toBe("X");
    expect(() => loadConfig({ BILLING_PLANS: "{oops" })).toThrow(/BILLING_PLANS/);
  });

  it("drops promotions for plans that are not in the catalogue", () => {
    const promos = listPromotions({
      ...DEFAULT_CATALOGUE,
      promotions: [{ product_type: "gone", name: "g", trial_days: 3 }],
    });
    expect(promos).toEqual([]);
  });
});
