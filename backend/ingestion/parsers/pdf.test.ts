import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { makePdf } from "../../../tests/helpers/documents/make-pdf.ts";
import { defaultLimits } from "../types.ts";
import { parsePdf } from "./pdf.ts";

const limits = { ...defaultLimits, ocrPdfPages: false };

describe("parsePdf", () => {
  it("reads text per page in reading order, a table row as one line, with boxes", async () => {
    const pdf = makePdf([
      [
        // Written out of order on purpose: the parser orders by line, then left to right.
        { text: "1,234", x: 300, y: 650 },
        { text: "World", x: 110, y: 700 },
        { text: "Hello", x: 72, y: 700 },
        { text: "Revenue", x: 72, y: 650 },
      ],
      [{ text: "Second page", x: 72, y: 700 }],
    ]);
    const doc = await parsePdf(pdf, "report.pdf", limits);
    expect(doc.pages.map((p) => p.page)).toEqual([1, 2]);
    expect(doc.pages[0].text).toBe("Hello World\nRevenue\t1,234");
    expect(doc.pages[1].text).toBe("Second page");
    const page = doc.pages[0];
    expect(page.width).toBe(612);
    const revenue = page.spans!.find((s) => page.text.slice(s.start, s.end) === "Revenue")!;
    // Top-left origin: a baseline at y=650 from the bottom is 142 from the top, minus the font size.
    expect(revenue.x).toBeCloseTo(72);
    expect(revenue.y).toBeCloseTo(792 - 650 - 12);
    expect(revenue.h).toBeCloseTo(12);
    expect(revenue.w).toBeGreaterThan(30);
  });

  it("marks a page without a text layer for OCR when OCR is off", async () => {
    const doc = await parsePdf(makePdf([[{ text: "Cover", x: 72, y: 700 }], []]), "scan.pdf", limits);
    expect(doc.pages[1]).toMatchObject({ page: 2, text: "", needsOcr: true });
  });

  it("fails an encrypted PDF with the reason 'encrypted'", async () => {
    const pdf = makePdf([[{ text: "Secret", x: 72, y: 700 }]], { encrypted: true });
    await expect(parsePdf(pdf, "locked.pdf", limits)).rejects.toMatchObject({ reason: "encrypted" });
  });

  it("fails bytes that are not a PDF with the reason 'corrupt'", async () => {
    const junk = new TextEncoder().encode("%PDF-1.7\n" + "garbage ".repeat(500));
    await expect(parsePdf(junk, "junk.pdf", limits)).rejects.toMatchObject({ reason: "corrupt" });
  });
});

// Real public files read in place, never copied into the repo: skipped only when the shared
// documents are absent (SHARED_DATA_DIR), so a clone elsewhere still passes.
const dataDir = process.env.SHARED_DATA_DIR ?? resolve("../shared/data");
const southAfrica = join(dataDir, "constitutions/South_Africa_2012.pdf");

describe.skipIf(!existsSync(southAfrica))("parsePdf on a PDF whose ToUnicode map sends ligatures to U+0000", () => {
  it("reads flag, reflect and financial whole, and every span still boxes its own text", async () => {
    const doc = await parsePdf(new Uint8Array(readFileSync(southAfrica)), "South_Africa_2012.pdf", limits);
    const flag = doc.pages[75]!;
    expect(flag.text).toContain("The national flag is rectangular; it is one and a half times longer than it is wide.");
    const all = doc.pages.map((p) => p.text).join("\n");
    expect(all).not.toContain("\0");
    expect(all).toMatch(/\breflect\b/);
    expect(all).not.toMatch(/\bre ect\b/);
    // The span over the ligature's run holds the ligature; the next run starts where it ends.
    const at = flag.text.indexOf("flag is rectangular");
    const span = flag.spans!.find((s) => s.start === at)!;
    expect(flag.text.slice(span.start, span.end)).toBe("fl");
    expect(
      flag.spans!.some((s) => s.start === at + 2 && flag.text.slice(s.start).startsWith("ag is rectangular")),
    ).toBe(true);
  }, 120_000);
});
