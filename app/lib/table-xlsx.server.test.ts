import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { cellValue, exportFilename, tableWorkbook } from "./table-xlsx.server.ts";

describe("cellValue", () => {
  it.each([
    ["1,234", 1234],
    ["-12.5", -12.5],
    ["(1,234)", -1234],
    ["$3.25", 3.25],
    ["12%", 0.12],
    [" 42 ", 42],
  ])("reads %s as the number %s", (text, n) => expect(cellValue(text)).toBeCloseTo(n, 10));

  it.each(["007", "1,23", "(12", "FY2022", "12 000", "-(5)", "12345678901234567", "", "n/a"])(
    "keeps %j as text",
    (text) => {
      expect(cellValue(text)).toBe(text);
    },
  );
});

describe("tableWorkbook", () => {
  it("writes the header as text and figures as numbers, with the header frozen", async () => {
    const bytes = await tableWorkbook({
      rows: [
        ["Year", "Revenue"],
        ["2021", "1,200"],
        ["2022", "(300)"],
      ],
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
    const ws = wb.getWorksheet("Table")!;
    expect(ws.getRow(1).values).toEqual([undefined, "Year", "Revenue"]);
    expect(ws.getCell("B2").value).toBe(1200);
    expect(ws.getCell("B3").value).toBe(-300);
    expect(ws.getCell("A1").font?.bold).toBe(true);
    expect(ws.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
  });
});

describe("exportFilename", () => {
  it("keeps readable characters only", () => {
    expect(exportFilename("Revenue / 2022: <b>")).toBe("Revenue 2022 b.xlsx");
    expect(exportFilename("  ")).toBe("table.xlsx");
    expect(exportFilename(undefined)).toBe("table.xlsx");
  });
});
