import FormulaParser, { type FfpCellRef, type FfpRangeRef, type FormulaParserInstance } from "fast-formula-parser";
import {
  buildFormulaGraph,
  clipToSheet,
  evaluationOrder,
  formulaPrecedents,
  nodeId,
  nodeKey,
  nodeSheet,
  type FormulaGraph,
} from "./dependency-graph.ts";
import { extraFunctions, isSupportedFunction } from "./functions.ts";
import { defaultWorkbookLimits, type WorkbookLimits } from "./limits.ts";
import { findSheetIndex, type CellValue, type ModelCell, type WorkbookModel } from "./model.ts";
import { functionNames, normaliseFormula, resolveName } from "./references.ts";
import { cellKey, keyToAddress, qualifiedRef } from "./refs.ts";

const { FormulaError } = FormulaParser;
type FormulaErrorValue = InstanceType<typeof FormulaError>;

/** Not an Excel error: Excel shows 0 and a warning for a circular reference. We say so instead. */
export const CYCLE_ERROR = "#CYCLE!";

export interface EvaluationResult {
  /** The computed value of every formula cell (and every cell of an array formula), by `Sheet!A1`. */
  values: Record<string, CellValue>;
  /** Circular references, each the set of cells that read each other. Their cells hold `#CYCLE!`. */
  cycles: string[][];
  /** Functions used in the workbook that the engine does not implement (their cells hold #NAME?). */
  unsupportedFunctions: string[];
  /** Cells whose value needs one of those functions, directly or through what they read: not truly computed. */
  uncomputed: string[];
  /** Formulas that did not parse or failed inside the engine (at most 100 listed). */
  problems: { ref: string; message: string }[];
}

/**
 * Recomputes every formula of a workbook from its inputs: references (cells, ranges, whole rows
 * and columns, other sheets, defined names) are resolved against the model, formulas run in
 * dependency order, cycles become `#CYCLE!` instead of a hang.
 */
export function evaluateWorkbook(
  model: WorkbookModel,
  options: { limits?: Partial<WorkbookLimits>; graph?: FormulaGraph } = {},
): EvaluationResult {
  const evaluator = new Evaluator(
    model,
    { ...defaultWorkbookLimits, ...options.limits },
    options.graph ?? buildFormulaGraph(model),
  );
  evaluator.run();
  const values: Record<string, CellValue> = {};
  for (const [id, v] of evaluator.computed) values[refOf(model, id)] = toCellValue(v);
  return {
    values,
    cycles: evaluator.cycles.map((c) => c.map((id) => refOf(model, id)).sort()),
    unsupportedFunctions: [...evaluator.unsupported].sort(),
    uncomputed: [...evaluator.computed.keys()].filter((id) => evaluator.isTainted(id)).map((id) => refOf(model, id)),
    problems: evaluator.problems,
  };
}

class Evaluator {
  readonly computed = new Map<number, unknown>();
  readonly unsupported = new Set<string>();
  /** Formula nodes that use an unsupported function or read one that does. */
  private readonly tainted = new Set<number>();
  private readonly precedents = new Map<number, number[]>();
  readonly problems: { ref: string; message: string }[] = [];
  cycles: number[][] = [];
  private readonly inProgress = new Set<number>();
  /** The parser keeps state while parsing: a formula evaluated from inside another one needs its own. */
  private readonly parsers: FormulaParserInstance[] = [];
  private depth = 0;
  private readonly sheetIndex = new Map<string, number>();

  constructor(
    private readonly model: WorkbookModel,
    private readonly limits: WorkbookLimits,
    private readonly graph: FormulaGraph,
  ) {}

  run(): void {
    const { references, parseErrors } = this.graph;
    const { order, cycles } = evaluationOrder([...references.keys(), ...parseErrors.keys()], (id) => {
      const refs = references.get(id);
      const precedents = refs ? formulaPrecedents(this.model, refs) : [];
      this.precedents.set(id, precedents);
      return precedents;
    });
    // A circular reference found statically is evaluated on demand: only a cell that really reads
    // itself again while being computed gets #CYCLE! (a lookup over a range holding its own cell
    // does not), which is how Excel behaves.
    this.cycles = cycles;
    for (const id of order) this.evaluateNode(id);
  }

  /** An array formula's cells share their master's fate. */
  isTainted(id: number): boolean {
    if (this.tainted.has(id)) return true;
    const cell = this.model.sheets[nodeSheet(id)].cells.get(nodeKey(id));
    return cell?.arrayMaster !== undefined && this.tainted.has(nodeId(nodeSheet(id), cell.arrayMaster));
  }

  private parser(): FormulaParserInstance {
    while (this.parsers.length <= this.depth) {
      this.parsers.push(
        new FormulaParser({
          functions: extraFunctions(),
          onVariable: (name, sheet) => resolveName(this.model, name, sheet),
          onCell: (ref) => this.cellValue(ref),
          onRange: (ref) => this.rangeValues(ref),
        }),
      );
    }
    return this.parsers[this.depth];
  }

