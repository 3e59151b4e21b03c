import { buildFormulaGraph, cellsInArea, nodeId, nodeKey, nodeSheet, type FormulaGraph } from "./dependency-graph.ts";
import { WorkbookError } from "./errors.ts";
import { findSheetIndex, getSheet, type CellValue, type WorkbookModel } from "./model.ts";
import { type FormulaReference, resolveName } from "./references.ts";
import {
  cellKey,
  formatAddress,
  formatRange,
  keyToAddress,
  parseAddress,
  qualifiedRef,
  quoteSheet,
  splitSheetRef,
} from "./refs.ts";

export interface TraceOptions {
  direction?: "precedents" | "dependents" | "both";
  /** Steps away from the root; default 50. */
  maxDepth?: number;
  /** Cells in the answer; default 500. */
  maxNodes?: number;
  /** Cells one range argument expands into; default 200. */
  maxRangeCells?: number;
  /** Values to report instead of the ones cached in the file, e.g. `evaluateWorkbook(model).values`. */
  values?: Record<string, CellValue>;
}

export interface TraceNode {
  /** `Sheet1!B7`, the id edges use. */
  ref: string;
  sheet: string;
  address: string;
  /** "formula": computes its value; "input": a typed-in value; "empty": read but blank. */
  kind: "formula" | "input" | "empty";
  formula?: string;
  /** For the other cells of an array formula: its master cell. */
  arrayFormulaOf?: string;
  value: CellValue;
  /** Steps from the root: negative for precedents, positive for dependents. */
  depth: number;
}

export interface TraceResult {
  root: string;
  nodes: TraceNode[];
  /** Data flows `from` a cell `to` the formula that reads it. */
  edges: { from: string; to: string }[];
  /** Range arguments on the way, with how many of their non-empty cells became nodes. */
  ranges: { ref: string; readBy: string; cells: number; expanded: number }[];
  truncated: { depth: boolean; nodes: boolean; ranges: boolean };
}

/**
 * The graph of cells a cell reads (precedents, down to the typed-in inputs) and/or the cells that
 * read it (dependents), across sheets and through defined names. Ranges expand into their
 * non-empty cells; whole columns and rows are clipped to the used area first.
 */
export function traceFormula(
  model: WorkbookModel,
  target: string,
  options: TraceOptions = {},
  graph: FormulaGraph = buildFormulaGraph(model),
): TraceResult {
  const direction = options.direction ?? "precedents";
  const limits = {
    depth: options.maxDepth ?? 50,
    nodes: options.maxNodes ?? 500,
    rangeCells: options.maxRangeCells ?? 200,
  };
  const root = resolveTarget(model, target);
  const tracer = new Tracer(model, graph, limits, options.values);
  tracer.addNode(root, 0);
  if (direction !== "dependents") tracer.walk(root, "precedents");
  if (direction !== "precedents") tracer.walk(root, "dependents");
  const result = tracer.result(root);
  if (result.nodes[0].kind === "empty" && result.edges.length === 0) {
    throw new WorkbookError("workbook/cell-not-found", `${result.root} is empty and no formula reads it.`);
  }
  return result;
}

class Tracer {
  private readonly nodes = new Map<number, TraceNode>();
  private readonly edges = new Map<string, { from: string; to: string }>();
  private readonly ranges: TraceResult["ranges"] = [];
  private readonly truncated = { depth: false, nodes: false, ranges: false };
  private dependentsIndex?: {
    cells: Map<number, number[]>;
    ranges: { sheet: number; ref: FormulaReference; reader: number }[];
  };

  constructor(
    private readonly model: WorkbookModel,
    private readonly graph: FormulaGraph,
    private readonly limits: { depth: number; nodes: number; rangeCells: number },
    private readonly values?: Record<string, CellValue>,
  ) {}

  addNode(id: number, depth: number): boolean {
    if (this.nodes.has(id)) return true;
    if (this.nodes.size >= this.limits.nodes) {
      this.truncated.nodes = true;
      return false;
    }
    const sheet = this.model.sheets[nodeSheet(id)];
    const cell = sheet.cells.get(nodeKey(id));
    const { row, col } = keyToAddress(nodeKey(id));
    const ref = qualifiedRef(sheet.name, row, col);
    const master = cell?.arrayMaster !== undefined ? keyToAddress(cell.arrayMaster) : undefined;
    this.nodes.set(id, {
      ref,
      sheet: sheet.name,
      address: formatAddress(row, col),
      kind: !cell
        ? "empty"
        : cell.formula !== undefined || master
          ? "formula"
          : cell.value === null || cell.value === ""
            ? "empty"
            : "input",
      ...(cell?.formula !== undefined ? { formula: cell.formula } : {}),
      ...(master ? { arrayFormulaOf: qualifiedRef(sheet.name, master.row, master.col) } : {}),
      value: this.values && ref in this.values ? this.values[ref] : (cell?.value ?? null),
      depth,
    });
    return true;
  }

