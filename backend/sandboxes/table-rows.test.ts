import { describe, expect, it } from "vitest";
import { csvRows, sqlName, typedTable, unique } from "./table-rows.ts";

describe("table rows", () => {
  it("names tables and columns as unquoted SQL identifiers, de-duplicated", () => {
    expect(sqlName("Sales 2022 (Q1).csv".replace(/\.csv$/, ""), "table")).toBe("sales_2022_q1");
    expect(sqlName("2022 Übersicht", "table")).toBe("table_2022_ubersicht");
    expect(sqlName("  ", "column", "column_3")).toBe("column_3");
    const used = new Set<string>();
    expect(["a", "a", "a"].map((n) => unique(n, used))).toEqual(["a", "a_2", "a_3"]);
  });

  it("types columns from a CSV: numbers stay numbers, dates are dates, mixed is text", () => {
    const csv =
      'Region,Units,Revenue ($),Day,Code,Flag\nNorth,3,"1,200.50",2022-01-03,007,true\nSouth,,4,2022-01-04,A1,false\n';
    const raw = csvRows(new TextEncoder().encode(csv), "s.csv", 10);
    const t = typedTable("s", raw.rows);
    expect(t.columns).toEqual([
      { name: "region", type: "VARCHAR" },
      { name: "units", type: "BIGINT" },
      { name: "revenue", type: "DOUBLE" },
      { name: "day", type: "DATE" },
      { name: "code", type: "VARCHAR" },
      { name: "flag", type: "BOOLEAN" },
    ]);
    expect(t.rows).toEqual([
      ["North", 3, 1200.5, "2022-01-03", "007", true],
      ["South", null, 4, "2022-01-04", "A1", false],
    ]);
  });

  it("types a table of 200,000 rows (no argument spreading)", () => {
    const t = typedTable("big", [["n"], ...Array.from({ length: 200_000 }, (_, i) => [String(i)])]);
    expect(t.columns).toEqual([{ name: "n", type: "BIGINT" }]);
    expect(t.rows[199_999]).toEqual([199_999]);
  });

  it("caps the rows and reads TSV and semicolon files", () => {
    const tsv = csvRows(new TextEncoder().encode("a\tb\n1\t2\n3\t4\n5\t6\n"), "x.tsv", 2);
    expect(tsv).toEqual({
      rows: [
        ["a", "b"],
        ["1", "2"],
        ["3", "4"],
      ],
      truncated: true,
    });
    expect(csvRows(new TextEncoder().encode("a;b\n1;2\n"), "x.csv", 10).rows).toEqual([
      ["a", "b"],
      ["1", "2"],
    ]);
  });
});
