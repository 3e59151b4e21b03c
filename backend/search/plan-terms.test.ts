import { describe, expect, it } from "vitest";
import {
  COMMON_EXPANSION,
  EXACT_BELOW,
  PAIRED_ABOVE,
  pairedTerms,
  planTerms,
  skipsCommonExpansion,
} from "./plan-terms.ts";

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

  it("costs a phrase as its rarest word where the cost is rows ranked, as all its words' lists elsewhere", () => {
    const count = (w: string) => ({ dividend: 10_500, dividends: 10_500, declared: 3_300 })[w] ?? 0;
    const terms = [term("dividend", 0.5), term("dividends declared", 0.5)];
    const lists = planTerms(terms, count, 280_000, { exactBudget: 3_000 });
    expect(lists.required).toEqual([term("dividend", 0.5)]);
    const rows = planTerms(terms, count, 280_000, { exactBudget: 3_000, rows: true });
    expect(rows.required).toEqual([term("dividends declared", 0.5)]);
    expect(rows.kept).toEqual(terms);
  });
});

describe("pairedTerms", () => {
  const count = (w: string) => ({ industry: 13_800, amcor: 15_500, operate: 40_000, tariff: 900 })[w];
  const own = [term("industry"), term("amcor"), term("operate")];

  it("pairs the two rarest own words when the rarest alone is held by over PAIRED_ABOVE passages", () => {
    expect(count("industry")! > PAIRED_ABOVE).toBe(true);
    expect(pairedTerms(own, own, [term("industry")], count)).toEqual([term("industry"), term("amcor")]);
  });

  it("pairs nothing for a rarer term, several required ones, an expansion leg or a lone term", () => {
    expect(pairedTerms([...own, term("tariff")], own, [term("tariff")], count)).toBeNull();
    expect(pairedTerms(own, own, [term("industry"), term("amcor")], count)).toBeNull();
    const expansion = [term("industry", 0.5), term("amcor", 0.5)];
    expect(pairedTerms(expansion, expansion, [expansion[0]!], count)).toBeNull();
    expect(pairedTerms([term("industry")], [term("industry")], [term("industry")], count)).toBeNull();
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
