import { describe, expect, it } from "vitest";
import { buildPassages, passageId } from "./passages.ts";
import type { ParsedDocument } from "./types.ts";

function paragraph(n: number): string {
  return Array.from({ length: 6 }, (_, i) => `Sentence ${i} of paragraph ${n} talks about revenue and margins.`).join(
    " ",
  );
}

describe("buildPassages", () => {
  const text = [
    "# Results",
    "",
    paragraph(1),
    "",
    paragraph(2),
    "",
    "## Costs",
    "",
    paragraph(3),
    "",
    "Row A | 1 | 2",
    "Row B | 3 | 4",
  ].join("\n");
  const doc: ParsedDocument = { title: "Annual report", metadata: {}, pages: [{ page: 3, kind: "section", text }] };

  it("keeps offsets exact and sizes passages for retrieval", () => {
    const passages = buildPassages(doc, { fileVersionId: "fv1" });
    expect(passages.length).toBeGreaterThan(1);
    for (const p of passages) {
      expect(text.slice(p.start, p.end)).toBe(p.text);
      expect(p.text.length).toBeLessThanOrEqual(1200);
      expect(p.page).toBe(3);
      expect(p.title).toBe("Annual report");
    }
  });

  it("joins a page's short last lines (its number) to the passage before them", () => {
    // Long enough that the blank line before the number would end a passage.
    const body = [paragraph(1), paragraph(2), paragraph(3)].join("\n");
    const pageText = `${body}\n\n47`;
    const passages = buildPassages(
      { title: "Report", metadata: {}, pages: [{ page: 47, kind: "pdf-page", text: pageText }] },
      { fileVersionId: "fv1" },
    );
    expect(passages.map((p) => [p.start, p.end])).toEqual([[0, pageText.length]]);
  });

  it("ends a PDF's passage at its last paragraph break before the maximum, other files' at the first past the minimum", () => {
    const line = (n: number) => `Line ${String(n).padStart(3, "0")} of the management discussion`.padEnd(99, ".");
    const lines = (from: number, count: number) => Array.from({ length: count }, (_, i) => line(from + i));
    const pageText = [...lines(0, 9), "", ...lines(9, 2), "", ...lines(11, 3)].join("\n");
    const firstBreak = pageText.indexOf("\n\n");
    const lastBreak = pageText.lastIndexOf("\n\n");
    const firstEnd = (kind: "pdf-page" | "section") =>
      buildPassages(
        { title: "Report", metadata: {}, pages: [{ page: 1, kind, text: pageText }] },
        { fileVersionId: "fv1" },
      )[0].end;
    expect(firstEnd("section")).toBe(firstBreak);
    expect(firstEnd("pdf-page")).toBe(lastBreak);
  });

  it("never splits a line and carries the current heading", () => {
    const passages = buildPassages(doc, { fileVersionId: "fv1" });
    const lines = text.split("\n").filter(Boolean);
    for (const line of lines) expect(passages.some((p) => p.text.includes(line))).toBe(true);
    expect(passages.find((p) => p.text.includes("paragraph 1"))!.heading).toBe("Results");
    expect(passages.find((p) => p.text.includes("Row B"))!.heading).toBe("Costs");
  });

  it("gives stable ids from the file version, page and start", () => {
    const a = buildPassages(doc, { fileVersionId: "fv1" });
    const b = buildPassages(doc, { fileVersionId: "fv1" });
    const c = buildPassages(doc, { fileVersionId: "fv2" });
    expect(a.map((p) => p.id)).toEqual(b.map((p) => p.id));
    expect(a[0].id).toBe(passageId("fv1", 3, a[0].start));
    expect(a[0].id).not.toBe(c[0].id);
  });

  it("cuts an over-long line at a space", () => {
    const long = "word ".repeat(700).trim();
    const passages = buildPassages(
      { title: "t", metadata: {}, pages: [{ page: 1, kind: "text", text: long }] },
      { fileVersionId: "v" },
    );
    expect(passages.length).toBe(3);
    for (const p of passages) expect(long.slice(p.start, p.end)).toBe(p.text);
  });

  it("merges the boxes of the spans a PDF passage covers, one per line", () => {
    const page = {
      page: 1,
      kind: "pdf-page" as const,
      text: "Hello World\nNext line",
      spans: [
        { start: 0, end: 5, x: 72, y: 80, w: 30, h: 12 },
        { start: 6, end: 11, x: 106, y: 80, w: 32, h: 12 },
        { start: 12, end: 21, x: 72, y: 100, w: 50, h: 12 },
      ],
    };
    const [p] = buildPassages({ title: "t", metadata: {}, pages: [page] }, { fileVersionId: "v" });
    expect(p.boxes).toEqual([
      { x: 72, y: 80, w: 66, h: 12 },
      { x: 72, y: 100, w: 50, h: 12 },
    ]);
  });
});
