import { describe, expect, it } from "vitest";
import { applyProximity, holdsPair, unnamedPairs } from "./proximity.ts";
import { analyzeQuery } from "./query.ts";
import { hit } from "./test-hits.ts";

describe("analyzeQuery pairs", () => {
  it("pairs the question's neighbouring words, not across stop words, numbers or instructions", () => {
    const q = analyzeQuery("What were dividends declared per common share in 2016, and please state the total?");
    expect(q.pairs).toEqual([
      ["dividends", "declared"],
      ["declared", "per"],
      ["per", "common"],
      ["common", "share"],
    ]);
    expect(analyzeQuery("the funds-of-funds 2016 2015 bet").pairs).toEqual([]);
  });
});

describe("unnamedPairs", () => {
  it("leaves out the pairs of a name the named-documents stage took, and keeps the rest", () => {
    const analyzed = analyzeQuery("What did American Express report as Card Member loans?");
    expect(analyzed.pairs).toContainEqual(["american", "express"]);
    // The stage took "american express" (it names AMERICANEXPRESS_2022_10K.pdf), not "card member".
    const terms = analyzed.terms.filter((t) => t.words.join(" ") !== "american express");
    expect(unnamedPairs(analyzed, terms)).toEqual([
      ["card", "member"],
      ["member", "loans"],
    ]);
    expect(unnamedPairs(analyzed, analyzed.terms)).toEqual(analyzed.pairs);
  });
});

describe("holdsPair", () => {
  it("finds the pair in order, by the words' starts, with up to two stop words between", () => {
    expect(holdsPair("dividends declared per common share were $2.60", "dividend", "declar")).toBe(true);
    expect(holdsPair("the share of the common stock", "share", "common")).toBe(true);
    expect(holdsPair("share of all of the common stock", "share", "common")).toBe(false);
    expect(holdsPair("declared dividends", "dividend", "declar")).toBe(false);
    expect(holdsPair("preferred dividends, declared quarterly", "dividend", "declar")).toBe(true);
    // At a word's start only: "art" is not in "start".
    expect(holdsPair("a start work", "art", "work")).toBe(false);
  });
});

describe("applyProximity", () => {
  const pairs: [string, string][] = [
    ["dividends", "declared"],
    ["common", "share"],
  ];

  it("lifts the page that writes the question's words together above one holding them apart", () => {
    const entries = [
      { hit: hit("a", "equity", 60, "Common stock, dividends paid, shares declared"), score: 1 },
      { hit: hit("b", "notes", 186, "Dividends declared per common share were $2.60 in 2016."), score: 0.8 },
      { hit: hit("c", "notes", 186, "On January 17, 2017 the firm declared a dividend."), score: 0.1 },
    ];
    applyProximity(entries, pairs, 3, 1);
    expect(entries[0]!.score).toBe(1);
    expect(entries[1]!.score).toBeGreaterThan(entries[0]!.score);
    // The page's other passages share its gain.
    expect(entries[2]!.score).toBeCloseTo((0.1 * entries[1]!.score) / 0.8);
  });

  it("counts a pair less in a question of many words that stand apart", () => {
    const entries = () => [
      { hit: hit("a", "f", 1, "dividends declared"), score: 1 },
      { hit: hit("b", "f", 2, "other words"), score: 1 },
    ];
    const few = entries();
    const many = entries();
    applyProximity(few, pairs.slice(0, 1), 2, 1);
    applyProximity(many, pairs.slice(0, 1), 6, 1);
    expect(few[0]!.score).toBeCloseTo(2);
    expect(many[0]!.score).toBeCloseTo(1.2);
  });

  it("does nothing without pairs or weight", () => {
    const entries = [{ hit: hit("a", "f", 1, "dividends declared"), score: 1 }];
    applyProximity(entries, [], 3, 1);
    applyProximity(entries, pairs, 3, 0);
    expect(entries[0]!.score).toBe(1);
  });
});
