import FormulaParser from "fast-formula-parser";
import { WorkbookError } from "./errors.ts";
import { type WorkbookLimits } from "./limits.ts";
import { loadWorkbook, type WorkbookSource } from "./load-workbook.ts";
import { getSheet, type CellValue, type DefinedName, type ModelCell, type WorkbookModel } from "./model.ts";
import { formatAddress, formatRange, keyToAddress, parseArea, splitSheetRef, type RangeAddress } from "./refs.ts";

export interface ReadWorkbookOptions {
  /** Only these sheets (by name, any case); default all. */
  sheets?: string[];
  /** Only this area: `A1:D20`, `B:B`, `3:10`, or sheet-qualified `'My sheet'!A1:D20` (which also picks the sheet). */
  range?: string;
  /** Cells in the answer, across sheets; default 5,000. Past it, `truncated` says so. */
  maxCells?: number;
  limits?: Partial<WorkbookLimits>;
}

export interface ReadCell {
  /** `B7` (the sheet is the enclosing one). */
  ref: string;
  value: CellValue;
  /** Without the leading "=". */
  formula?: string;
  /** The area an array formula fills (on its master cell). */
  arrayRange?: string;
  /** For the other cells of an array formula: its master cell. */
  arrayFormulaOf?: string;
  numFmt?: string;
  /** The value as the number format shows it: `12.5%`, `1,234.00 €`, `6/9/13`. */
  text?: string;
  comment?: string;
}

export interface ReadSheet {
  name: string;
  hidden?: true;
  /** The used area, e.g. `A1:F7`; null for an empty sheet. */
  dimensions: string | null;
  /** Non-empty cells in the sheet (or in the requested range). */
  cellCount: number;
  cells: ReadCell[];
  /** Some cells were left out to stay under `maxCells`. */
  truncated: boolean;
}

export interface ReadWorkbookResult {
  sheets: ReadSheet[];
  names: DefinedName[];
  truncated: boolean;
}

/** The `read_workbook` tool: sheets, values (as cached in the file), formulas, formats and comments. */
export async function readWorkbook(
  source: WorkbookSource,
  options: ReadWorkbookOptions = {},
): Promise<ReadWorkbookResult> {
  return readModel(await loadWorkbook(source, { limits: options.limits }), options);
}

export function readModel(model: WorkbookModel, options: Omit<ReadWorkbookOptions, "limits"> = {}): ReadWorkbookResult {
  const maxCells = options.maxCells ?? 5_000;
  const { sheet: rangeSheet, ref: rangeText } = options.range
    ? splitSheetRef(options.range)
    : { sheet: undefined, ref: undefined };
  const area = rangeText ? parseArea(rangeText) : null;
  if (rangeText && !area)
    throw new WorkbookError("workbook/invalid-ref", `"${options.range}" is not a range like A1:D20, B:B or 3:10.`);
  const wanted = rangeSheet ? [rangeSheet, ...(options.sheets ?? [])] : options.sheets;
  const sheets = wanted ? [...new Set(wanted.map((name) => getSheet(model, name)))] : model.sheets;
  let budget = maxCells;
  const out = sheets.map((sheet): ReadSheet => {
    const keys = [...sheet.cells.keys()].filter((key) => !area || inside(key, area)).sort((a, b) => a - b);
    const shown = keys.slice(0, Math.max(0, budget));
    budget -= shown.length;
    return {
      name: sheet.name,
      ...(sheet.hidden ? { hidden: true as const } : {}),
      dimensions: sheet.bounds ? formatRange(sheet.bounds) : null,
      cellCount: keys.length,
      cells: shown.map((key) => presentCell(sheet.cells.get(key)!)),
      truncated: shown.length < keys.length,
    };
  });
  return { sheets: out, names: model.names, truncated: out.some((s) => s.truncated) };
}

function inside(key: number, area: RangeAddress): boolean {
  const { row, col } = keyToAddress(key);
  return row >= area.top && row <= area.bottom && col >= area.left && col <= area.right;
}

function presentCell(cell: ModelCell): ReadCell {
  const text = cell.numFmt && typeof cell.value === "number" ? formatNumber(cell.numFmt, cell.value) : undefined;
  const master = cell.arrayMaster !== undefined ? keyToAddress(cell.arrayMaster) : undefined;
  return {
    ref: formatAddress(cell.row, cell.col),
    value: cell.value,
    ...(cell.formula !== undefined ? { formula: cell.formula } : {}),
    ...(cell.arrayRange ? { arrayRange: formatRange(cell.arrayRange) } : {}),
    ...(master ? { arrayFormulaOf: formatAddress(master.row, master.col) } : {}),
    ...(cell.numFmt ? { numFmt: cell.numFmt } : {}),
    ...(text !== undefined && text !== String(cell.value) ? { text } : {}),
    ...(cell.note ? { comment: cell.note } : {}),
  };
}

/** SheetJS's number-format engine, bundled in fast-formula-parser. */
function formatNumber(numFmt: string, value: number): string | undefined {
  try {
    return FormulaParser.SSF.format(numFmt, value).trim();
  } catch {
    return undefined; // a format SSF doesn't know: the raw value is still there
  }
}
