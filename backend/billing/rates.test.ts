import { describe, expect, it } from "vitest";
import { answerCharge, answerHold, callUsd, indexingCharge, SEARCH_ANSWER_CREDITS, usdToCredits } from "./rates.ts";

describe("rates: metered usage -> credits", () => {
  it("rounds USD up to whole credits of $0.001, without floating-point overshoot", () => {
    expect(usdToCredits(0)).toBe(0);
    expect(usdToCredits(0.0001)).toBe(1);
    expect(usdToCredits(0.003)).toBe(3);
    expect(usdToCredits(0.0030001)).toBe(4);
    expect(usdToCredits(-1)).toBe(0);
  });

  it("sums an answer's calls before rounding, once per answer", () => {
    const call = { inputTokens: 100, outputTokens: 0, costUsd: 0.0002 };
    // Ten calls of $0.0002 = $0.002: 2 credits, not ten.
    expect(answerCharge({ searchMode: false, calls: Array(10).fill(call) })).toEqual({ credits: 2, usd: 0.002 });
  });

  it("prices a call without a known cost by its tokens at the fallback rate", () => {
    // 1M input at $5 + 100k output at $15/M = $6.5.
    expect(callUsd({ inputTokens: 1_000_000, outputTokens: 100_000, costUsd: null })).toBeCloseTo(6.5, 9);
    expect(answerCharge({ searchMode: false, calls: [{ inputTokens: 1000, outputTokens: 0, costUsd: null }] })).toEqual(
      {
        credits: 5,
        usd: 0.005,
      },
    );
  });

  it("search mode costs its fixed charge; a model answer with no calls costs nothing", () => {
    expect(answerCharge({ searchMode: true, calls: [] }).credits).toBe(SEARCH_ANSWER_CREDITS);
    expect(answerCharge({ searchMode: false, calls: [] }).credits).toBe(0);
    expect(answerHold({ searchMode: true })).toBe(SEARCH_ANSWER_CREDITS);
    expect(answerHold({ searchMode: false })).toBeGreaterThan(SEARCH_ANSWER_CREDITS);
  });

  it("indexing: pages x $0.0002, rounded up per version", () => {
    expect(indexingCharge(0).credits).toBe(0);
    expect(indexingCharge(1).credits).toBe(1);
    expect(indexingCharge(5).credits).toBe(1);
    expect(indexingCharge(6).credits).toBe(2);
    expect(indexingCharge(1000).credits).toBe(200);
  });
});
