import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import ExcelJS from "exceljs";
import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import { WorkbookError } from "./errors.ts";
import { evaluateWorkbook } from "./evaluate.ts";
import { loadWorkbook } from "./load-workbook.ts";
import { readWorkbook } from "./read-workbook.ts";
import { writeWorkbook } from "./write-workbook.ts";

/** A small three-statement-style model: inputs with sources, sums, cross-sheet refs, percentages. */
const spec = {
  sheets: [
    {
      name: "Inputs",
      columns: [{ width: 28 }, { width: 14 }, { width: 14 }],
      rows: [
        [
          { value: "Item", bold: true },
          { value: "FY2023", bold: true },
          { value: "FY2024", bold: true },
        ],
        ["Revenue", 1200, 1380],
        ["Cost of sales", 700, 790],
        ["Operating expenses", 260, 300],
      ],
      cells: [
        {
          ref: "B2",
          value: 1200,
          numFmt: "#,##0",
          fontColor: "#0000FF",
          source: { file_id: "file_10k", page: 48, quote: "Net sales 1,200" },
        },
        {
          ref: "C2",
          value: 1380,
          numFmt: "#,##0",
          fontColor: "#0000FF",
          source: { file_id: "file_10k", page: 48, quote: "Net sales 1,380" },
        },
      ],
    },
    {
      name: "P&L",
      rows: [
        ["", "FY2023", "FY2024"],
        ["Gross profit", "=Inputs!B2-Inputs!B3", "=Inputs!C2-Inputs!C3"],
        ["Operating income", "=B2-Inputs!B4", "=C2-Inputs!C4"],
        ["Operating margin", "=B3/Inputs!B2", "=C3/Inputs!C2"],
        ["Revenue growth", "", "=Inputs!C2/Inputs!B2-1"],
        ["Two-year operating income", "=SUM(B3:C3)"],
      ],
      cells: [
        { ref: "B4", formula: "=B3/Inputs!B2", numFmt: "0.0%" },
        { ref: "C4", formula: "C3/Inputs!C2", numFmt: "0.0%" },
        { ref: "C5", formula: "Inputs!C2/Inputs!B2-1", numFmt: "0.0%", fill: "#FFF2CC" },
      ],
      freeze: "B2",
    },
  ],
  names: [{ name: "Revenue2024", ref: "Inputs!$C$2" }],
};

// Worked by hand from the inputs above, independently of any engine.
const expected: Record<string, number> = {
  "'P&L'!B2": 500,
  "'P&L'!C2": 590,
  "'P&L'!B3": 240,
  "'P&L'!C3": 290,
  "'P&L'!B4": 0.2,
  "'P&L'!C4": 290 / 1380,
  "'P&L'!C5": 0.15,
  "'P&L'!B6": 530,
};

