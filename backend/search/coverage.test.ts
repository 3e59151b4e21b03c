import { describe, expect, it } from "vitest";
import { applyCoverage } from "./coverage.ts";
import { hit } from "./test-hits.ts";

describe("applyCoverage", () => {
  it("lifts the page and document that hold more of the question's words, in any of their forms", () => {
    const entries = [
      // Matches the rarest word alone, in another document.
      { hit: hit("a", "bank", 1, "Goldman Sachs preferred stock, 10% coupon."), score: 1 },
      // The letter's page holds the other words too ("purchases" for "purchase").
      { hit: hit("b", "letter", 15, "We bought Goldman Sachs preferred during the crisis."), score: 0.8 },
      { hit: hit("c", "letter", 15, "Such purchases of fixed-income securities were made by Berkshire."), score: 0.3 },
    ];
    const shares = applyCoverage(entries, ["goldman", "berkshire", "purchase", "crisis"], { doc: 1, page: 1 });
    expect(entries[1]!.score).toBeGreaterThan(entries[0]!.score);
    // Each document's share of the question, its words weighted by their rarity among the candidates.
    expect(shares.get("letter")).toBe(1);
    expect(shares.get("bank")).toBeGreaterThan(0);
    expect(shares.get("bank")).toBeLessThan(0.5);
  });

  it("leaves scores alone without weights or words", () => {
    const entries = [{ hit: hit("a", "f", 1, "alpha beta"), score: 2 }];
    applyCoverage(entries, ["alpha"], { doc: 0, page: 0 });
    applyCoverage(entries, [], { doc: 1, page: 1 });
    expect(entries[0]!.score).toBe(2);
  });

  it("matches words at their start only: 'art' is not found in 'start'", () => {
    const entries = [
      { hit: hit("a", "f", 1, "a start"), score: 1 },
      { hit: hit("b", "g", 1, "the arts"), score: 1 },
    ];
    applyCoverage(entries, ["art"], { doc: 0, page: 1 });
    expect(entries[1]!.score).toBeGreaterThan(entries[0]!.score);
  });

  it("counts a word held only in another form at the otherForm share, for the page and not the document", () => {
    const page = (n: number, text: string) => ({ hit: hit(`p${n}`, "letter", n, text), score: 1 });
    const entries = [
      page(7, "Two capital-hungry giant businesses"),
      page(12, "Two of our giants are capital-hungry businesses"),
      page(20, "An unrelated page about insurance"),
    ];
    const shares = applyCoverage(entries, ["two", "capital", "giants"], { doc: 0, page: 1, otherForm: 0.5 });
    expect(entries[1]!.score).toBeGreaterThan(entries[0]!.score);
    expect(entries[0]!.score).toBeGreaterThan(entries[2]!.score);
    // The document holds every word in some form.
    expect(shares.get("letter")).toBe(1);
    // Without otherForm any form counts fully: the two pages tie.
    const plain = [
      page(7, "Two capital-hungry giant businesses"),
      page(12, "Two of our giants are capital-hungry businesses"),
    ];
    applyCoverage(plain, ["two", "capital", "giants"], { doc: 0, page: 1 });
    expect(plain[0]!.score).toBe(plain[1]!.score);
  });
});
