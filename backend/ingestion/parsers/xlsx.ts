import ExcelJS from "exceljs";
import { ParseError, type ParseLimits, type ParsedDocument, type ParsedPage } from "../types.ts";
import { formatNumber } from "./num-format.ts";
import { rowsToPages, type SheetRow } from "./sheet-pages.ts";
import { inspectZip } from "./zip-guard.ts";

interface DefinedName {
  name: string;
  ranges?: string[];
}

/**
 * Above this much XML, stream (bounded memory). Below, load the whole workbook: exceljs's streaming
 * reader drops shared formulas (a formula filled down a column comes back empty) and the loader
 * translates them.
 */
const STREAM_ABOVE_BYTES = 25 * 1024 * 1024;

/**
 * Every sheet of a workbook: values, formulas with their cached results, and the named ranges on
 * a last page. The ZIP's directory is inspected before any XML is inflated.
 */
export async function parseXlsx(path: string, fileName: string, limits: ParseLimits): Promise<ParsedDocument> {
  const entries = await inspectZip(path, limits, "workbook");
  const xmlBytes = entries.reduce((sum, e) => sum + e.uncompressedSize, 0);
  if (xmlBytes <= STREAM_ABOVE_BYTES) return loadXlsx(path, fileName, limits);
  return streamXlsx(path, fileName, limits);
}

async function streamXlsx(path: string, fileName: string, limits: ParseLimits): Promise<ParsedDocument> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    worksheets: "emit",
    sharedStrings: "cache",
    hyperlinks: "ignore",
    styles: "cache",
    entries: "ignore",
  });
  const pages: ParsedPage[] = [];
  const sheetNames: string[] = [];
  let formulas = 0;
  try {
    for await (const sheet of reader) {
      // WorksheetReader is typed without its name; the reader sets it from workbook.xml.
      const name = (sheet as unknown as { name: string }).name;
      sheetNames.push(name);
      const rows: SheetRow[] = [];
      for await (const row of sheet) {
        const cells: string[] = [];
        row.eachCell({ includeEmpty: true }, (cell, col) => {
          const v = cell.value;
          if (v && typeof v === "object" && ("formula" in v || "sharedFormula" in v)) formulas++;
          cells[col - 1] = formatCell(v, cell.numFmt);
        });
        const filled = Array.from(cells, (c) => c ?? "");
        if (filled.some((c) => c !== "")) rows.push({ n: row.number, cells: filled });
      }
      pages.push(...rowsToPages(name, rows, limits.rowsPerSheetPage, pages.length + 1));
    }
  } catch (err) {
    if (err instanceof ParseError) throw err;
    throw new ParseError("corrupt", `The workbook cannot be read: ${err instanceof Error ? err.message : String(err)}`);
  }
  // The streaming reader keeps workbook.xml's model, including the defined names (not in its types).
  const names = ((reader as unknown as { model?: { definedNames?: DefinedName[] } }).model?.definedNames ?? []).filter(
    (d) => d.name,
  );
  return finish(fileName, pages, sheetNames, formulas, names);
}

async function loadXlsx(path: string, fileName: string, limits: ParseLimits): Promise<ParsedDocument> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.readFile(path);
  } catch (err) {
    throw new ParseError("corrupt", `The workbook cannot be read: ${err instanceof Error ? err.message : String(err)}`);
  }
  const pages: ParsedPage[] = [];
  let formulas = 0;
  for (const sheet of workbook.worksheets) {
    const rows: SheetRow[] = [];
    sheet.eachRow({ includeEmpty: false }, (row, n) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, col) => {
        const formula = cell.formula;
        if (formula) formulas++;
        cells[col - 1] = formula
          ? `${formatCell(cell.result as ExcelJS.CellValue, cell.numFmt)} [=${formula}]`.trim()
          : formatCell(cell.value, cell.numFmt);
      });
      rows.push({ n, cells: Array.from(cells, (c) => c ?? "") });
    });
    pages.push(...rowsToPages(sheet.name, rows, limits.rowsPerSheetPage, pages.length + 1));
  }
  // definedNames.model is typed loosely by exceljs: [{ name, ranges }].
  const names = (workbook.definedNames.model as DefinedName[]).filter((d) => d.name);
  return finish(
    fileName,
    pages,
    workbook.worksheets.map((w) => w.name),
    formulas,
    names,
  );
}

function finish(
  fileName: string,
  pages: ParsedPage[],
  sheets: string[],
  formulas: number,
  names: DefinedName[],
): ParsedDocument {
  if (names.length) {
    const text = ["Name | Refers to", ...names.map((d) => `${d.name} | ${(d.ranges ?? []).join(", ")}`)].join("\n");
    pages.push({ page: pages.length + 1, kind: "sheet", heading: "Named ranges", text });
  }
  return {
    title: fileName.replace(/\.xlsx$/i, ""),
    pages,
    metadata: { sheets: sheets.join(", "), formulas, namedRanges: names.length },
  };
}

/**
 * A cell as text; a formula shows its cached result then the formula: `55 [=SUM(A1:A10)]`. A
 * number is shown in the cell's number format (`$1,188.44`, `5.25%`), as Excel shows it.
 */
export function formatCell(v: ExcelJS.CellValue, numFmt?: string): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "number") return formatNumber(v, numFmt);
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? "" : v.toISOString().replace(/T00:00:00\.000Z$/, "");
  if (typeof v !== "object") return String(v);
  if ("formula" in v || "sharedFormula" in v) {
    const f = "formula" in v && v.formula ? v.formula : "sharedFormula" in v ? v.sharedFormula : "";
    const result = "result" in v ? formatCell(v.result as ExcelJS.CellValue, numFmt) : "";
    // The streaming reader leaves the cells of a shared formula with an empty one: keep the value.
    return f ? `${result} [=${f}]`.trim() : result;
  }
  if ("richText" in v) return v.richText.map((r) => r.text).join("");
  if ("text" in v) return String(v.text);
  if ("error" in v) return String(v.error);
  return "";
}
