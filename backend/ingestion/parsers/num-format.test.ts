import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { defaultLimits } from "../types.ts";
import { formatGeneral, formatNumber } from "./num-format.ts";
import { parseXlsx } from "./xlsx.ts";

const dataDir = process.env.SHARED_DATA_DIR ?? resolve("../shared/data");
const vdb = join(dataDir, "xlsx/xlcalculator_VDB.xlsx");
const stress = join(dataDir, "xlsx/sheetjs_formula_stress_test.xlsx");

describe("formatNumber", () => {
  // The formats are the ones these workbooks use (sheetjs stress test, xlcalculator VDB).
  it("applies currency, percentage and grouping formats with their negative sections", () => {
    const usd = '"$"#,##0.00_);[Red]("$"#,##0.00)';
    expect(formatNumber(1188.4434123352207, usd)).toBe("$1,188.44");
    expect(formatNumber(-22.41, usd)).toBe("($22.41)");
    const eur = '#,##0.00 "€";[Red]-#,##0.00 "€"';
    expect(formatNumber(86250, eur)).toBe("86,250.00 €");
    expect(formatNumber(-86250, eur)).toBe("-86,250.00 €");
    expect(formatNumber(102160.546875, '#,##0.000 "€";[Red]-#,##0.000 "€"')).toBe("102,160.547 €");
    expect(formatNumber(0.0525, "0.00%")).toBe("5.25%");
    expect(formatNumber(0.08663094803652216, "0%")).toBe("9%");
    expect(formatNumber(0.044642857142857144, "0.0000000000%")).toBe("4.4642857143%");
    // Past 15 significant digits Excel shows zeros, not the double's binary tail.
    expect(formatNumber(0.06872629045468406, "0.000000000000000000%")).toBe("6.872629045468410000%");
  });

  it("handles accounting formats, locale currency tags, scaling commas and a lone negative", () => {
    const acct = '_($* #,##0.00_);_($* (#,##0.00);_($* "-"??_);_(@_)';
    expect(formatNumber(1234.5, acct)).toBe("$1,234.50");
    expect(formatNumber(-1234.5, acct)).toBe("$(1,234.50)");
    expect(formatNumber(0, acct)).toBe("$-");
    expect(formatNumber(1234.5, "[$€-407]#,##0.00")).toBe("€1,234.50");
    expect(formatNumber(16388000000, '#,##0,,," bn"')).toBe("16 bn");
    expect(formatNumber(-5, "$#,##0")).toBe("-$5");
    expect(formatNumber(3, "0.0")).toBe("3.0");
  });

  it("falls back to General (15 significant digits) for General, dates and formats it does not know", () => {
    expect(formatGeneral(221878.12500000003)).toBe("221878.125");
    expect(formatNumber(0.1 + 0.2, "General")).toBe("0.3");
    expect(formatNumber(221878.12500000003, undefined)).toBe("221878.125");
    expect(formatNumber(44927, "yyyy-mm-dd")).toBe("44927");
    expect(formatNumber(0.5, "# ?/?")).toBe("0.5");
    expect(formatNumber(12, "[>=100]0;0.0")).toBe("12");
  });
});

// Skipped only when the shared documents are absent (SHARED_DATA_DIR): these workbooks and filings
// are real public files we read in place and never copy into the repo.
describe.skipIf(!existsSync(vdb) || !existsSync(stress))("an indexed workbook shows numbers as its cells do", () => {
  it("the VDB schedule: euro amounts in their format, General sums without binary noise", async () => {
    const doc = await parseXlsx(vdb, "xlcalculator_VDB.xlsx", defaultLimits);
    const text = doc.pages[0]!.text;
    expect(text).toContain("86,250.00 € [=VDB($B$2,$B$3,$B$4,$B7-1,$B7,1.5)]");
    expect(text).toContain("102,160.547 € [=VDB(");
    expect(text).toContain("221878.125 [=$D9+$C9]");
    expect(text).not.toContain("221878.12500000003");
  });

  it("the finance functions: dollars, negatives in parentheses, percentages", async () => {
    const doc = await parseXlsx(stress, "sheetjs_formula_stress_test.xlsx", defaultLimits);
    const text = doc.pages.map((p) => p.text).join("\n");
    expect(text).toContain("NPV  | $1,188.44 [=NPV(D10,E10,F10,G10,H10)]");
    expect(text).toContain("IPMT  | ($22.41) [=IPMT(");
    expect(text).toContain("IRR  | 9% [=IRR(D8:I8,0.1)]");
    expect(text).toMatch(/EFFECT {2}\| [^|]+\| {2}\| 5\.25% \| 4/);
  });
});
