import { diffArrays } from "diff";
import { type WorkbookLimits } from "./limits.ts";
import { loadWorkbook, type WorkbookSource } from "./load-workbook.ts";
import { findSheetIndex, type CellValue, type ModelCell, type ModelSheet, type WorkbookModel } from "./model.ts";
import { cellKey, columnNumber, formatAddress, splitSheetRef } from "./refs.ts";

export interface CellState {
  value: CellValue;
  formula?: string;
}

export interface CellChange {
  sheet: string;
  /** Where the cell is in the new version (the old one for a removed cell). */
  ref: string;
  /** Where it was, when rows added or removed above moved it. */
  beforeRef?: string;
  before: CellState | null;
  after: CellState | null;
  /** "formula": its formula changed (or a value became a formula, or back); "value": same formula or a typed value, new value. */
  change: "value" | "formula" | "added" | "removed";
}

export interface WorkbookDiff {
  sheetsAdded: string[];
  sheetsRemoved: string[];
  cells: CellChange[];
  /** Per sheet present in both: rows with content that appeared (new row numbers) or went (old row numbers). */
  rows: { sheet: string; added: number[]; removed: number[] }[];
  truncated: boolean;
}

export interface DiffOptions {
  /** Cell changes listed at most; default 2,000. */
  maxChanges?: number;
  limits?: Partial<WorkbookLimits>;
}

/**
 * Cell-level differences between two versions of a workbook. Rows are aligned first (a longest
 * common subsequence over each row's constants and formulas written relative to their cell), so an
 * inserted row is one added row, not every cell below it changed; formulas are compared after
 * moving their row references the way the rows moved. Sheets match by name. Cells of added or
 * removed sheets are not listed, only the sheets.
 */
export async function diffWorkbooks(
  a: WorkbookSource | WorkbookModel,
  b: WorkbookSource | WorkbookModel,
  options: DiffOptions = {},
): Promise<WorkbookDiff> {
  const [before, after] = await Promise.all(
    [a, b].map((w) => (isModel(w) ? w : loadWorkbook(w, { limits: options.limits }))),
  );
  return diffModels(before, after, options.maxChanges ?? 2_000);
}

function isModel(w: WorkbookSource | WorkbookModel): w is WorkbookModel {
  return typeof w === "object" && "sheets" in w && Array.isArray((w as WorkbookModel).sheets);
}

export function diffModels(before: WorkbookModel, after: WorkbookModel, maxChanges = 2_000): WorkbookDiff {
  const sheetsRemoved = before.sheets.filter((s) => findSheetIndex(after, s.name) < 0).map((s) => s.name);
  const sheetsAdded = after.sheets.filter((s) => findSheetIndex(before, s.name) < 0).map((s) => s.name);
  const pairs = before.sheets
    .filter((s) => findSheetIndex(after, s.name) >= 0)
    .map((s) => [s, after.sheets[findSheetIndex(after, s.name)]] as const);
  // Row maps first: a formula on one sheet may read rows that moved on another.
  const alignments = new Map(pairs.map(([s, t]) => [s.name.toLowerCase(), alignRows(s, t)]));
  const cells: CellChange[] = [];
  const rows: WorkbookDiff["rows"] = [];
  for (const [s, t] of pairs) {
    const alignment = alignments.get(s.name.toLowerCase())!;
    const mapFormula = (cell: ModelCell) =>
      moveRows(cell.formula!, (sheet, row) => alignments.get((sheet ?? s.name).toLowerCase())?.mapRow(row) ?? row);
    rows.push({ sheet: t.name, added: alignment.added, removed: alignment.removed });
    for (const r of alignment.removed)
      for (const cell of rowCells(s, r)) cells.push(change(t.name, cell, null, cell.row));
    for (const r of alignment.added) for (const cell of rowCells(t, r)) cells.push(change(t.name, null, cell, r));
    for (const [ra, rb] of alignment.pairs) {
      const left = new Map(rowCells(s, ra).map((c) => [c.col, c]));
      const right = new Map(rowCells(t, rb).map((c) => [c.col, c]));
      for (const col of [...new Set([...left.keys(), ...right.keys()])].sort((x, y) => x - y)) {
        const x = left.get(col);
        const y = right.get(col);
        if (!x || !y) {
          cells.push(change(t.name, x ?? null, y ?? null, rb));
          continue;
        }
        const sameFormula =
          x.formula === undefined
            ? y.formula === undefined
            : y.formula !== undefined && squash(mapFormula(x)) === squash(y.formula);
        if (!sameFormula) cells.push({ ...change(t.name, x, y, rb), change: "formula" });
        else if (!sameValue(x.value, y.value)) cells.push({ ...change(t.name, x, y, rb), change: "value" });
      }
    }
  }
  const order = new Map(after.sheets.map((sh, i) => [sh.name, i]));
  cells.sort(
    (p, q) =>
      order.get(p.sheet)! - order.get(q.sheet)! ||
      rowOf(p.ref) - rowOf(q.ref) ||
      columnNumber(colOf(p.ref)) - columnNumber(colOf(q.ref)),
  );
  return {
    sheetsAdded,
    sheetsRemoved,
    cells: cells.slice(0, maxChanges),
    rows: rows.filter((r) => r.added.length || r.removed.length),
    truncated: cells.length > maxChanges,
  };
}