  walk(root: number, direction: "precedents" | "dependents"): void {
    const sign = direction === "precedents" ? -1 : 1;
    let frontier = [root];
    const seen = new Set([root]);
    for (let depth = 1; frontier.length; depth++) {
      const next: number[] = [];
      for (const id of frontier) {
        const linked = direction === "precedents" ? this.precedentsOf(id) : this.dependentsOf(id);
        if (linked.length && depth > this.limits.depth) {
          this.truncated.depth = true;
          continue;
        }
        for (const other of linked) {
          if (!this.addNode(other, sign * depth)) continue;
          const [from, to] = direction === "precedents" ? [other, id] : [id, other];
          const edge = { from: this.nodes.get(from)!.ref, to: this.nodes.get(to)!.ref };
          this.edges.set(`${edge.from}>${edge.to}`, edge);
          if (!seen.has(other)) {
            seen.add(other);
            next.push(other);
          }
        }
      }
      frontier = next;
    }
  }

  private precedentsOf(id: number): number[] {
    const s = nodeSheet(id);
    const cell = this.model.sheets[s].cells.get(nodeKey(id));
    if (cell?.arrayMaster !== undefined) return [nodeId(s, cell.arrayMaster)];
    const refs = this.graph.references.get(id) ?? [];
    const out: number[] = [];
    for (const ref of refs) {
      const sheet = this.model.sheets[ref.sheet];
      if (!sheet) continue;
      if (ref.single) {
        out.push(nodeId(ref.sheet, cellKey(ref.area.top, ref.area.left)));
        continue;
      }
      const keys = cellsInArea(sheet, ref.area);
      const shown = keys.slice(0, this.limits.rangeCells);
      if (shown.length < keys.length) this.truncated.ranges = true;
      const reader = this.nodes.get(id)!.ref;
      this.ranges.push({
        ref: `${quoteSheet(sheet.name)}!${formatRange(ref.area)}`,
        readBy: reader,
        cells: keys.length,
        expanded: shown.length,
      });
      for (const key of shown) out.push(nodeId(ref.sheet, key));
    }
    return out;
  }

  private dependentsOf(id: number): number[] {
    const index = (this.dependentsIndex ??= this.buildDependentsIndex());
    const s = nodeSheet(id);
    const { row, col } = keyToAddress(nodeKey(id));
    const out = new Set(index.cells.get(id) ?? []);
    for (const { sheet, ref, reader } of index.ranges) {
      if (sheet === s && row >= ref.area.top && row <= ref.area.bottom && col >= ref.area.left && col <= ref.area.right)
        out.add(reader);
    }
    const cell = this.model.sheets[s].cells.get(nodeKey(id));
    const area = cell?.arrayRange;
    if (area) {
      for (let r = area.top; r <= area.bottom; r++)
        for (let c = area.left; c <= area.right; c++)
          if (cellKey(r, c) !== nodeKey(id)) out.add(nodeId(s, cellKey(r, c)));
    }
    return [...out];
  }

  private buildDependentsIndex() {
    const cells = new Map<number, number[]>();
    const ranges: { sheet: number; ref: FormulaReference; reader: number }[] = [];
    for (const [reader, refs] of this.graph.references) {
      for (const ref of refs) {
        if (!ref.single) ranges.push({ sheet: ref.sheet, ref, reader });
        else {
          const target = nodeId(ref.sheet, cellKey(ref.area.top, ref.area.left));
          cells.set(target, [...(cells.get(target) ?? []), reader]);
        }
      }
    }
    return { cells, ranges };
  }

  result(root: number): TraceResult {
    return {
      root: this.nodes.get(root)!.ref,
      nodes: [...this.nodes.values()],
      edges: [...this.edges.values()],
      ranges: this.ranges,
      truncated: this.truncated,
    };
  }
}

/** `Sheet1!B7`, `'My sheet'!B7`, a bare `B7` in a one-sheet workbook, or a defined name of one cell. */
function resolveTarget(model: WorkbookModel, target: string): number {
  const { sheet, ref } = splitSheetRef(target);
  if (!sheet && !/^\$?[A-Za-z]{1,3}\$?\d+$/.test(ref)) {
    const named = resolveName(model, ref, model.sheets[0]?.name ?? "");
    if (named && "row" in named) return nodeId(findSheetIndex(model, named.sheet ?? ""), cellKey(named.row, named.col));
    throw new WorkbookError(
      "workbook/invalid-ref",
      `"${target}" is neither a cell like Sheet1!B7 nor a defined name of one cell.`,
    );
  }
  if (!sheet && model.sheets.length !== 1) {
    throw new WorkbookError(
      "workbook/invalid-ref",
      `"${target}" needs its sheet, like ${quoteSheet(model.sheets[0]?.name ?? "Sheet1")}!${ref}.`,
    );
  }
  const sheetName = sheet ?? model.sheets[0].name;
  getSheet(model, sheetName);
  const { row, col } = parseAddress(ref);
  return nodeId(findSheetIndex(model, sheetName), cellKey(row, col));
}
