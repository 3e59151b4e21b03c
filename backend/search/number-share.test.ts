import { describe, expect, it } from "vitest";
import { numberShare } from "./service.ts";

/** The definition: tokens matched out with a regular expression (what the loop replaces). */
const reference = (text: string) => {
  const tokens = text.match(/[\p{L}\p{N}$%().,-]+/gu) ?? [];
  return tokens.length === 0 ? 0 : tokens.filter((t) => /\d/.test(t)).length / tokens.length;
};

describe("numberShare", () => {
  it.each([
    "",
    "   ",
    "Net sales $ 1,234.5 (12.3)% 2022 2021",
    "Total revenues increased 12% to $4.2 billion in fiscal 2023.",
    "Umsatzerlöse in Mio. € 3.456 – Veränderung −2,5 %",
    "売上高 1,234 百万円",
    "Item 7. Management's Discussion and Analysis",
    "(in millions) | 2023 | 2022 |\nRevenue | 9,876 | 8,765",
  ])("counts like the regular expression: %j", (text) => {
    expect(numberShare(text)).toBeCloseTo(reference(text), 12);
  });

  it("is high for a table row and low for prose", () => {
    expect(numberShare("Revenue 1,200 1,000 20%")).toBe(0.75);
    expect(numberShare("The company sells products")).toBe(0);
  });
});
