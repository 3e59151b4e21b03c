import { describe, expect, it } from "vitest";
import { hit } from "./test-hits.ts";
import { applyYears, questionYears } from "./years.ts";

describe("questionYears", () => {
  it("keeps the years among the question's words, once each", () => {
    expect(questionYears(["ratio", "2015", "debt", "2015", "10k", "20150", "1999"])).toEqual(["2015", "1999"]);
  });
});

describe("applyYears", () => {
  it("lifts every passage of a page that writes the question's year above another year's table", () => {
    const entries = [
      { hit: hit("a", "filing2022", 31, "Total debt to total assets ratio 2022 2021"), score: 1 },
      { hit: hit("b", "report2016", 81, "Debt to total assets ratio"), score: 0.8 },
      { hit: hit("c", "report2016", 81, "December 2016 2015"), score: 0.2 },
    ];
    applyYears(entries, ["2015"], 0.5);
    expect(entries.map((e) => e.score)).toEqual([1, 1.2000000000000002, 0.30000000000000004]);
  });

  it("matches a year only as a whole number, and does nothing without years or weight", () => {
    const entries = [{ hit: hit("a", "f", 1, "account 20150 and 120157"), score: 1 }];
    applyYears(entries, ["2015"], 0.5);
    applyYears(entries, [], 0.5);
    applyYears([{ hit: hit("b", "f", 2, "2015"), score: 1 }], ["2015"], 0);
    expect(entries[0]!.score).toBe(1);
  });
});
