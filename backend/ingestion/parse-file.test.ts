import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseFile, storableText } from "./parse-file.ts";
import { makeDocx, makePptx, makeXlsx } from "../../tests/helpers/documents/make-office.ts";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "parse-file-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function parse(name: string, content: string | Uint8Array) {
  const path = join(dir, name);
  await writeFile(path, content);
  return parseFile(path);
}

describe("parseFile", () => {
  it("DOCX: one section per heading, table rows on their own lines", async () => {
    const doc = await parse("plan.docx", await makeDocx());
    expect(doc.pages.map((p) => p.heading)).toEqual(["Overview", "Risks"]);
    expect(doc.pages[0].text).toContain("Year | Revenue\n2023 | 1,234");
  });

  it("XLSX: every sheet, formulas with cached results, named ranges", async () => {
    const doc = await parse("budget.xlsx", await makeXlsx());
    expect(doc.pages.map((p) => p.heading)).toEqual(["Summary", "Notes", "Named ranges"]);
    expect(doc.pages[0].text).toContain("Total | 42 [=SUM(B2:B3)]");
    expect(doc.pages[2].text).toContain("Amounts | Summary!$B$2:$B$3");
    expect(doc.pages[0].sheet).toEqual({ sheet: "Summary", rows: [1, 2, 3, 4] });
  });

  it("XLSX: each line of a sheet page knows its row in the sheet (empty rows skipped, columns kept)", async () => {
    const { default: ExcelJS } = await import("exceljs");
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("Model");
    ws.getCell("B2").value = "Metric";
    ws.getCell("C2").value = "FY2023";
    ws.getCell("B5").value = "Revenue";
    ws.getCell("C5").value = 5100;
    ws.getCell("B6").value = "Note with\na line break | and a bar";
    const doc = await parse("model.xlsx", new Uint8Array(await wb.xlsx.writeBuffer()));
    expect(doc.pages[0]!.sheet).toEqual({ sheet: "Model", rows: [2, 5, 6] });
    // Column A is empty but kept, so cell j of a line is column j of the sheet.
    expect(doc.pages[0]!.text).toBe(" | Metric | FY2023\n | Revenue | 5100\n | Note with a line break ¦ and a bar");
  });

  it("XLSX: a long sheet becomes pages that repeat the header", async () => {
    const rows = ["Name,Value", ...Array.from({ length: 120 }, (_, i) => `row${i},${i}`)].join("\n");
    const doc = await parse("long.csv", rows);
    expect(doc.pages).toHaveLength(3);
    for (const page of doc.pages) expect(page.text.startsWith("Name | Value\n")).toBe(true);
    // Each page: the header (row 1), then its 50 rows in the file's numbering.
    expect(doc.pages.map((p) => [p.sheet!.rows[0], p.sheet!.rows[1], p.sheet!.rows.at(-1)])).toEqual([
      [1, 2, 51],
      [1, 52, 101],
      [1, 102, 121],
    ]);
  });

  it("PPTX: one page per slide in the presentation's order", async () => {
    const doc = await parse("deck.pptx", await makePptx());
    expect(doc.pages.map((p) => [p.page, p.kind, p.heading])).toEqual([
      [1, "slide", "Agenda"],
      [2, "slide", "Numbers"],
    ]);
    expect(doc.pages[0].text).toBe("Agenda\nQ3 results & outlook");
    expect(doc.pages[1].text).toBe("Numbers\nRegion | Sales\nEMEA | 17");
  });

  it("CSV: quoted fields with commas and newlines (a cell stays on its row's line), blank lines skipped", async () => {
    const doc = await parse("q.csv", 'a,b\n\n"x, y","multi\nline"\n');
    expect(doc.pages[0].text).toBe("a | b\nx, y | multi line");
    expect(doc.pages[0].sheet).toEqual({ sheet: "q", rows: [1, 3] });
  });

  it("HTML: skips scripts, keeps headings and table rows", async () => {
    const html =
      "<html><head><title>Memo</title><script>var x = '<h1>no</h1>';</script></head><body><h1>Intro</h1><p>Hello &amp; welcome</p><table><tr><td>A</td><td>1</td></tr></table></body></html>";
    const doc = await parse("memo.html", html);
    expect(doc.title).toBe("Memo");
    expect(doc.pages[0]).toMatchObject({ heading: "Intro", text: "# Intro\n\nHello & welcome\n\nA | 1" });
  });

  it("Markdown and plain text", async () => {
    const md = await parse("notes.md", "# Title\n\nIntro\n\n## Part two\n\nBody\n");
    expect(md.title).toBe("Title");
    expect(md.pages.map((p) => p.heading)).toEqual(["Title", "Part two"]);
    const txt = await parse("a.txt", "\uFEFFplain words\r\nsecond line");
    expect(txt.pages[0]).toMatchObject({ kind: "text", text: "plain words\nsecond line" });
  });

  it("EML: headers, body and the attachment list; attachments as children", async () => {
    const eml = [
      "From: Ann <ann@example.com>",
      "To: bob@example.com",
      "Subject: Q3 numbers",
      "Date: Tue, 1 Oct 2024 10:00:00 +0000",
      "MIME-Version: 1.0",
      'Content-Type: multipart/mixed; boundary="b"',
      "",
      "--b",
      "Content-Type: text/plain",
      "",
      "Revenue was 1,234.",
      "--b",
      'Content-Type: text/csv; name="q3.csv"',
      'Content-Disposition: attachment; filename="q3.csv"',
      "",
      "a,b",
      "--b--",
      "",
    ].join("\r\n");
    const doc = await parse("mail.eml", eml);
    expect(doc.title).toBe("Q3 numbers");
    expect(doc.pages[0].text).toContain("Revenue was 1,234.");
    expect(doc.pages[0].text).toContain("- q3.csv");
    expect(doc.children?.map((c) => c.name)).toEqual(["q3.csv"]);
  });

  it("refuses legacy binary Office files and binary junk as 'unsupported'", async () => {
    await expect(
      parse("old.xls", new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0])),
    ).rejects.toMatchObject({ reason: "unsupported" });
    await expect(parse("x.bin", new Uint8Array([1, 0, 2, 0, 3]))).rejects.toMatchObject({ reason: "unsupported" });
  });
});

describe("storableText", () => {
  it("turns NUL, control characters and unpaired surrogates into one character each, keeping offsets", () => {
    const text = "Net\u0000sales\u0007 rose\ttab\nline \ud800 end \udc00";
    const doc = storableText({
      title: "T\u0000",
      pages: [{ page: 1, kind: "text", text, heading: "H\u0001" }],
      metadata: {},
    });
    expect(doc.pages[0]!.text).toBe("Net sales  rose\ttab\nline \ufffd end \ufffd");
    expect(doc.pages[0]!.text).toHaveLength(text.length);
    expect(doc.pages[0]!.heading).toBe("H ");
    expect(doc.title).toBe("T ");
    // A valid pair (an emoji) is left alone.
    expect(storableText({ title: "\ud83d\udcc8", pages: [], metadata: {} }).title).toBe("\ud83d\udcc8");
  });
});
