import { describe, expect, it } from "vitest";
import { bestSentence } from "./quote.ts";
import { isDataRow, markdownTable, rowTable, splitCells } from "./table-row.ts";

// Page 54 of Adobe's 2022 10-K (a public SEC filing) as pdf.js lays it out: tabs between columns,
// each dollar sign a run of its own ahead of the amount it belongs to.
const ADOBE_INCOME = [
  "CONSOLIDATED STATEMENTS OF INCOME",
  "(In millions, except per share data)",
  "Years Ended",
  "December 2,\tDecember 3,\tNovember 27,",
  "2022\t2021\t2020",
  "Revenue:",
  "Subscription\t$\t16,388 $\t14,573 $\t11,626",
  "Product\t532\t555\t507",
  "Total revenue\t17,606\t15,785\t12,868",
  "Cost of revenue:",
  "Other income (expense), net\t41\t—\t42",
  "Provision for (benefit from) income taxes\t1,252\t883\t(1,084)",
  "Net income\t$\t4,756 $\t4,822 $\t5,260",
  "See accompanying Notes to Consolidated Financial Statements.",
];
// Page 40: the same revenue in the MD&A, with a percentage-change column.
const ADOBE_MDA = [
  "calendar whereby fiscal 2021 was a 53-week year compared with fiscal 2022 and 2020 which were 52-week years.",
  "% Change",
  "(dollars in millions)\t2022\t2021\t2020\t2022-2021",
  "Subscription\t$ 16,388\t$ 14,573\t$ 11,626\t12 %",
  "Percentage of total revenue\t93 %\t92 %\t90 %",
  "Product\t532\t555\t507\t(4) %",
];

describe("splitCells", () => {
  it("joins each currency sign to its amount and tidies percentages", () => {
    expect(splitCells(ADOBE_INCOME[6]!)).toEqual(["Subscription", "$16,388", "$14,573", "$11,626"]);
    expect(splitCells(ADOBE_MDA[3]!)).toEqual(["Subscription", "$16,388", "$14,573", "$11,626", "12%"]);
    expect(splitCells("Product\t532\t555\t507\t(4) %")).toEqual(["Product", "532", "555", "507", "(4)%"]);
    // Sheets and DOCX tables: " | " between cells; plain text tables: runs of spaces.
    expect(splitCells("NPV  | $1,188.44 |  | 10%")).toEqual(["NPV", "$1,188.44", "10%"]);
    expect(splitCells("Net sales      34,229     35,355")).toEqual(["Net sales", "34,229", "35,355"]);
  });

  it("tells rows of figures from headings and prose", () => {
    expect(isDataRow(splitCells(ADOBE_INCOME[10]!))).toBe(true); // a dash for zero
    expect(isDataRow(splitCells(ADOBE_INCOME[11]!))).toBe(true); // (1,084)
    expect(isDataRow(splitCells(ADOBE_MDA[2]!))).toBe(false); // years: the header
    expect(isDataRow(splitCells(ADOBE_INCOME[4]!))).toBe(false);
    expect(isDataRow(splitCells(ADOBE_MDA[0]!))).toBe(false);
    expect(isDataRow(splitCells("Revenue:"))).toBe(false);
  });
});

describe("rowTable", () => {
  it("finds the statement's stacked date headings over a row, past section labels and other rows", () => {
    const header = ["", "December 2, 2022", "December 3, 2021", "November 27, 2020"];
    expect(rowTable(ADOBE_INCOME, 6)).toEqual({ header, row: ["Subscription", "$16,388", "$14,573", "$11,626"] });
    expect(rowTable(ADOBE_INCOME, 12)).toEqual({ header, row: ["Net income", "$4,756", "$4,822", "$5,260"] });
  });

  it("keeps a labelled header line, and pads a shorter row", () => {
    const header = ["(dollars in millions)", "2022", "2021", "2020", "2022-2021"];
    expect(rowTable(ADOBE_MDA, 3)).toEqual({ header, row: ["Subscription", "$16,388", "$14,573", "$11,626", "12%"] });
    expect(rowTable(ADOBE_MDA, 4)?.row).toEqual(["Percentage of total revenue", "93%", "92%", "90%", ""]);
  });

  it("reads footnote marks as values, so the rows above do not hide the headings (page 45)", () => {
    const page45 = [
      "(dollars in millions)\t2022\t2021\t2020\t2022-2021",
      "Interest expense\t$\t(112)\t$\t(113)\t$\t(116)\t(1) %",
      "Percentage of total revenue\t*\t*\t*",
      "Total non-operating income (expense), net\t$\t(90)\t$\t(97)\t$\t(61)\t(7) %",
    ];
    expect(rowTable(page45, 3)).toEqual({
      header: ["(dollars in millions)", "2022", "2021", "2020", "2022-2021"],
      row: ["Total non-operating income (expense), net", "$(90)", "$(97)", "$(61)", "(7)%"],
    });
  });

  it("has no header when prose comes first, and is null for a line that is not a row", () => {
    expect(rowTable(["Net sales rose sharply this year.", "Net sales\t34,229\t35,355"], 1)).toEqual({
      header: null,
      row: ["Net sales", "34,229", "35,355"],
    });
    expect(rowTable(ADOBE_MDA, 0)).toBeNull();
    expect(rowTable(ADOBE_INCOME, 4)).toBeNull();
  });
});

describe("markdownTable", () => {
  it("writes a GFM table with the marker after the row's label, amounts right-aligned", () => {
    expect(markdownTable(rowTable(ADOBE_INCOME, 6)!, "[3]")).toBe(
      [
        "|  | December 2, 2022 | December 3, 2021 | November 27, 2020 |",
        "| --- | ---: | ---: | ---: |",
        "| Subscription [3] | $16,388 | $14,573 | $11,626 |",
      ].join("\n"),
    );
  });

  it("escapes pipes and Markdown, and turns brackets into parentheses so no cell passes for a marker", () => {
    const md = markdownTable({ header: ["a|b", "*x*"], row: ["R [1] _y_", "5"] }, "[2]");
    expect(md).toContain("| a\\|b | \\*x\\* |");
    expect(md).toContain("| R (1) \\_y\\_ [2] | 5 |");
    expect(markdownTable({ header: null, row: ["Net sales", "34,229"] }, "[1]").split("\n")[0]).toBe("|  |  |");
  });
});

describe("bestSentence over a statement", () => {
  it("quotes the row of figures under the year asked about, not the headings or the section label", () => {
    const text = ADOBE_INCOME.join("\n");
    expect(bestSentence(text, "What was Adobe's subscription revenue in fiscal 2022?")).toBe(ADOBE_INCOME[6]);
    expect(bestSentence(text, "net income 2021")).toBe(ADOBE_INCOME[12]);
  });
});
