import { describe, expect, it } from "vitest";
import { diffWorkbooks } from "./diff-workbooks.ts";
import { loadWorkbook } from "./load-workbook.ts";
import { writeWorkbook } from "./write-workbook.ts";

const before = {
  sheets: [
    {
      name: "Data",
      rows: [
        ["Name", "Amount"],
        ["a", 10],
        ["b", 20],
        ["c", 30],
        ["Total", "=SUM(B2:B4)"],
      ],
    },
    { name: "Calc", rows: [["=Data!B5*2"], ["label"]] },
    { name: "Notes", rows: [["old notes"]] },
  ],
};

// A row inserted after "b" (as Excel would: the total's range grows, Calc's reference moves down),
// one input edited, a label turned into a formula, a cell added, a sheet removed and one added.
const after = {
  sheets: [
    {
      name: "Data",
      rows: [
        ["Name", "Amount"],
        ["a", 11],
        ["b", 20],
        ["b2", 25],
        ["c", 30],
        ["Total", "=SUM(B2:B5)"],
      ],
    },
    { name: "Calc", rows: [["=Data!B6*2"], ["=A1+1"], ["new"]] },
    { name: "Extra", rows: [["x"]] },
  ],
};

describe("diffWorkbooks", () => {
  it("lists exactly the changed cells, the inserted row and the sheets added and removed", async () => {
    const a = (await writeWorkbook(before)).bytes;
    const b = (await writeWorkbook(after)).bytes;
    const diff = await diffWorkbooks(a, b);
    expect(diff.sheetsAdded).toEqual(["Extra"]);
    expect(diff.sheetsRemoved).toEqual(["Notes"]);
    expect(diff.rows).toEqual([
      { sheet: "Data", added: [4], removed: [] },
      { sheet: "Calc", added: [3], removed: [] },
    ]);
    expect(diff.truncated).toBe(false);
    expect(diff.cells).toEqual([
      { sheet: "Data", ref: "B2", before: { value: 10 }, after: { value: 11 }, change: "value" },
      { sheet: "Data", ref: "A4", before: null, after: { value: "b2" }, change: "added" },
      { sheet: "Data", ref: "B4", before: null, after: { value: 25 }, change: "added" },
      {
        sheet: "Data",
        ref: "B6",
        beforeRef: "B5",
        before: { value: 60, formula: "SUM(B2:B4)" },
        after: { value: 86, formula: "SUM(B2:B5)" },
        change: "value",
      },
      {
        sheet: "Calc",
        ref: "A1",
        before: { value: 120, formula: "Data!B5*2" },
        after: { value: 172, formula: "Data!B6*2" },
        change: "value",
      },
      {
        sheet: "Calc",
        ref: "A2",
        before: { value: "label" },
        after: { value: 173, formula: "A1+1" },
        change: "formula",
      },
      { sheet: "Calc", ref: "A3", before: null, after: { value: "new" }, change: "added" },
    ]);
  });

  it("a removed row and a changed formula; identical workbooks have no differences", async () => {
    const a = await loadWorkbook((await writeWorkbook(before)).bytes);
    const b = await loadWorkbook(
      (
        await writeWorkbook({
          sheets: [
            {
              name: "Data",
              rows: [
                ["Name", "Amount"],
                ["a", 10],
                ["c", 30],
                ["Total", "=MAX(B2:B3)"],
              ],
            },
            before.sheets[1],
            before.sheets[2],
          ],
        })
      ).bytes,
    );
    const diff = await diffWorkbooks(a, b);
    expect(diff.rows).toEqual([{ sheet: "Data", added: [], removed: [3] }]);
    expect(diff.cells.map((c) => [c.sheet, c.ref, c.change])).toEqual([
      ["Data", "A3", "removed"],
      ["Data", "B3", "removed"],
      ["Data", "B4", "formula"],
      // Still Data!B5*2, but the total it read moved up to B4 (Excel would have rewritten it): a formula change.
      ["Calc", "A1", "formula"],
    ]);
    expect(await diffWorkbooks(a, a)).toEqual({
      sheetsAdded: [],
      sheetsRemoved: [],
      cells: [],
      rows: [],
      truncated: false,
    });
  });

  it("caps the list and says so", async () => {
    const a = (await writeWorkbook({ sheets: [{ name: "S", rows: [[1, 2, 3, 4, 5]] }] })).bytes;
    const b = (await writeWorkbook({ sheets: [{ name: "S", rows: [[6, 7, 8, 9, 10]] }] })).bytes;
    const diff = await diffWorkbooks(a, b, { maxChanges: 3 });
    expect(diff.cells).toHaveLength(3);
    expect(diff.truncated).toBe(true);
  });
});
