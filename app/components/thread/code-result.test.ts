import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CodeResult, codeArgsText, isCodeResult } from "./code-result.tsx";

describe("CodeResult", () => {
  it("shows a run_sql result as a table with its row count", () => {
    const result = {
      columns: [
        { name: "region", type: "VARCHAR" },
        { name: "revenue", type: "DOUBLE" },
      ],
      rows: [
        ["North", 1250.5],
        ["South", null],
      ],
      row_count: 900,
      truncated: true,
    };
    expect(isCodeResult("run_sql", result)).toBe(true);
    const html = renderToStaticMarkup(createElement(CodeResult, { name: "run_sql", result }));
    expect(html).toContain('<th title="VARCHAR">region</th>');
    expect(html).toContain('<td class="text-right tabular-nums">1,250.5</td>');
    expect(html).toContain("Export .xlsx");
    expect(html).toContain("First 2 of 900 rows");
  });

  it("shows a run_js number large, other values as JSON, with the logs", () => {
    expect(
      renderToStaticMarkup(createElement(CodeResult, { name: "run_js", result: { result: 42000.5, logs: ["hi"] } })),
    ).toMatch(/hi<\/pre>.*42,000\.5<\/p>/);
    expect(
      renderToStaticMarkup(createElement(CodeResult, { name: "run_js", result: { result: { a: [1] }, logs: [] } })),
    ).toContain("&quot;a&quot;: [");
  });

  it("leaves other tools and shapes to the raw view, and shows code as written", () => {
    expect(isCodeResult("read_pages", { columns: [], rows: [] })).toBe(false);
    expect(isCodeResult("run_sql", { error: "x" })).toBe(false);
    expect(codeArgsText("run_sql", { sql: "SELECT 1\nFROM t" })).toBe("SELECT 1\nFROM t");
    expect(codeArgsText("search_documents", { query: "q" })).toBeNull();
  });
});
