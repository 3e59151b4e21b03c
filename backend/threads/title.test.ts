import { describe, expect, it } from "vitest";
import { titleFromQuery } from "./title.ts";

describe("titleFromQuery", () => {
  it.each([
    ["What was revenue in Q3?", "What was revenue in Q3"],
    ["can you summarise the contract. Then list risks.", "Summarise the contract"],
    ["Please could you help me compare A and B!", "Compare A and B"],
    ["  lots   of\n\nspace  ", "Lots of space"],
    ["", "Untitled"],
    ["?!.", "Untitled"],
    ["please", "Please"],
  ])("%j -> %j", (q, title) => {
    expect(titleFromQuery(q)).toBe(title);
  });

  it("cuts a long question at a word boundary with an ellipsis", () => {
    const t = titleFromQuery(
      "Compare the quarterly revenue of every region we operate in against the previous fiscal year",
    );
    expect(t).toBe("Compare the quarterly revenue of every region we operate in…");
    expect(t.length).toBeLessThanOrEqual(61);
  });

  it("cuts a long word hard when there is no good boundary", () => {
    expect(titleFromQuery("x".repeat(100))).toBe(`${"X"}${"x".repeat(59)}…`);
    // The only space is at the halfway mark: too early to cut there.
    expect(titleFromQuery("word word word", 8)).toBe("Word wor…");
    expect(titleFromQuery("words word word", 8)).toBe("Words…");
  });
});