interface Alignment {
  pairs: [number, number][];
  added: number[];
  removed: number[];
  mapRow: (row: number) => number;
}

/** Matches rows of two versions of a sheet by content; unmatched runs of equal length pair up as edited rows. */
function alignRows(s: ModelSheet, t: ModelSheet): Alignment {
  const rowsA = rowNumbers(s);
  const rowsB = rowNumbers(t);
  const chunks = diffArrays(
    rowsA.map((r) => signature(s, r)),
    rowsB.map((r) => signature(t, r)),
  );
  const pairs: [number, number][] = [];
  const added: number[] = [];
  const removed: number[] = [];
  let i = 0;
  let j = 0;
  for (let k = 0; k < chunks.length; k++) {
    const chunk = chunks[k];
    if (!chunk.added && !chunk.removed) {
      for (let n = 0; n < chunk.count; n++) pairs.push([rowsA[i++], rowsB[j++]]);
      continue;
    }
    const next = chunks[k + 1];
    const removedCount = chunk.removed ? chunk.count : next?.removed ? next.count : 0;
    const addedCount = chunk.added ? chunk.count : next?.added ? next.count : 0;
    if ((chunk.removed && next?.added) || (chunk.added && next?.removed)) k++;
    const edited = Math.min(removedCount, addedCount);
    for (let n = 0; n < edited; n++) pairs.push([rowsA[i++], rowsB[j++]]);
    for (let n = edited; n < removedCount; n++) removed.push(rowsA[i++]);
    for (let n = edited; n < addedCount; n++) added.push(rowsB[j++]);
  }
  const sorted = [...pairs].sort((x, y) => x[0] - y[0]);
  const mapRow = (row: number) => {
    let shift = 0;
    for (const [ra, rb] of sorted) {
      if (ra > row) break;
      shift = rb - ra;
    }
    return row + shift;
  };
  return { pairs, added, removed, mapRow };
}

function rowNumbers(sheet: ModelSheet): number[] {
  return [...new Set([...sheet.cells.values()].map((c) => c.row))].sort((x, y) => x - y);
}

function rowCells(sheet: ModelSheet, row: number): ModelCell[] {
  const out: ModelCell[] = [];
  const right = sheet.bounds?.right ?? 0;
  for (let col = 1; col <= right; col++) {
    const cell = sheet.cells.get(cellKey(row, col));
    if (cell) out.push(cell);
  }
  return out;
}

/** A row's content with formulas relative to their cell, so a row that only moved keeps its signature. */
function signature(sheet: ModelSheet, row: number): string {
  return JSON.stringify(
    rowCells(sheet, row).map((c) => [
      c.col,
      c.formula !== undefined ? squash(moveRows(c.formula, (_s, r) => r - row)) : c.value,
    ]),
  );
}

const refPattern =
  /"(?:""|[^"])*"|((?:'(?:''|[^'])+'|[A-Za-z0-9_.]+)!)?(\$?[A-Za-z]{1,3})(\$?)(\d+)(?![A-Za-z0-9_(!])/g;

/** Rewrites each relative row number in a formula's cell references (`A5`, `Sheet2!B$3` keeps its row). */
function moveRows(formula: string, map: (sheet: string | undefined, row: number) => number): string {
  return formula.replace(
    refPattern,
    (match, prefix: string | undefined, col: string, dollar: string, row: string, offset: number) => {
      if (match.startsWith('"') || dollar) return match;
      if (!prefix && offset > 0 && /[A-Za-z0-9_.]/.test(formula[offset - 1])) return match;
      const sheet = prefix ? splitSheetRef(`${prefix}A1`).sheet : undefined;
      return `${prefix ?? ""}${col}${map(sheet, Number(row))}`;
    },
  );
}

function squash(formula: string): string {
  return formula.replace(/\s+/g, "").toUpperCase();
}

function sameValue(x: CellValue, y: CellValue): boolean {
  if (x !== null && y !== null && typeof x === "object" && typeof y === "object") return x.error === y.error;
  return x === y;
}

function state(cell: ModelCell | null): CellState | null {
  return cell ? { value: cell.value, ...(cell.formula !== undefined ? { formula: cell.formula } : {}) } : null;
}

function change(sheet: string, x: ModelCell | null, y: ModelCell | null, row: number): CellChange {
  const col = (y ?? x)!.col;
  const ref = formatAddress(y ? row : x!.row, col);
  const beforeRef = x && y && x.row !== y.row ? formatAddress(x.row, x.col) : undefined;
  return {
    sheet,
    ref,
    ...(beforeRef ? { beforeRef } : {}),
    before: state(x),
    after: state(y),
    change: !x ? "added" : !y ? "removed" : "value",
  };
}

function rowOf(ref: string): number {
  return Number(/\d+$/.exec(ref)![0]);
}

function colOf(ref: string): string {
  return /^[A-Z]+/.exec(ref)![0];
}
