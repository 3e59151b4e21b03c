import { describe, expect, it } from "vitest";
import { bestSentence, locateQuote, normalise } from "./quote.ts";

const span = (at: { start: number; end: number } | null): [number, number] => {
  if (!at) throw new Error("not found");
  return [at.start, at.end];
};

const PAGE =
  "Item 7.  Management's Discussion\n\nNet sales rose 12%   to $4.1 billion in fiscal 2022.\nOperating income was $910 million, up from $850 million.";

describe("locateQuote", () => {
  it("finds a quote ignoring case and whitespace runs, with offsets into the original page", () => {
    const at = locateQuote(PAGE, "net SALES rose 12% to $4.1 billion");
    expect(at).not.toBeNull();
    expect(PAGE.slice(at!.start, at!.end)).toBe("Net sales rose 12%   to $4.1 billion");
  });

  it("treats typographic quotes and dashes as plain ones; quotes around the quote are wrapping", () => {
    const page = "The CEO said “we’re done” – finally.";
    const at = locateQuote(page, `"we're done" - finally.`);
    expect(page.slice(at!.start, at!.end)).toBe("we’re done” – finally.");
  });

  it("takes double and single quote marks as the same, and joins words hyphenated across lines", () => {
    const page = 'He said "buy the dip" and the insur-\nance float grew.';
    expect(page.slice(...span(locateQuote(page, "said 'buy the dip' and the insurance float")))).toBe(
      'said "buy the dip" and the insur-\nance float',
    );
    expect(locateQuote("a well-known fact", "a well-known fact")).not.toBeNull();
  });

  it("accepts an ellipsis standing for skipped words, when the parts come in order", () => {
    const at = locateQuote(PAGE, "Operating income was ... up from $850 million");
    expect(PAGE.slice(at!.start, at!.end)).toBe("Operating income was $910 million, up from $850 million");
    expect(locateQuote(PAGE, "up from $850 million … Operating income")).toBeNull();
  });

  it("refuses quotes that are not on the page, or too short to mean anything", () => {
    expect(locateQuote(PAGE, "Net sales fell 12%")).toBeNull();
    expect(locateQuote(PAGE, "a")).toBeNull();
    expect(locateQuote(PAGE, "  ")).toBeNull();
  });

  it("maps every normalised character back to an original index", () => {
    const n = normalise("A  b\n\nC");
    expect(n.text).toBe("a b c");
    expect(n.map).toHaveLength(n.text.length);
  });
});

describe("bestSentence", () => {
  it("picks the sentence sharing most words with the claim, verbatim", () => {
    const s = bestSentence(PAGE, "Operating income reached $910 million");
    expect(s).toBe("Operating income was $910 million, up from $850 million.");
    expect(locateQuote(PAGE, s)).not.toBeNull();
  });

  it("in a table, a row beats the header on a tie; the header still wins when only it matches", () => {
    const table = "Region | Product | Units\nNorth | Widgets | 120\nWest | Sprockets | 8812";
    expect(bestSentence(table, "How many sprockets units were shipped?")).toBe("West | Sprockets | 8812");
    expect(bestSentence(table, "Which units are used?")).toBe("Region | Product | Units");
  });

  it("falls back to the first sentence when nothing matches, and cuts long ones at a word", () => {
    expect(bestSentence("First one here. Second one here.", "zebra")).toBe("First one here.");
    const long = `${"word ".repeat(200)}end.`;
    const s = bestSentence(long, "word");
    expect(s.length).toBeLessThanOrEqual(300);
    expect(long.startsWith(s)).toBe(true);
  });
});
