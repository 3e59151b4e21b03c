import { describe, expect, it } from "vitest";
import { findQuote, findQuoteInRuns } from "./find-quote.ts";

describe("findQuote", () => {
  const page = "Net sales\t$\t34,229 $\t35,355\nOperating income rose “sharply” in 2022 — mostly abroad.";

  it("finds a quote whatever the whitespace, case and typography, as offsets of the original text", () => {
    const r = findQuote(page, 'operating income rose "sharply" in 2022 - mostly abroad')!;
    expect(page.slice(r.start, r.end)).toBe("Operating income rose “sharply” in 2022 — mostly abroad");
    const t = findQuote(page, "Net sales $ 34,229")!;
    expect(page.slice(t.start, t.end)).toBe("Net sales\t$\t34,229");
  });

  it("ignores a final period the quote added, and spans an ellipsis's parts in order", () => {
    expect(findQuote(page, "mostly abroad.")).not.toBeNull();
    const r = findQuote(page, "Net sales … rose")!;
    expect(page.slice(r.start, r.end)).toMatch(/^Net sales[\s\S]*rose$/);
    expect(findQuote(page, "rose ... Net sales")).toBeNull();
  });

  it("is null for text that is not there and for quotes too short to mean anything", () => {
    expect(findQuote(page, "revenue fell")).toBeNull();
    expect(findQuote(page, "a")).toBeNull();
    expect(findQuote(page, "  ")).toBeNull();
  });
});

describe("findQuoteInRuns", () => {
  it("marks the part of each run the quote covers, across runs split mid-word", () => {
    const runs = ["Revenue grew be", "cause of the light", "house plan", " and more"];
    expect(findQuoteInRuns(runs, "grew because of the lighthouse")).toEqual([
      { run: 0, start: 8, end: 15 },
      { run: 1, start: 0, end: 18 },
      { run: 2, start: 0, end: 5 },
    ]);
    expect(findQuoteInRuns(runs, "nothing like it")).toEqual([]);
  });
});

describe("a quote found more than once", () => {
  // Page 54 of Adobe's 2022 10-K: "Subscription" heads a revenue row and a cost row.
  const page = [
    "Revenue:",
    "Subscription\t$\t16,388 $\t14,573 $\t11,626",
    "Product\t532\t555\t507",
    "Cost of revenue:",
    "Subscription\t1,646\t1,374\t1,108",
  ].join("\n");

  it("is marked where the cited offsets put it, not at its first place", () => {
    const second = page.lastIndexOf("Subscription");
    expect(findQuote(page, "Subscription")!.start).toBe(page.indexOf("Subscription"));
    expect(findQuote(page, "Subscription", second / page.length)!.start).toBe(second);
    expect(findQuote(page, "Subscription", 0.1)!.start).toBe(page.indexOf("Subscription"));
    const runs = page.split(/(?<=\n)/);
    expect(findQuoteInRuns(runs, "Subscription", 0.9)).toEqual([{ run: 4, start: 0, end: 12 }]);
  });
});