describe("writeWorkbook", () => {
  it("writes live formulas with their results cached, formats, widths and source comments", async () => {
    const { bytes, summary } = await writeWorkbook(spec);
    for (const [ref, v] of Object.entries(expected)) expect(summary.values[ref], ref).toBeCloseTo(v, 12);
    expect(summary).toMatchObject({ sheets: ["Inputs", "P&L"], errors: [], cycles: [], unsupportedFunctions: [] });

    // exceljs, reading the file back: formulas, cached results, number formats, styles, comments.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(bytes) as unknown as ExcelJS.Buffer);
    const pl = wb.getWorksheet("P&L")!;
    expect(pl.getCell("C4").value).toEqual({ formula: "C3/Inputs!C2", result: expect.closeTo(290 / 1380, 12) });
    expect(pl.getCell("B2").value).toEqual({ formula: "Inputs!B2-Inputs!B3", result: 500 });
    expect(pl.getCell("B6").value).toEqual({ formula: "SUM(B3:C3)", result: 530 });
    expect(pl.getCell("C4").numFmt).toBe("0.0%");
    expect(pl.getCell("C5").fill).toMatchObject({ type: "pattern", pattern: "solid", fgColor: { argb: "FFFFF2CC" } });
    expect(pl.views[0]).toMatchObject({ state: "frozen", xSplit: 1, ySplit: 1 });
    const inputs = wb.getWorksheet("Inputs")!;
    expect(inputs.getCell("A1").font?.bold).toBe(true);
    expect(inputs.getCell("B2").font?.color?.argb).toBe("FF0000FF");
    expect(inputs.getColumn(1).width).toBe(28);
    expect(inputs.getCell("C2").note).toBe('Source: file file_10k, page 48\n"Net sales 1,380"');
    expect(wb.definedNames.model).toEqual([{ name: "Revenue2024", ranges: ["Inputs!$C$2"] }]);

    // The raw XML: every formula is an <f> element with a <v> beside it.
    const zip = await JSZip.loadAsync(bytes);
    const sheetXml = await zip.file("xl/worksheets/sheet2.xml")!.async("string");
    expect(sheetXml.match(/<f>/g)).toHaveLength(8);
    expect(sheetXml).toContain('<c r="B3"><f>B2-Inputs!B4</f><v>240</v></c>');
    expect(await zip.file("xl/workbook.xml")!.async("string")).toContain('fullCalcOnLoad="1"');

    // Re-evaluated from the file alone, the formulas give the values that were cached.
    const reopened = await loadWorkbook(bytes);
    const recomputed = evaluateWorkbook(reopened).values;
    for (const [ref, v] of Object.entries(expected)) expect(recomputed[ref], ref).toBeCloseTo(v, 12);
    const read = await readWorkbook(bytes, { sheets: ["p&l"], range: "B4:C4" });
    expect(read.sheets[0].cells).toEqual([
      { ref: "B4", value: 0.2, formula: "B3/Inputs!B2", numFmt: "0.0%", text: "20.0%" },
      { ref: "C4", value: expect.closeTo(290 / 1380, 12), formula: "C3/Inputs!C2", numFmt: "0.0%", text: "21.0%" },
    ]);
  });

  it("edits a base workbook: changed inputs flow into the cached results, the rest is kept", async () => {
    const { bytes: base } = await writeWorkbook(spec);
    const { bytes, summary } = await writeWorkbook(
      {
        sheets: [{ name: "Inputs", cells: [{ ref: "C2", value: 1500, source: { file_id: "file_10k_v2", page: 50 } }] }],
      },
      { base },
    );
    expect(summary.cellsWritten).toBe(1);
    expect(summary.values["'P&L'!C2"]).toBe(710);
    expect(summary.values["'P&L'!C5"]).toBeCloseTo(0.25, 12);
    // Only what changed is reported: the FY2024 column and the two-year total; FY2023 didn't move.
    expect(Object.keys(summary.values).sort()).toEqual(["'P&L'!B6", "'P&L'!C2", "'P&L'!C3", "'P&L'!C4", "'P&L'!C5"]);
    expect(summary.values["'P&L'!B6"]).toBe(240 + 410);
    const read = await readWorkbook(bytes);
    const pl = read.sheets.find((s) => s.name === "P&L")!;
    expect(pl.cells.find((c) => c.ref === "C5")).toMatchObject({
      formula: "Inputs!C2/Inputs!B2-1",
      value: 0.25,
      numFmt: "0.0%",
    });
    expect(read.sheets[0].cells.find((c) => c.ref === "C2")).toMatchObject({
      value: 1500,
      comment: "Source: file file_10k_v2, page 50",
    });
    expect(read.names).toEqual([{ name: "Revenue2024", ref: "Inputs!$C$2" }]);
  });

  it.each([
    [{ sheets: [] }, /sheets/],
    [{ sheets: [{ name: "S", cells: [{ ref: "A1", value: 1, formula: "1+1" }] }] }, /value or a formula, not both/],
    [{ sheets: [{ name: "S", cells: [{ ref: "A1", value: "=SUM(B1:B2)" }] }] }, /put it in `formula`/],
    [{ sheets: [{ name: "S", cells: [{ ref: "A1", formula: "SUM(B1:B2" }] }] }, /doesn't parse/],
    [
      { sheets: [{ name: "S", cells: [{ ref: "A1", formula: "Missing!B1*2" }] }] },
      /reads a sheet the workbook doesn't have/,
    ],
    [{ sheets: [{ name: "S" }, { name: "s" }] }, /given twice/],
    [{ sheets: [{ name: "Bad/Name" }] }, /Sheet names/],
  ])("refuses an invalid spec with workbook/invalid-spec (%#)", async (bad, message) => {
    const err = await writeWorkbook(bad).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WorkbookError);
    expect((err as WorkbookError).code).toBe("workbook/invalid-spec");
    expect((err as WorkbookError).message).toMatch(message);
  });

  it("a formula we can't compute is written live but without a cached value, and said so", async () => {
    const { bytes, summary } = await writeWorkbook({
      sheets: [{ name: "S", rows: [[1, "=OFFSET(A1,0,0)*2", "=B1+1", "=A1+1"]] }],
    });
    expect(summary.notComputed).toEqual(["S!B1", "S!C1"]);
    expect(summary.values).toEqual({ "S!D1": 2 });
    expect(summary.errors).toEqual([]);
    const xml = await (await JSZip.loadAsync(bytes)).file("xl/worksheets/sheet1.xml")!.async("string");
    expect(xml).toContain("<f>OFFSET(A1,0,0)*2</f></c>");
    expect(xml).toContain("<f>B1+1</f></c>");
    expect(xml).toContain("<f>A1+1</f><v>2</v>");
  });

  const stress = join(
    process.env.SHARED_DATA_DIR ?? resolve("../shared/data"),
    "xlsx/sheetjs_formula_stress_test.xlsx",
  );
  // Skipped only when the shared workbook is absent (SHARED_DATA_DIR): read in place, never copied.
  it.skipIf(!existsSync(stress))("editing a workbook with a pivot table says the pivot table is dropped", async () => {
    const { summary } = await writeWorkbook(
      { sheets: [{ name: "Math", cells: [{ ref: "B1", value: 3 }] }] },
      { base: stress },
    );
    expect(summary.droppedFeatures).toEqual(["pivot tables"]);
    expect(summary.notComputed).toContain("Finance!B31"); // PRICE
  });

  it("refuses more cells than the limit", async () => {
    const err = await writeWorkbook({ sheets: [{ name: "S", rows: [[1, 2, 3]] }] }, { limits: { maxCells: 2 } }).catch(
      (e: unknown) => e,
    );
    expect((err as WorkbookError).code).toBe("workbook/too-large");
  });
});
