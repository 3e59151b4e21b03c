import { describe, expect, it } from "vitest";
import { excerpt } from "./excerpt.ts";
import { bestSentence } from "./quote.ts";
import { sentenceSpans } from "./sentences.ts";

// Page 40 of Adobe's 2022 10-K (a public SEC filing) as pdf.js gives it: prose broken at every
// printed line, bullets, a heading, then a table.
const PAGE = [
  "Financial Performance Summary for Fiscal 2022",
  "• Total Digital Media ARR of approximately $13.97 billion as of December 2, 2022 increased by $1.82 billion, or",
  "15%, from $12.15 billion as of December 3, 2021. The change in our Digital Media ARR was primarily due to new",
  "user adoption of our Creative Cloud and Document Cloud offerings, partially offset by an $87 million ARR",
  "reduction taken in March 2022 in response to the Russia-Ukraine war.",
  "• Creative revenue of $10.46 billion increased by $913 million, or 10%, during fiscal 2022, from $9.55 billion in",
  "fiscal 2021. Document Cloud revenue of $2.38 billion increased by $409 million, or 21%, during fiscal 2022, from",
  "$1.97 billion in fiscal 2021.",
  "Revenue",
  "Revenue for fiscal 2021 benefited from an extra week in the first quarter of fiscal 2021 due to our 52/53 week financial",
  "calendar whereby fiscal 2021 was a 53-week year compared with fiscal 2022 and 2020 which were 52-week years.",
  "(dollars in millions)\t2022\t2021\t2020\t2022-2021",
  "Subscription\t$ 16,388\t$ 14,573\t$ 11,626\t12 %",
].join("\n");
const pieces = (t: string) => sentenceSpans(t).map((s) => t.slice(s.start, s.end).replace(/\s+/g, " "));

describe("sentenceSpans", () => {
  it("joins prose broken at line ends, and keeps headings, bullets and table rows apart", () => {
    const s = pieces(PAGE);
    expect(s[0]).toBe("Financial Performance Summary for Fiscal 2022");
    expect(s[1]).toBe(
      "• Total Digital Media ARR of approximately $13.97 billion as of December 2, 2022 increased by $1.82 billion, or 15%, from $12.15 billion as of December 3, 2021.",
    );
    expect(s).toContain(
      "Document Cloud revenue of $2.38 billion increased by $409 million, or 21%, during fiscal 2022, from $1.97 billion in fiscal 2021.",
    );
    expect(s).toContain("Revenue");
    expect(s).toContain("(dollars in millions) 2022 2021 2020 2022-2021");
    expect(s.at(-1)).toBe("Subscription $ 16,388 $ 14,573 $ 11,626 12 %");
  });

  it("does not end a sentence at an abbreviation", () => {
    expect(pieces("Sales in the U.S. Government sector rose. Costs fell.")).toEqual([
      "Sales in the U.S. Government sector rose.",
      "Costs fell.",
    ]);
  });
});

describe("excerpt", () => {
  it("shows the quoted sentence whole, with its neighbours while they fit, on sentence boundaries", () => {
    const quote = bestSentence(PAGE, "How much did Document Cloud revenue grow in fiscal 2022?");
    expect(quote.replace(/\s+/g, " ")).toBe(
      "Document Cloud revenue of $2.38 billion increased by $409 million, or 21%, during fiscal 2022, from $1.97 billion in fiscal 2021.",
    );
    const shown = excerpt(PAGE, quote);
    expect(shown).toContain(quote.replace(/\s+/g, " "));
    expect(shown).toMatch(/^• Creative revenue of \$10\.46 billion/);
    expect(shown).toMatch(/in fiscal 2021\.$/);
    expect(shown.length).toBeLessThanOrEqual(320);
  });

  it("never runs into a table row, and marks a sentence cut to the quote's length", () => {
    const quote = bestSentence(PAGE, "extra week 53-week year");
    expect(excerpt(PAGE, quote)).not.toContain("dollars in millions");
    const long = `${"word ".repeat(100)}end.`;
    const cut = bestSentence(long, "word");
    expect(excerpt(long, cut)).toBe(`${cut}…`);
  });

  it("marks a passage cut inside a sentence, and keeps a running head in capitals apart", () => {
    const cut =
      "net in our Consolidated Statements of Income.\nGains and losses are recorded in our Consolidated Statements of";
    expect(excerpt(cut, "Gains and losses are recorded in our Consolidated Statements of")).toBe(
      "…net in our Consolidated Statements of Income. Gains and losses are recorded in our Consolidated Statements of…",
    );
    expect(excerpt(cut, "net in our Consolidated Statements of Income.")).toMatch(/^…net in our/);
    const head =
      "NOTES TO CONSOLIDATED FINANCIAL STATEMENTS (Continued)\ncircumstances including macroeconomic conditions.";
    expect(pieces(head)).toEqual([
      "NOTES TO CONSOLIDATED FINANCIAL STATEMENTS (Continued)",
      "circumstances including macroeconomic conditions.",
    ]);
  });
});
