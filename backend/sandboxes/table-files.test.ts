import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { INLINE_PARSE_BYTES, parseTables, tableErrorMessage } from "./table-files.ts";
import { defaultTableLimits, type TableFile } from "./workspace-tables.ts";

const file = (kind: "csv" | "xlsx", stem: string, byteSize = 0): TableFile => ({
  id: "f1",
  filename: `${stem}.${kind}`,
  blobKey: "k",
  byteSize,
  kind,
  stem,
});

describe("parseTables", () => {
  it("reads every non-empty sheet of a workbook: names, header, dates by number format", async () => {
    const wb = new ExcelJS.Workbook();
    const q1 = wb.addWorksheet("Q1 Plan");
    q1.addRows([
      ["Item", "Cost", "Due"],
      ["Rent", 1200, new Date(Date.UTC(2022, 2, 1))],
      ["Power", 80.5, new Date(Date.UTC(2022, 2, 15))],
    ]);
    q1.getColumn(3).numFmt = "dd/mm/yyyy";
    wb.addWorksheet("Empty");
    wb.addWorksheet("q1-plan").addRows([["a"], [1]]);
    const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
    const tables = await parseTables(bytes, file("xlsx", "budget", bytes.length), defaultTableLimits);
    expect(tables.map((t) => [t.name, t.sheet])).toEqual([
      ["budget__q1_plan", "Q1 Plan"],
      ["budget__q1_plan_2", "q1-plan"],
    ]);
    expect(tables[0]).toMatchObject({
      columns: [
        { name: "item", type: "VARCHAR" },
        { name: "cost", type: "DOUBLE" },
        { name: "due", type: "DATE" },
      ],
      rows: [
        ["Rent", 1200, "2022-03-01"],
        ["Power", 80.5, "2022-03-15"],
      ],
      rows_truncated: false,
    });
  });

  it("parses a large file in a worker thread, with the same result", async () => {
    const lines = ["n,half"];
    for (let i = 0; lines.join("\n").length <= INLINE_PARSE_BYTES && i < 1e6; i += 1000)
      for (let k = i; k < i + 1000; k++) lines.push(`${k},${k / 2}`);
    const bytes = new TextEncoder().encode(lines.join("\n"));
    expect(bytes.length).toBeGreaterThan(INLINE_PARSE_BYTES);
    const [t] = await parseTables(bytes, file("csv", "big", bytes.length), { ...defaultTableLimits, maxRows: 1000 });
    expect(t).toMatchObject({
      name: "big",
      columns: [
        { name: "n", type: "BIGINT" },
        { name: "half", type: "DOUBLE" },
      ],
      rows_truncated: true,
    });
    expect(t!.rows).toHaveLength(1000);
    expect(t!.rows[999]).toEqual([999, 499.5]);
  });

  it("says why a file can't be read", async () => {
    const err = await parseTables(new TextEncoder().encode("not a zip"), file("xlsx", "bad"), defaultTableLimits).catch(
      (e: unknown) => e,
    );
    expect(tableErrorMessage(err)).toMatch(/not a readable|zip|corrupt/i);
  });
});
