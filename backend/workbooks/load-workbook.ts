import { readFile, stat } from "node:fs/promises";
import ExcelJS from "exceljs";
import { XMLParser } from "fast-xml-parser";
import { WorkbookError } from "./errors.ts";
import { inspectPackage } from "./inspect-package.ts";
import { defaultWorkbookLimits, type WorkbookLimits } from "./limits.ts";
import {
  boundsOf,
  type CellValue,
  type DefinedName,
  type ModelCell,
  type ModelSheet,
  type WorkbookModel,
} from "./model.ts";
import { cellKey, parseRange } from "./refs.ts";

/** A workbook's bytes, or a path to it on disk. */
export type WorkbookSource = Uint8Array | string;

export async function readSource(source: WorkbookSource, limits: WorkbookLimits): Promise<Uint8Array> {
  if (typeof source !== "string") {
    if (source.byteLength > limits.maxFileBytes) throw tooBig(source.byteLength, limits);
    return source;
  }
  const info = await stat(source).catch(() => null);
  if (!info?.isFile()) throw new WorkbookError("workbook/not-found", `There is no workbook at ${source}.`);
  if (info.size > limits.maxFileBytes) throw tooBig(info.size, limits);
  return readFile(source);
}

/**
 * Loads an .xlsx into a `WorkbookModel`: every non-empty cell with its value, formula (shared
 * formulas translated), cached result and number format, the array formulas' areas, and the
 * defined names with their scope. The package is inspected before anything is inflated.
 */
