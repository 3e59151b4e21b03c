import { describe, expect, it } from "vitest";
import { formatCellValue, parseRef } from "./workbook-grid.ts";

describe("workbook grid helpers", () => {
  it("reads cell references", () => {
    expect(parseRef("A1")).toEqual({ col: 0, row: 1 });
    expect(parseRef("$AB$12")).toEqual({ col: 27, row: 12 });
    expect(parseRef("zz3")).toEqual({ col: 701, row: 3 });
    expect(parseRef("A1:B2")).toBeNull();
    expect(parseRef("Sheet1!A1")).toBeNull();
  });

  it("shows values as a spreadsheet would", () => {
    expect(formatCellValue(0.1 + 0.2)).toBe("0.3");
    expect(formatCellValue(1200)).toBe("1200");
    expect(formatCellValue(true)).toBe("TRUE");
    expect(formatCellValue({ error: "#DIV/0!" })).toBe("#DIV/0!");
    expect(formatCellValue(null)).toBe("");
    expect(formatCellValue("Revenue")).toBe("Revenue");
  });
});
