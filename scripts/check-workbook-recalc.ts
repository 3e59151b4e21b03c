/**
 * Independent check of writeWorkbook: writes a small financial model, has LibreOffice (headless,
 * through scripts/lib/libreoffice-recalc.py) open and recalculate it, and compares every formula's
 * value with the one our evaluator cached in the file. Needs `soffice` and python3-uno
 * (apt-get install libreoffice-calc-nogui python3-uno); not part of CI.
 *   npx tsx scripts/check-workbook-recalc.ts
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type CellValue } from "../backend/workbooks/model.ts";
import { writeWorkbook } from "../backend/workbooks/write-workbook.ts";

const row = (r: number) => [
  `=Inputs!A${r}`,
  `=Inputs!B${r}-Inputs!C${r}`,
  `=B${r}*Inputs!$B$7`,
  `=B${r}-C${r}-Inputs!D${r}`,
  `=B${r}/Inputs!B${r}`,
];
const { bytes, summary } = await writeWorkbook({
  sheets: [
    {
      name: "Inputs",
      rows: [
        ["Year", "Revenue", "Costs", "Capex", "", "Cash flow"],
        [2021, 1000, 620, 120, "", -1000],
        [2022, 1100, 660, 130, "", 300],
        [2023, 1250, 730, 150, "", 350],
        [2024, 1400, 800, 160, "", 400],
        ["Rate", 0.08, "", "", "", 450],
        ["Tax", 0.25],
      ],
    },
    {
      name: "Model",
      rows: [
        ["Year", "EBIT", "Tax", "FCF", "Margin", "Growth", "Rank"],
        [...row(2), "", "=RANK(D2,$D$2:$D$5)"],
        [...row(3), "=Inputs!B3/Inputs!B2-1", "=RANK(D3,$D$2:$D$5)"],
        [...row(4), "=Inputs!B4/Inputs!B3-1", "=RANK(D4,$D$2:$D$5)"],
        [...row(5), "=Inputs!B5/Inputs!B4-1", "=RANK(D5,$D$2:$D$5)"],
        [
          "Total",
          "=SUM(B2:B5)",
          "=SUM(C2:C5)",
          "=SUM(D2:D5)",
          "=AVERAGE(E2:E5)",
          "=(Inputs!B5/Inputs!B2)^(1/3)-1",
          "=MAX(D2:D5)-MIN(D2:D5)",
        ],
        [
          "NPV",
          "=NPV(Inputs!B6,D2:D5)",
          "IRR",
          "=IRR(Inputs!F2:F6)",
          "PMT",
          "=PMT(Inputs!B6/12,60,-100000)",
          "=ROUND(B7,2)",
        ],
        [
          "Lookup",
          "=VLOOKUP(2023,Inputs!A2:D5,2,FALSE)",
          "=INDEX(Inputs!C2:C5,MATCH(2024,Inputs!A2:A5,0))",
          "=SUMPRODUCT(Inputs!B2:B5,Inputs!C2:C5)",
          '=IF(D6>1000,"big","small")',
          '=TEXT(E6,"0.0%")',
          '=COUNTIF(D2:D5,">250")',
        ],
        [
          "Stats",
          "=STDEV(D2:D5)",
          "=MEDIAN(D2:D5)",
          "=ROUNDUP(E6*100,1)",
          '=SUMIF(Inputs!A2:A5,">2022",Inputs!B2:B5)',
          '=AVERAGEIF(Inputs!A2:A5,">2022",Inputs!C2:C5)',
          "=FV(0.05,10,-1000)",
        ],
        [
          "Dates",
          "=DATE(2024,3,31)",
          "=EOMONTH(B10,3)",
          "=YEAR(C10)",
          "=DAYS360(B10,C10)",
          "=WEEKDAY(B10)",
          "=EDATE(B10,-12)",
        ],
        [
          "More",
          "=Capex2024*2",
          "=SLN(100000,5000,10)",
          "=DB(100000,5000,10,1)",
          "=DDB(100000,5000,10,2)",
          "=VDB(100000,5000,10,0,1.5)",
          '=CONCATENATE(A1,"-",B1)',
        ],
      ],
    },
  ],
  names: [{ name: "Capex2024", ref: "Inputs!$D$5" }],
});
const file = join(mkdtempSync(join(tmpdir(), "recalc-")), "model.xlsx");
writeFileSync(file, bytes);
const helper = join(import.meta.dirname, "lib/libreoffice-recalc.py");
const theirs = (
  JSON.parse(execFileSync("/usr/bin/python3", [helper, file], { encoding: "utf8" })) as Record<
    string,
    Record<string, CellValue>
  >
)[file];
const ours = Object.fromEntries(Object.entries(summary.values).map(([ref, v]) => [ref.replace(/^'(.*)'!/, "$1!"), v]));
let passed = 0;
let failed = 0;
for (const [ref, theirValue] of Object.entries(theirs)) {
  const ourValue = ours[ref];
  const same =
    typeof theirValue === "number" && typeof ourValue === "number"
      ? Math.abs(theirValue - ourValue) <= 1e-9 * Math.max(1, Math.abs(theirValue))
      : JSON.stringify(theirValue) === JSON.stringify(ourValue);
  if (same) passed++;
  else {
    failed++;
    console.log(`${ref}: LibreOffice ${JSON.stringify(theirValue)}, ours ${JSON.stringify(ourValue)}`);
  }
}
if (Object.keys(theirs).length !== Object.keys(ours).length)
  console.log(`LibreOffice saw ${Object.keys(theirs).length} formulas, we wrote ${Object.keys(ours).length}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
