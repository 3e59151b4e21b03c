import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { parseFile } from "../ingestion/parse-file.ts";
import { isListingPage, listingPages } from "./listing.ts";

describe("isListingPage", () => {
  it("knows a contents page by its titles ending in page numbers, in order", () => {
    const toc = [
      "Table of Contents",
      "Item 1. Business\t4",
      "Item 1A. Risk Factors\t12",
      "Item 1B. Unresolved Staff Comments\t25",
      "Item 2. Properties\t25",
      "Item 3. Legal Proceedings\t26",
      "Item 7. Management's Discussion and Analysis\t30",
      "Item 8. Financial Statements and Supplementary Data\t48",
    ].join("\n");
    expect(isListingPage(toc)).toBe(true);
  });

  it("leaves a statement with dotted leaders, a table of counts and prose alone", () => {
    const statement = [
      "CONSOLIDATED STATEMENTS OF INCOME",
      "Product revenue. . . . . . . . . . . . . . . . $2,014,908 $2,582,931",
      "Cost of sales . . . . . . . . . . . . . . . .\t896,271 1,005,656",
      "Gross margin. . . . . . . . . . . . . . . . . 1,118,637 1,577,275",
      "Research and development . . . . . . . . . .\t446,980\t533,480",
      "Interest expense . . . . . . . . . . . . . . .\t4,094\t—",
      "Net income . . . . . . . . . . . . . . . . . . 247,408 525,177",
    ].join("\n");
    const stores = [
      "U.S. Stores",
      "Alabama\t11",
      "Alaska\t2",
      "Arizona\t22",
      "Arkansas\t7",
      "California\t133",
      "Colorado\t23",
    ];
    const prose = "Berkshire earned $42.5 billion in 2020.\nOperating earnings were $21.9 billion.\n".repeat(5);
    expect(isListingPage(statement)).toBe(false);
    expect(isListingPage(stores.join("\n"))).toBe(false);
    expect(isListingPage(prose)).toBe(false);
  });

  it("reads a version's pages from its passages", () => {
    const lines = (from: number) =>
      Array.from({ length: 8 }, (_, i) => `Chapter ${i + 1}. A title . . . . . . ${from + i}`);
    const pages = listingPages([
      { page: 2, text: lines(5).slice(0, 4).join("\n") },
      { page: 2, text: lines(9).slice(4).join("\n") },
      { page: 3, text: "Chapter 1. A title\nThe people are sovereign. All power belongs to them.\n".repeat(4) },
    ]);
    expect([...pages]).toEqual([2]);
  });
});

// The real documents live beside the project, never in it (licences): skip when they are absent,
// so a clone elsewhere still passes.
const dataDir = process.env.SHARED_DATA_DIR ?? resolve("../shared/data");
const hasData = existsSync(join(dataDir, "constitutions/Kenya_2010.pdf")) && existsSync(join(dataDir, "berkshire"));

// Skipped only when the shared documents are absent (SHARED_DATA_DIR): real public files read in
// place, never copied into the repo.
describe.skipIf(!hasData)("isListingPage on the shared corpora's pages, as the parser reads them", () => {
  const listings = async (file: string) => {
    const doc = await parseFile(join(dataDir, file));
    return { doc, found: doc.pages.filter((p) => isListingPage(p.text)).map((p) => p.page) };
  };

  it("a constitution: its table of contents and its topic index, none of its articles", async () => {
    const { doc, found } = await listings("constitutions/Kenya_2010.pdf");
    expect(doc.pages[1]!.text).toContain("Table of contents");
    expect(found).toEqual([2, 3, 4, 106, 107, 108, 109, 110, 111]);
    expect(doc.pages[105]!.text).toContain("Topic index");
  }, 120_000);

  it("a 10-K: its contents and its index to the financial statements, not the statements (dotted leaders)", async () => {
    const { doc, found } = await listings("financebench/pdfs/AMAZON_2017_10K.pdf");
    expect(found).toEqual([2, 35]);
    expect(doc.pages[34]!.text).toMatch(/INDEX TO CONSOLIDATED FINANCIAL STATEMENTS/);
  }, 120_000);

  it("shareholder letters and a tax form hold none (their tables of figures and form lines run along dotted leaders)", async () => {
    for (const file of ["berkshire/2020ltr.pdf", "berkshire/2008ltr.pdf", "irs/f1040.pdf"]) {
      const { doc, found } = await listings(file);
      expect(found, file).toEqual([]);
      expect(
        doc.pages.some((p) => /(\. ){10}/.test(p.text)),
        file,
      ).toBe(true);
    }
  }, 120_000);
});
