import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildPassages } from "./passages.ts";
import { parseFile } from "./parse-file.ts";
import { closeOcr } from "./parsers/ocr.ts";
import { parsePdf } from "./parsers/pdf.ts";
import { defaultLimits } from "./types.ts";

// The real documents live beside the project, never in it (licences): skip when it is absent,
// so a clone elsewhere still passes.
const dataDir = process.env.SHARED_DATA_DIR ?? resolve("../shared/data");
const hasData = existsSync(join(dataDir, "financebench"));

// Skipped only when the shared documents are absent (SHARED_DATA_DIR): real public files read in
// place, never copied into the repo.
describe.skipIf(!hasData)("parsers on the shared corpora", () => {
  afterAll(() => closeOcr());

  it("a FinanceBench 10-K: the page count, and an evidence figure on its labelled page", async () => {
    const counts = new Map(
      readFileSync(join(dataDir, "financebench/pdf_pages.tsv"), "utf8")
        .trim()
        .split("\n")
        .map((l) => l.split("\t"))
        .map(([name, pages]) => [name, Number(pages)]),
    );
    const doc = await parseFile(join(dataDir, "financebench/pdfs/3M_2022_10K.pdf"));
    expect(doc.pages).toHaveLength(counts.get("3M_2022_10K") ?? -1);
    // financebench_id_00499: evidence on page 48 (1-indexed), the income statement: net sales 34,229.
    const page = doc.pages[47];
    expect(page.page).toBe(48);
    expect(page.text).toMatch(/Net sales\t\$\t34,229 \$\t35,355 \$\t32,184/);
    const passages = buildPassages(doc, { fileVersionId: "3m" });
    const hit = passages.find((p) => p.page === 48 && p.text.includes("34,229"))!;
    expect(page.text.slice(hit.start, hit.end)).toBe(hit.text);
    expect(hit.boxes!.length).toBeGreaterThan(0);
  }, 120_000);

  it("the IRS 1040: two pages of a fillable form", async () => {
    const doc = await parseFile(join(dataDir, "irs/f1040.pdf"));
    expect(doc.pages).toHaveLength(2);
    expect(doc.pages[0].text).toContain("U.S. Individual Income Tax Return");
  });

  it("a PDF cut in half fails as corrupt", async () => {
    const bytes = readFileSync(join(dataDir, "berkshire/2019ltr.pdf"));
    await expect(
      parsePdf(new Uint8Array(bytes.subarray(0, bytes.length / 2)), "cut.pdf", defaultLimits),
    ).rejects.toMatchObject({ reason: "corrupt" });
  });

  it("Word files: tables row by row, footnotes, lists", async () => {
    const tables = await parseFile(join(dataDir, "docx/mammoth_tables.docx"));
    expect(tables.pages[0].text).toContain("Top left | Top right\nBottom left | Bottom right");
    const notes = await parseFile(join(dataDir, "docx/mammoth_footnotes.docx"));
    expect(notes.pages.at(-1)).toMatchObject({
      heading: "Footnotes",
      text: "[1] A tachyon walks into a bar.\n[2] Fin.",
    });
    const list = await parseFile(join(dataDir, "docx/mammoth_simple-list.docx"));
    expect(list.pages[0].text).toBe("- Apple\n- Banana");
  });

  it("workbooks: formula chains with cached results, cross-sheet and named ranges", async () => {
    const fib = await parseFile(join(dataDir, "xlsx/exceljs_fibonacci.xlsx"));
    expect(fib.pages[0].text).toContain("10 [=A9+1] | 55 [=B8+B9]");
    const named = await parseFile(join(dataDir, "xlsx/sheetjs_named_ranges_2011.xlsx"));
    expect(named.pages.at(-1)).toMatchObject({ heading: "Named ranges" });
    expect(named.pages.at(-1)!.text).toContain("col1_ | 'Named Ranges'!$A$2:$A$6");
  });

  it("a scanned receipt through OCR with the bundled English model", async () => {
    const doc = await parseFile(join(dataDir, "receipts_sroie/img/000.jpg"));
    expect(doc.pages[0].kind).toBe("ocr");
    expect(doc.pages[0].text).toContain("9.00");
    expect(doc.pages[0].spans!.length).toBeGreaterThan(5);
  }, 120_000);
});