export async function loadWorkbook(
  source: WorkbookSource,
  options: { limits?: Partial<WorkbookLimits> } = {},
): Promise<WorkbookModel> {
  const limits = { ...defaultWorkbookLimits, ...options.limits };
  const bytes = await readSource(source, limits);
  const facts = await inspectPackage(bytes, limits);
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs's typings want a Node Buffer; the view shares the caller's memory.
    await workbook.xlsx.load(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ExcelJS.Buffer,
    );
  } catch (err) {
    throw new WorkbookError(
      "workbook/corrupt",
      `The file is not a readable .xlsx workbook: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  return modelFromWorkbook(workbook, facts.workbookXml ? definedNames(facts.workbookXml) : [], limits);
}

/** The model of a workbook exceljs holds (loaded from a file, or built by `writeWorkbook`). */
export function modelFromWorkbook(
  workbook: ExcelJS.Workbook,
  names: DefinedName[],
  limits: WorkbookLimits = defaultWorkbookLimits,
): WorkbookModel {
  const date1904 = !!workbook.properties.date1904;
  let total = 0;
  const sheets = workbook.worksheets.map((ws): ModelSheet => {
    const cells = new Map<number, ModelCell>();
    ws.eachRow({ includeEmpty: false }, (row) => {
      row.eachCell({ includeEmpty: false }, (cell) => {
        if (cell.type === ExcelJS.ValueType.Merge) return; // the merge's master holds the value
        if (++total > limits.maxCells) {
          throw new WorkbookError("workbook/too-large", `The workbook has more than ${limits.maxCells} cells.`, {
            limit: limits.maxCells,
          });
        }
        const model = toModelCell(cell, date1904);
        cells.set(cellKey(model.row, model.col), model);
      });
    });
    markArrayAreas(cells, limits);
    return { name: ws.name, hidden: ws.state !== "visible", cells, bounds: boundsOf(cells.values()) };
  });
  return { sheets, names, date1904 };
}

function toModelCell(cell: ExcelJS.Cell, date1904: boolean): ModelCell {
  const row = Number(cell.row);
  const col = Number(cell.col);
  const numFmt = cell.numFmt && cell.numFmt !== "General" ? cell.numFmt : undefined;
  const note = noteText(cell.note);
  const v = cell.value;
  const base: ModelCell = { row, col, value: null, ...(numFmt ? { numFmt } : {}), ...(note ? { note } : {}) };
  if (v && typeof v === "object" && !(v instanceof Date) && ("formula" in v || "sharedFormula" in v)) {
    const formula = cell.formula;
    // cell.value drops a falsy cached result (0, FALSE); cell.result keeps it.
    const cached = toCellValue(cell.result as ExcelJS.CellValue, date1904);
    const value = typeof cached === "string" ? decodeXString(cached) : cached;
    if (!formula) return { ...base, value }; // a shared formula exceljs could not translate: keep the value
    // exceljs types leave out the area of an array formula: { formula, shareType: "array", ref }.
    const arrayInfo = v as { shareType?: string; ref?: string };
    const array = arrayInfo.shareType === "array" && arrayInfo.ref ? { arrayRange: parseRange(arrayInfo.ref) } : {};
    return { ...base, value, formula, ...array };
  }
  return { ...base, value: toCellValue(v, date1904) };
}

/** exceljs hands dates back as Date: the model keeps Excel's serial number. */
export function toCellValue(v: ExcelJS.CellValue | undefined, date1904 = false): CellValue {
  if (v === null || v === undefined) return null;
  if (typeof v === "number" || typeof v === "string" || typeof v === "boolean") return v;
  if (v instanceof Date)
    return Number.isNaN(v.getTime()) ? null : v.getTime() / 86_400_000 + (date1904 ? 24_107 : 25_569);
  if ("error" in v) return { error: String(v.error) };
  if ("richText" in v) return v.richText.map((r) => r.text).join("");
  if ("text" in v) return typeof v.text === "string" ? v.text : toCellValue(v.text as ExcelJS.CellValue, date1904);
  if ("result" in v) return toCellValue(v.result as ExcelJS.CellValue, date1904);
  return null;
}

function noteText(note: ExcelJS.Cell["note"] | undefined): string | undefined {
  if (!note) return undefined;
  if (typeof note === "string") return note;
  return note.texts?.map((t) => t.text).join("") || undefined;
}

/** OOXML escapes control characters as _xHHHH_; exceljs decodes them in shared strings, not in formula results. */
function decodeXString(s: string): string {
  return s.includes("_x")
    ? s.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : s;
}

/** The other cells of a legacy array formula get their master, so they count as computed. */
function markArrayAreas(cells: Map<number, ModelCell>, limits: WorkbookLimits): void {
  for (const [key, cell] of [...cells]) {
    const area = cell.arrayRange;
    if (!area) continue;
    if ((area.bottom - area.top + 1) * (area.right - area.left + 1) > limits.maxRangeCells) continue;
    for (let r = area.top; r <= area.bottom; r++) {
      for (let c = area.left; c <= area.right; c++) {
        const k = cellKey(r, c);
        if (k === key) continue;
        const existing = cells.get(k);
        cells.set(k, { ...(existing ?? { row: r, col: c, value: null }), arrayMaster: key });
      }
    }
  }
}

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => name === "definedName" || name === "sheet",
});

interface RawDefinedName {
  "#text"?: string;
  name?: string;
  localSheetId?: string;
}

/** Defined names from workbook.xml, with their sheet scope (exceljs drops it). Built-ins (_xlnm.) are left out. */
export function definedNames(workbookXml: string): DefinedName[] {
  const doc = xml.parse(workbookXml) as {
    workbook?: { sheets?: { sheet?: { name?: string }[] }; definedNames?: { definedName?: RawDefinedName[] } };
  };
  // localSheetId counts sheets in workbook.xml's order.
  const sheetNames = (doc.workbook?.sheets?.sheet ?? []).map((s) => s.name ?? "");
  const raw = doc.workbook?.definedNames?.definedName ?? [];
  return raw
    .filter((d) => d.name && !d.name.startsWith("_xlnm.") && d["#text"])
    .map((d) => {
      const scope = d.localSheetId !== undefined ? sheetNames[Number(d.localSheetId)] : undefined;
      return { name: d.name!, ref: d["#text"]!, ...(scope ? { scope } : {}) };
    });
}

function tooBig(size: number, limits: WorkbookLimits): WorkbookError {
  return new WorkbookError(
    "workbook/too-large",
    `The workbook is ${(size / 1024 / 1024).toFixed(1)} MB; the limit is ${(limits.maxFileBytes / 1024 / 1024).toFixed(0)} MB.`,
    { found: size, limit: limits.maxFileBytes },
  );
}
