import { describe, expect, it } from "vitest";
import { COMMON_EXPANSION, EXACT_BELOW, planTerms, skipsCommonExpansion } from "./plan-terms.ts";

const term = (s: string, weight = 1) => ({ words: s.split(" "), weight });
const counts: Record<string, number> = {
  amazon: 700,
  dpo: 30,
  total: 42_000,
  income: 40_000,
  statement: 50_000,
  of: 250_000,
  inventories: 8_000,
};
const df = (w: string) => counts[w] ?? 0;

describe("planTerms", () => {
  it("runs the plain OR in a small index, dropping only terms nothing holds", () => {
    const plan = planTerms([term("amazon"), term("total"), term("nowhere")], df, EXACT_BELOW);
    expect(plan).toEqual({ kept: [term("amazon"), term("total")], required: null });
  });

  it("at scale requires the rarest terms and scores the cheapest within budget", () => {
    const terms = [
      term("total"),
      term("amazon"),
      term("statement of income", 0.5),
      term("dpo"),
      term("inventories"),
      term("income"),
    ];
    const plan = planTerms(terms, df, 280_000);
    expect(plan.required).toEqual([term("dpo"), term("amazon")]);
    // In the question's order; the phrase reading "of" costs too much to score.
    expect(plan.kept).toEqual([term("amazon"), term("dpo"), term("inventories")]);
  });

  it("keeps at least the rarest term however common (alone, it is the whole query)", () => {
    const plan = planTerms([term("statement"), term("total"), term("income")], df, 280_000);
    expect(plan).toEqual({ kept: [term("income")], required: null });
  });

  it("skips stop words inside a phrase (null) rather than dropping the phrase", () => {
    const plan = planTerms([term("statement of income")], (w) => (w === "of" ? null : df(w)), EXACT_BELOW);
    expect(plan.kept).toEqual([term("statement of income")]);
  });
});

describe("skipsCommonExpansion", () => {
  const count = (w: string) => ({ acquired: 14_000, acquisition: 21_000, acquirees: 900 })[w];
  const common = [term("acquisition", 0.5), term("acquired", 0.5)];

  it("skips a whole-Pod expansion leg whose every term is held by over COMMON_EXPANSION passages", () => {
    expect(count("acquired")! > COMMON_EXPANSION).toBe(true);
    expect(skipsCommonExpansion({ terms: common }, common, count)).toBe(true);
    // A word the counts don't know is taken as common.
    expect(skipsCommonExpansion({ terms: [term("x", 0.5)] }, [term("x", 0.5)], count)).toBe(true);
  });

  it("runs it when one term is rarer, within chosen files, with the question's own words, or for an exact plan", () => {
    const rare = [...common, term("acquirees", 0.5)];
    expect(skipsCommonExpansion({ terms: rare }, rare, count)).toBe(false);
    expect(skipsCommonExpansion({ terms: common, fileIds: ["f"] }, common, count)).toBe(false);
    const own = [term("acquired"), ...common];
    expect(skipsCommonExpansion({ terms: own }, own, count)).toBe(false);
    expect(skipsCommonExpansion({ terms: common }, common, count, true)).toBe(false);
  });
});
