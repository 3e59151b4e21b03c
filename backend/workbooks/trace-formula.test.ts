import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { WorkbookError } from "./errors.ts";
import { loadWorkbook, modelFromWorkbook } from "./load-workbook.ts";
import { traceFormula } from "./trace-formula.ts";

const dataDir = process.env.SHARED_DATA_DIR ?? resolve("../shared/data");
const crossSheet = join(dataDir, "xlsx/xlcalculator_cross_sheet.xlsx");

// Skipped only when the shared documents are absent (SHARED_DATA_DIR): real public files read in
// place, never copied into the repo.
describe.skipIf(!existsSync(crossSheet))("traceFormula on xlcalculator_cross_sheet.xlsx", () => {
  it("follows LastCell (Sheet1!C5) through both sheets down to the five typed-in inputs", async () => {
    const model = await loadWorkbook(crossSheet);
    const trace = traceFormula(model, "LastCell");
    // Read from the file: C5 = C4+Sheet2!C3, C4 = Sheet2!C2+C2, Sheet2!C3 = C2+1, Sheet2!C2 = C1+1,
    // Sheet2!C1 = Sheet1!B5, and the same pattern one column left, down to Sheet1!A4 = Sheet2!A2+A2.
    expect(trace.root).toBe("Sheet1!C5");
    expect(trace.edges.map((e) => `${e.from} -> ${e.to}`).sort()).toEqual(
      [
        "Sheet1!C4 -> Sheet1!C5",
        "Sheet2!C3 -> Sheet1!C5",
        "Sheet2!C2 -> Sheet1!C4",
        "Sheet1!C2 -> Sheet1!C4",
        "Sheet2!C2 -> Sheet2!C3",
        "Sheet2!C1 -> Sheet2!C2",
        "Sheet1!B5 -> Sheet2!C1",
        "Sheet1!B4 -> Sheet1!B5",
        "Sheet2!B3 -> Sheet1!B5",
        "Sheet2!B2 -> Sheet1!B4",
        "Sheet1!B2 -> Sheet1!B4",
        "Sheet2!B2 -> Sheet2!B3",
        "Sheet2!B1 -> Sheet2!B2",
        "Sheet1!A5 -> Sheet2!B1",
        "Sheet1!A4 -> Sheet1!A5",
        "Sheet2!A3 -> Sheet1!A5",
        "Sheet2!A2 -> Sheet1!A4",
        "Sheet1!A2 -> Sheet1!A4",
      ].sort(),
    );
    const byRef = new Map(trace.nodes.map((n) => [n.ref, n]));
    expect(trace.nodes).toHaveLength(17);
    expect(
      trace.nodes
        .filter((n) => n.kind === "input")
        .map((n) => `${n.ref}=${n.value}`)
        .sort(),
    ).toEqual(["Sheet1!A2=1", "Sheet1!B2=1", "Sheet1!C2=1", "Sheet2!A2=1", "Sheet2!A3=2"]);
    expect(trace.nodes.filter((n) => n.kind === "formula")).toHaveLength(12);
    expect(byRef.get("Sheet1!C5")).toMatchObject({ formula: "C4+Sheet2!C3", value: 28, depth: 0 });
    expect(byRef.get("Sheet2!C1")).toMatchObject({ sheet: "Sheet2", address: "C1", formula: "Sheet1!B5", value: 12 });
    // The chain is ten steps deep: C5 <- C4 <- Sheet2!C2 <- ... <- Sheet2!A2.
    expect(Math.min(...trace.nodes.map((n) => n.depth))).toBe(-10);
    expect(trace.truncated).toEqual({ depth: false, nodes: false, ranges: false });
  });

  it("dependents: what moves when Sheet2!A2 changes, including through whole-column and whole-row sums", async () => {
    const trace = traceFormula(await loadWorkbook(crossSheet), "Sheet2!A2", { direction: "dependents" });
    const refs = trace.nodes.map((n) => n.ref);
    // A3 = Sheet2!A2 feeds D2 = SUM(Sheet1!A:A), which feeds D3 = SUM(2:2).
    expect(refs).toEqual(expect.arrayContaining(["Sheet1!A3", "Sheet1!A4", "Sheet1!D2", "Sheet1!D3", "Sheet1!C5"]));
    expect(trace.edges).toContainEqual({ from: "Sheet1!D2", to: "Sheet1!D3" });
    expect(trace.nodes.every((n) => n.depth >= 0)).toBe(true);
  });

  it("expands a whole-column range into its non-empty cells, and says when it capped one", async () => {
    const model = await loadWorkbook(crossSheet);
    const full = traceFormula(model, "Sheet1!D2", { maxDepth: 1 });
    expect(full.ranges).toEqual([{ ref: "Sheet1!A1:A1048576", readBy: "Sheet1!D2", cells: 6, expanded: 6 }]);
    expect(full.truncated.depth).toBe(true);
    const capped = traceFormula(model, "Sheet1!D2", { maxDepth: 1, maxRangeCells: 2 });
    expect(capped.ranges[0]).toMatchObject({ cells: 6, expanded: 2 });
    expect(capped.truncated.ranges).toBe(true);
    expect(traceFormula(model, "Sheet1!C5", { maxNodes: 5 }).truncated.nodes).toBe(true);
  });
});

describe("traceFormula errors", () => {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Only");
  ws.getCell("A1").value = 1;
  ws.getCell("A2").value = { formula: "A1*2" } as ExcelJS.CellFormulaValue;
  const model = modelFromWorkbook(wb, []);

  it.each([
    ["Nope!A1", "workbook/sheet-not-found"],
    ["Only!ZZZZ1", "workbook/invalid-ref"],
    ["NoSuchName", "workbook/invalid-ref"],
    ["Only!C9", "workbook/cell-not-found"],
  ])("%s -> %s", (target, code) => {
    expect(() => traceFormula(model, target)).toThrow(WorkbookError);
    try {
      traceFormula(model, target);
    } catch (err) {
      expect((err as WorkbookError).code).toBe(code);
    }
  });

  it("a bare address is enough in a one-sheet workbook", () => {
    expect(traceFormula(model, "A2").edges).toEqual([{ from: "Only!A1", to: "Only!A2" }]);
  });
});
