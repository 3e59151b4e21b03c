import { describe, expect, it } from "vitest";
import { EXACT_BELOW, planTerms } from "./plan-terms.ts";

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
