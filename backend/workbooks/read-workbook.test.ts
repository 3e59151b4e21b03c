import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import { WorkbookError } from "./errors.ts";
import { readWorkbook } from "./read-workbook.ts";
import { writeWorkbook } from "./write-workbook.ts";

const dataDir = process.env.SHARED_DATA_DIR ?? resolve("../shared/data");
const xlsx = (name: string) => join(dataDir, "xlsx", name);
const hasData = existsSync(join(dataDir, "xlsx"));

async function code(p: Promise<unknown>): Promise<string | undefined> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(WorkbookError);
  return (err as WorkbookError).code;
}

// Skipped only when the shared documents are absent (SHARED_DATA_DIR): real public files read in
// place, never copied into the repo.
describe.skipIf(!hasData)("readWorkbook on the shared workbooks", () => {
  it("cross-sheet workbook: sheets, dimensions, formulas with cached values, the defined name", async () => {
    const wb = await readWorkbook(xlsx("xlcalculator_cross_sheet.xlsx"));
    expect(wb.sheets.map((s) => [s.name, s.dimensions, s.cellCount])).toEqual([
      ["Sheet1", "A1:F7", 20],
      ["Sheet2", "A1:C3", 9],
    ]);
    expect(wb.names).toEqual([{ name: "LastCell", ref: "Sheet1!$C$5" }]);
    expect(wb.sheets[0].cells.find((c) => c.ref === "D2")).toEqual({
      ref: "D2",
      value: 24,
      formula: "SUM(Sheet1!A:A)",
    });
    expect(wb.truncated).toBe(false);
  });

  it("shared formulas come translated to each cell; array formulas say their area", async () => {
    const fib = await readWorkbook(xlsx("exceljs_fibonacci.xlsx"), { range: "A10:B10" });
    expect(fib.sheets[0].cells).toEqual([
      { ref: "A10", value: 10, formula: "A9+1" },
      { ref: "B10", value: 55, formula: "B8+B9" },
    ]);
    const stress = await readWorkbook(xlsx("sheetjs_formula_stress_test.xlsx"), { range: "Statistical!D144:E144" });
    expect(stress.sheets.map((s) => s.name)).toEqual(["Statistical"]);
    expect(stress.sheets[0].cells).toEqual([
      { ref: "D144", value: 2.1428571428571423, formula: "TREND(D129:I129,D128:I128)", arrayRange: "D144:I144" },
      { ref: "E144", value: 4.085714285714285, arrayFormulaOf: "D144" },
    ]);
  });

  it("number formats come with the text they show", async () => {
    const vdb = await readWorkbook(xlsx("xlcalculator_VDB.xlsx"), { range: "E2:F7" });
    const cells = vdb.sheets[0].cells;
    expect(cells.find((c) => c.ref === "E2")).toMatchObject({ value: 0.1, numFmt: "0%", text: "10%" });
    expect(cells.find((c) => c.ref === "F7")).toMatchObject({ value: 86250, text: "86,250.00 €" });
  });

  it("stops at maxCells and says which sheets were cut", async () => {
    const wb = await readWorkbook(xlsx("sheetjs_formula_stress_test.xlsx"), { maxCells: 100 });
    expect(wb.sheets.reduce((n, s) => n + s.cells.length, 0)).toBe(100);
    expect(wb.truncated).toBe(true);
    expect(wb.sheets[0]).toMatchObject({ name: "Database", cellCount: 154, truncated: true });
    expect(wb.sheets.at(-1)).toMatchObject({ name: "Text", cells: [], truncated: true });
  });
});

describe("readWorkbook limits and errors", () => {
  it("names each failure with a stable code", async () => {
    const { bytes } = await writeWorkbook({
      sheets: [
        { name: "A", rows: [[1]] },
        { name: "B", rows: [[2]] },
      ],
    });
    expect(await code(readWorkbook("/nonexistent/file.xlsx"))).toBe("workbook/not-found");
    expect(await code(readWorkbook(new TextEncoder().encode("not a zip at all")))).toBe("workbook/corrupt");
    expect(await code(readWorkbook(bytes, { limits: { maxFileBytes: 100 } }))).toBe("workbook/too-large");
    expect(await code(readWorkbook(bytes, { limits: { maxSheets: 1 } }))).toBe("workbook/too-large");
    expect(await code(readWorkbook(bytes, { limits: { maxCells: 1 } }))).toBe("workbook/too-large");
    expect(await code(readWorkbook(bytes, { sheets: ["C"] }))).toBe("workbook/sheet-not-found");
    expect(await code(readWorkbook(bytes, { range: "A1:?" }))).toBe("workbook/invalid-ref");
  });

  it("refuses a ZIP bomb from its directory, before inflating it", async () => {
    const zip = new JSZip();
    zip.file("[Content_Types].xml", "<Types/>");
    zip.file("xl/worksheets/sheet1.xml", "0".repeat(2 * 1024 * 1024));
    const bytes = await zip.generateAsync({ type: "uint8array", compression: "DEFLATE" });
    const err = await readWorkbook(bytes).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "workbook/too-large" });
    expect((err as WorkbookError).message).toMatch(/expands \d+ times/);
  });
});
