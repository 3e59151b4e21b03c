import { describe, expect, it } from "vitest";
import { MarkerParser, stripMarkers, type Piece } from "./markers.ts";

/** Feeds `text` in pieces of `size` characters and collects everything. */
function parse(text: string, size: number): Piece[] {
  const p = new MarkerParser();
  const out: Piece[] = [];
  for (let i = 0; i < text.length; i += size) out.push(...p.push(text.slice(i, i + size)));
  out.push(...p.end());
  // Adjacent text pieces are one for comparison.
  return out.reduce<Piece[]>((acc, x) => {
    const last = acc.at(-1);
    if (x.kind === "text" && last?.kind === "text") acc[acc.length - 1] = { kind: "text", text: last.text + x.text };
    else acc.push(x);
    return acc;
  }, []);
}

describe("MarkerParser", () => {
  const text = 'Sales rose [1]. Income fell [2: "income was $9 million"], see [3, 4]. A [link](x) and [ ] box.';
  const expected: Piece[] = [
    { kind: "text", text: "Sales rose " },
    { kind: "marker", refs: [1], quote: null },
    { kind: "text", text: ". Income fell " },
    { kind: "marker", refs: [2], quote: "income was $9 million" },
    { kind: "text", text: ", see " },
    { kind: "marker", refs: [3, 4], quote: null },
    { kind: "text", text: ". A [link](x) and [ ] box." },
  ];

  it.each([1, 2, 3, 7, 1000])("finds the same markers whatever the piece size (%i)", (size) => {
    expect(parse(text, size)).toEqual(expected);
  });

  it("holds back only what may still become a marker", () => {
    const p = new MarkerParser();
    expect(p.push("Total [1")).toEqual([{ kind: "text", text: "Total " }]);
    expect(p.push('2: "abc')).toEqual([]);
    expect(p.push('"]!')).toEqual([
      { kind: "marker", refs: [12], quote: "abc" },
      { kind: "text", text: "!" },
    ]);
  });

  it("gives an unfinished marker back as text at the end", () => {
    const p = new MarkerParser();
    expect(p.push("see [3")).toEqual([{ kind: "text", text: "see " }]);
    expect(p.end()).toEqual([{ kind: "text", text: "[3" }]);
  });

  it("accepts curly quotes around the quote", () => {
    expect(parse("x [5: “net sales”]", 4)).toEqual([
      { kind: "text", text: "x " },
      { kind: "marker", refs: [5], quote: "net sales" },
    ]);
  });
});

describe("stripMarkers", () => {
  it("removes markers and the space before punctuation they leave", () => {
    expect(stripMarkers('Sales rose [1]. Income fell [2: "x y z"], yes [3, 4].')).toBe("Sales rose. Income fell, yes.");
  });
});
