import { type ModelSheet, type WorkbookModel } from "./model.ts";
import { ReferenceReader, type FormulaReference } from "./references.ts";
import { cellKey, type RangeAddress } from "./refs.ts";

/**
 * Which formula reads which cells, for the whole workbook: the evaluator orders its work with it
 * and the tracer walks it. A node is a cell, identified by `nodeId(sheet, key)`.
 */
export interface FormulaGraph {
  /** Every formula cell (array formulas: the master cell) with what it reads; parse failures excluded. */
  references: Map<number, FormulaReference[]>;
  /** Formulas that don't parse, with the parser's message. */
  parseErrors: Map<number, string>;
}

const SHEET_STRIDE = 2 ** 35; // above any cellKey (1,048,576 x 16,385)

export function nodeId(sheet: number, key: number): number {
  return sheet * SHEET_STRIDE + key;
}

export function nodeSheet(id: number): number {
  return Math.floor(id / SHEET_STRIDE);
}

export function nodeKey(id: number): number {
  return id % SHEET_STRIDE;
}

export function buildFormulaGraph(model: WorkbookModel): FormulaGraph {
  const reader = new ReferenceReader(model);
  const references = new Map<number, FormulaReference[]>();
  const parseErrors = new Map<number, string>();
  model.sheets.forEach((sheet, s) => {
    for (const [key, cell] of sheet.cells) {
      if (cell.formula === undefined) continue;
      try {
        references.set(nodeId(s, key), reader.read(cell.formula, { sheet: sheet.name, row: cell.row, col: cell.col }));
      } catch (err) {
        parseErrors.set(nodeId(s, key), err instanceof Error ? err.message.split("\n")[0] : String(err));
      }
    }
  });
  return { references, parseErrors };
}

/** A range clipped to the sheet's used area (whole columns and rows would otherwise be a million cells). */
export function clipToSheet(area: RangeAddress, sheet: ModelSheet): RangeAddress | null {
  const b = sheet.bounds;
  if (!b) return null;
  const clipped = {
    top: Math.max(area.top, b.top),
    left: Math.max(area.left, b.left),
    bottom: Math.min(area.bottom, b.bottom),
    right: Math.min(area.right, b.right),
  };
  return clipped.top > clipped.bottom || clipped.left > clipped.right ? null : clipped;
}

/**
 * Non-empty cells of one sheet inside an area, row by row, without visiting the empty ones when
 * the area is much larger than the sheet's content.
 */
export function cellsInArea(sheet: ModelSheet, area: RangeAddress): number[] {
  const clipped = clipToSheet(area, sheet);
  if (!clipped) return [];
  const size = (clipped.bottom - clipped.top + 1) * (clipped.right - clipped.left + 1);
  const keys: number[] = [];
  if (size <= sheet.cells.size) {
    for (let r = clipped.top; r <= clipped.bottom; r++) {
      for (let c = clipped.left; c <= clipped.right; c++) if (sheet.cells.has(cellKey(r, c))) keys.push(cellKey(r, c));
    }
    return keys;
  }
  for (const [key, cell] of sheet.cells) {
    if (cell.row >= clipped.top && cell.row <= clipped.bottom && cell.col >= clipped.left && cell.col <= clipped.right)
      keys.push(key);
  }
  return keys.sort((a, b) => a - b);
}

/** The formula nodes a formula depends on directly (array formula cells stand for their master). */
export function formulaPrecedents(model: WorkbookModel, refs: FormulaReference[]): number[] {
  const out = new Set<number>();
  for (const ref of refs) {
    const sheet = model.sheets[ref.sheet];
    if (!sheet) continue;
    const keys = ref.single ? [cellKey(ref.area.top, ref.area.left)] : cellsInArea(sheet, ref.area);
    for (const key of keys) {
      const cell = sheet.cells.get(key);
      if (!cell) continue;
      if (cell.arrayMaster !== undefined) out.add(nodeId(ref.sheet, cell.arrayMaster));
      else if (cell.formula !== undefined) out.add(nodeId(ref.sheet, key));
    }
  }
  return [...out];
}

/**
 * Formula nodes in evaluation order (every node after the nodes it reads) and the cycles, each a
 * strongly connected set of nodes (Tarjan's algorithm, iterative so a long chain can't overflow
 * the stack).
 */
export function evaluationOrder(
  nodes: Iterable<number>,
  precedents: (node: number) => number[],
): { order: number[]; cycles: number[][] } {
  const index = new Map<number, number>();
  const low = new Map<number, number>();
  const onStack = new Set<number>();
  const stack: number[] = [];
  const order: number[] = [];
  const cycles: number[][] = [];
  let counter = 0;
  for (const root of nodes) {
    if (index.has(root)) continue;
    const work: { node: number; deps: number[]; i: number }[] = [];
    const visit = (node: number) => {
      index.set(node, counter);
      low.set(node, counter++);
      stack.push(node);
      onStack.add(node);
      work.push({ node, deps: precedents(node), i: 0 });
    };
    visit(root);
    while (work.length) {
      const frame = work[work.length - 1];
      if (frame.i < frame.deps.length) {
        const dep = frame.deps[frame.i++];
        if (!index.has(dep)) visit(dep);
        else if (onStack.has(dep)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(dep)!));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: number[] = [];
        let n: number;
        do {
          n = stack.pop()!;
          onStack.delete(n);
          component.push(n);
        } while (n !== frame.node);
        order.push(...component);
        if (component.length > 1 || frame.deps.includes(frame.node)) cycles.push(component);
      }
    }
  }
  return { order, cycles };
}