  private evaluateNode(id: number): void {
    if (this.computed.has(id)) return;
    const sheetNo = nodeSheet(id);
    const sheet = this.model.sheets[sheetNo];
    const cell = sheet.cells.get(nodeKey(id))!;
    const ref = qualifiedRef(sheet.name, cell.row, cell.col);
    const formula = cell.formula!;
    for (const name of functionNames(formula)) {
      if (isSupportedFunction(name)) continue;
      this.unsupported.add(name);
      this.tainted.add(id);
    }
    if ((this.precedents.get(id) ?? []).some((p) => this.tainted.has(p))) this.tainted.add(id);
    let result: unknown;
    if (this.graph.parseErrors.has(id)) {
      result = new FormulaError("#ERROR!", "parse");
      this.problem(ref, this.graph.parseErrors.get(id)!);
    } else if (this.depth > 100) {
      result = FormulaError.REF;
      this.problem(ref, "Formulas nest more than 100 levels outside the dependency order.");
    } else {
      this.inProgress.add(id);
      try {
        result = this.parser().parse(
          normaliseFormula(formula),
          { sheet: sheet.name, row: cell.row, col: cell.col },
          !!cell.arrayRange,
        );
      } catch (err) {
        const message = err instanceof Error ? err.message.split("\n")[0] : String(err);
        const missing = /Function (\S+) is not implemented/.exec(message);
        if (missing) {
          this.unsupported.add(missing[1].toUpperCase());
          this.tainted.add(id);
        } else this.problem(ref, message);
        result = missing ? FormulaError.NAME : new FormulaError("#ERROR!", message);
      } finally {
        this.inProgress.delete(id);
      }
    }
    if (cell.arrayRange) this.spill(sheetNo, cell, result);
    else this.computed.set(id, result);
  }

  /** An array formula's result fills its area; a single value or a short array repeats like Excel's. */
  private spill(sheetNo: number, master: ModelCell, result: unknown): void {
    const area = master.arrayRange!;
    const grid = Array.isArray(result) ? (result as unknown[][]) : [[result]];
    for (let r = area.top; r <= area.bottom; r++) {
      for (let c = area.left; c <= area.right; c++) {
        const i = grid.length === 1 ? 0 : r - area.top;
        const row = grid[i];
        const j = row && row.length === 1 ? 0 : c - area.left;
        const v = row && j < row.length ? row[j] : FormulaError.NA;
        this.computed.set(nodeId(sheetNo, cellKey(r, c)), v);
      }
    }
  }

  private cellValue(ref: FfpCellRef): unknown {
    const s = this.resolveSheet(ref.sheet);
    if (s < 0) return FormulaError.REF;
    return this.valueAt(s, cellKey(ref.row, ref.col));
  }

  private valueAt(s: number, key: number): unknown {
    const cell = this.model.sheets[s].cells.get(key);
    if (!cell) return null;
    if (cell.formula === undefined && cell.arrayMaster === undefined) return toFormulaValue(cell.value);
    const id = nodeId(s, cell.arrayMaster ?? key);
    if (!this.computed.has(id)) {
      // Outside the precomputed order (a reference the dependency parser didn't see): evaluate now.
      if (this.inProgress.has(id)) return new FormulaError(CYCLE_ERROR);
      this.depth++;
      try {
        this.evaluateNode(id);
      } finally {
        this.depth--;
      }
    }
    return this.computed.get(nodeId(s, key)) ?? null;
  }

  private rangeValues(ref: FfpRangeRef): unknown[][] {
    const s = this.resolveSheet(ref.sheet);
    if (s < 0) throw FormulaError.REF;
    const sheet = this.model.sheets[s];
    // Clip the far edges to the used area, keeping the near ones so positions (MATCH, INDEX) hold.
    const b = sheet.bounds;
    const bottom = Math.max(ref.from.row, Math.min(ref.to.row, b?.bottom ?? ref.from.row));
    const right = Math.max(ref.from.col, Math.min(ref.to.col, b?.right ?? ref.from.col));
    if ((bottom - ref.from.row + 1) * (right - ref.from.col + 1) > this.limits.maxRangeCells) {
      throw new FormulaError("#REF!", `A range covers more than ${this.limits.maxRangeCells} cells.`);
    }
    const rows: unknown[][] = [];
    const inside = clipToSheet({ top: ref.from.row, left: ref.from.col, bottom, right }, sheet);
    for (let r = ref.from.row; r <= bottom; r++) {
      const row: unknown[] = [];
      for (let c = ref.from.col; c <= right; c++) {
        row.push(
          inside && r >= inside.top && r <= inside.bottom && c >= inside.left && c <= inside.right
            ? this.valueAt(s, cellKey(r, c))
            : null,
        );
      }
      rows.push(row);
    }
    return rows;
  }

  private resolveSheet(name: string | undefined): number {
    if (name === undefined) return -1;
    let s = this.sheetIndex.get(name);
    if (s === undefined) {
      s = findSheetIndex(this.model, name);
      this.sheetIndex.set(name, s);
    }
    return s;
  }

  private problem(ref: string, message: string): void {
    if (this.problems.length < 100) this.problems.push({ ref, message });
  }
}

function refOf(model: WorkbookModel, id: number): string {
  const { row, col } = keyToAddress(nodeKey(id));
  return qualifiedRef(model.sheets[nodeSheet(id)].name, row, col);
}

export function toFormulaValue(v: CellValue): unknown {
  if (v !== null && typeof v === "object") return new FormulaError(v.error);
  return v;
}

/** The engine's answer as a cell value; an empty reference reads as 0, as in Excel. */
export function toCellValue(v: unknown): CellValue {
  if (v instanceof FormulaError) return { error: (v as FormulaErrorValue).error };
  if (typeof v === "number") return Number.isFinite(v) ? v + 0 : { error: Number.isNaN(v) ? "#VALUE!" : "#NUM!" };
  if (typeof v === "string" || typeof v === "boolean") return v;
  if (v === null || v === undefined) return 0;
  if (Array.isArray(v)) return toCellValue(v[0]?.[0]);
  return { error: "#VALUE!" };
}
