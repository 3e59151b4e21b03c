import { describe, expect, it } from "vitest";
import { citedCells, columnName, sheetGrid } from "./sheet-cells.ts";

const text = ["Item | FY2022 | FY2023", "Revenue | 4,600 | 5,100", "Net income |  | 720"].join("\n");
const layout = { sheet: "Income Statement", rows: [3, 4, 9] };

describe("sheet cells", () => {
  it("names columns as a spreadsheet does", () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnName)).toEqual([
      "A",
      "B",
      "Z",
      "AA",
      "AB",
      "AZ",
      "BA",
      "ZZ",
      "AAA",
    ]);
  });

  it("maps page text offsets to cells with their sheet rows", () => {
    const grid = sheetGrid(text, layout);
    expect(grid.columns).toBe(3);
    expect(grid.lines.map((l) => l.row)).toEqual([3, 4, 9]);
    for (const line of grid.lines) for (const c of line.cells) expect(text.slice(c.start, c.end)).toBe(c.text);
    expect(grid.lines[2]!.cells.map((c) => c.text)).toEqual(["Net income", "", "720"]);
  });

  it("finds the cell a quote is in, and a run of cells across a row", () => {
    const grid = sheetGrid(text, layout);
    const at = (quote: string) => {
      const start = text.indexOf(quote);
      return citedCells(grid, layout.sheet, { start, end: start + quote.length });
    };
    expect(at("5,100")).toEqual({ cells: [[1, 2]], address: "'Income Statement'!C4" });
    expect(at("Revenue | 4,600")).toEqual({
      cells: [
        [1, 0],
        [1, 1],
      ],
      address: "'Income Statement'!A4:B4",
    });
    expect(at("720").address).toBe("'Income Statement'!C9");
    expect(citedCells(sheetGrid("a | b", { sheet: "Data", rows: [1] }), "Data", { start: 4, end: 5 }).address).toBe(
      "Data!B1",
    );
  });
});
