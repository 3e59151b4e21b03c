import { WorkbookError } from "./errors.ts";
import { type RangeAddress } from "./refs.ts";

/** A cell's value as every tool reports it: JSON as it is. Dates are Excel serial numbers. */
export type CellValue = number | string | boolean | null | { error: string };

export interface ModelCell {
  row: number;
  col: number;
  /** The constant, or for a formula the result cached in the file (null when none was saved). */
  value: CellValue;
  /** Without the leading "=", as the file stores it; shared formulas come translated to this cell. */
  formula?: string;
  /** The master cell of a legacy array formula ({=LINEST(...)}): the area its result fills. */
  arrayRange?: RangeAddress;
  /** The other cells of an array formula: the key of their master cell. */
  arrayMaster?: number;
  numFmt?: string;
  /** The cell's comment (note) text. */
  note?: string;
}

export interface ModelSheet {
  name: string;
  hidden: boolean;
  /** Keyed by `cellKey(row, col)`. */
  cells: Map<number, ModelCell>;
  /** The used area: the smallest rectangle holding every cell, null for an empty sheet. */
  bounds: RangeAddress | null;
}

export interface DefinedName {
  name: string;
  /** What it refers to, as the file writes it: `'Named Ranges'!$A$2:$A$6`. */
  ref: string;
  /** Set for a name local to one sheet. */
  scope?: string;
}

/** A whole workbook in memory: what the evaluator, the tracer and the diff work on. */
export interface WorkbookModel {
  sheets: ModelSheet[];
  names: DefinedName[];
  date1904: boolean;
}

export function findSheetIndex(model: WorkbookModel, name: string): number {
  const lower = name.toLowerCase();
  return model.sheets.findIndex((s) => s.name.toLowerCase() === lower);
}

/** Sheet names match as Excel matches them: case-insensitively. */
export function getSheet(model: WorkbookModel, name: string): ModelSheet {
  const index = findSheetIndex(model, name);
  if (index < 0) {
    throw new WorkbookError(
      "workbook/sheet-not-found",
      `There is no sheet "${name}"; the sheets are ${model.sheets.map((s) => `"${s.name}"`).join(", ")}.`,
    );
  }
  return model.sheets[index];
}

export function isFormulaCell(cell: ModelCell | undefined): boolean {
  return !!cell && (cell.formula !== undefined || cell.arrayMaster !== undefined);
}

export function boundsOf(cells: Iterable<ModelCell>): RangeAddress | null {
  let b: RangeAddress | null = null;
  for (const c of cells) {
    if (!b) b = { top: c.row, left: c.col, bottom: c.row, right: c.col };
    else {
      if (c.row < b.top) b.top = c.row;
      if (c.row > b.bottom) b.bottom = c.row;
      if (c.col < b.left) b.left = c.col;
      if (c.col > b.right) b.right = c.col;
    }
  }
  return b;
}
