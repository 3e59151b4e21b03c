import ExcelJS from "exceljs";
import { buildFormulaGraph, nodeId } from "./dependency-graph.ts";
import { WorkbookError } from "./errors.ts";
import { CYCLE_ERROR, evaluateWorkbook } from "./evaluate.ts";
import { inspectPackage } from "./inspect-package.ts";
import { defaultWorkbookLimits, type WorkbookLimits } from "./limits.ts";
import { definedNames, modelFromWorkbook, readSource, type WorkbookSource } from "./load-workbook.ts";
import { type CellValue, type DefinedName, type WorkbookModel } from "./model.ts";
import { normaliseFormula } from "./references.ts";
import { cellKey, columnName, parseAddress, qualifiedRef } from "./refs.ts";
import { writeWorkbookSpec, type WriteCellSpec, type WriteSheetSpec } from "./write-workbook-spec.ts";

export interface WriteWorkbookOptions {
  /** A workbook to edit instead of starting empty: its sheets, formats and formulas are kept. */
  base?: WorkbookSource;
  limits?: Partial<WorkbookLimits>;
}

export interface WriteWorkbookResult {
  bytes: Uint8Array;
  summary: {
    sheets: string[];
    cellsWritten: number;
    /**
     * Computed values by `Sheet!A1` of the formulas written now and, when editing, of every formula
     * whose value changed (at most 1,000; `valuesTruncated` says when more were left out).
     */
    values: Record<string, CellValue>;
    valuesTruncated: boolean;
    /** Formulas whose value is an error (at most 100): worth a look before handing the file over. */
    errors: { ref: string; error: string }[];
    /**
     * Formulas we could not compute (they need an unsupported function): written without a cached
     * value, so Excel computes them on open and other readers show them empty (at most 100).
     */
    notComputed: string[];
    /** Parts of the base workbook that exceljs does not carry over: they are not in the new file. */
    droppedFeatures: string[];
    cycles: string[][];
    unsupportedFunctions: string[];
  };
}

/**
 * The `write_workbook` tool: builds (or edits) an .xlsx with live formulas, number formats, bold,
 * fills, column widths and comments citing each hard-coded input's source. Every formula is also
 * computed by our evaluator and its result cached in the file, so readers that don't recalculate
 * show the right numbers; Excel is told to recalculate on open all the same.
 */
export async function writeWorkbook(input: unknown, options: WriteWorkbookOptions = {}): Promise<WriteWorkbookResult> {
  const limits = { ...defaultWorkbookLimits, ...options.limits };
  const spec = parseSpec(input);
  const workbook = new ExcelJS.Workbook();
  let names: DefinedName[] = [];
  let droppedFeatures: string[] = [];
  if (options.base) {
    const bytes = await readSource(options.base, limits);
    const facts = await inspectPackage(bytes, limits);
    try {
      await workbook.xlsx.load(
        Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ExcelJS.Buffer,
      );
    } catch (err) {
      throw new WorkbookError(
        "workbook/corrupt",
        `The base workbook can't be read: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    names = facts.workbookXml ? definedNames(facts.workbookXml) : [];
    droppedFeatures = unsupportedParts
      .filter(([pattern]) => facts.parts.some((p) => pattern.test(p)))
      .map(([, feature]) => feature);
  }
  const baseValues = options.base
    ? formulaValues(modelFromWorkbook(workbook, names, limits))
    : new Map<string, CellValue>();
  const written: { sheet: string; row: number; col: number }[] = [];
  const seen = new Set<string>();
  for (const sheetSpec of spec.sheets) {
    if (seen.has(sheetSpec.name.toLowerCase())) throw invalid(`The sheet "${sheetSpec.name}" is given twice.`);
    seen.add(sheetSpec.name.toLowerCase());
    const ws =
      workbook.worksheets.find((w) => w.name.toLowerCase() === sheetSpec.name.toLowerCase()) ??
      workbook.addWorksheet(sheetSpec.name);
    writeSheet(ws, sheetSpec, written, limits);
  }
  for (const n of spec.names ?? []) {
    if (names.some((d) => d.name.toLowerCase() === n.name.toLowerCase() && !d.scope))
      throw invalid(`The workbook already has a name "${n.name}".`);
    names = [...names, { name: n.name, ref: n.ref }];
    try {
      workbook.definedNames.add(n.ref, n.name);
    } catch {
      throw invalid(`The name "${n.name}" must refer to cells, like Sheet1!$B$4 (got "${n.ref}").`);
    }
  }

  const model = modelFromWorkbook(workbook, names, limits);
  const graph = buildFormulaGraph(model);
  for (const w of written) {
    const s = model.sheets.findIndex((sh) => sh.name === w.sheet);
    const id = nodeId(s, cellKey(w.row, w.col));
    const where = qualifiedRef(w.sheet, w.row, w.col);
    if (graph.parseErrors.has(id)) throw invalid(`The formula in ${where} doesn't parse: ${graph.parseErrors.get(id)}`);
    if (graph.references.get(id)?.some((r) => r.sheet < 0))
      throw invalid(`The formula in ${where} reads a sheet the workbook doesn't have.`);
  }
  const evaluation = evaluateWorkbook(model, { limits, graph });
  const uncomputed = new Set(evaluation.uncomputed);
  cacheResults(workbook, evaluation.values, uncomputed);
  workbook.calcProperties.fullCalcOnLoad = true;
  const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
  const writtenRefs = new Set(written.map((w) => qualifiedRef(w.sheet, w.row, w.col)));
  const changed = (ref: string, v: CellValue) =>
    writtenRefs.has(ref) || !baseValues.has(ref) || JSON.stringify(baseValues.get(ref)) !== JSON.stringify(v);
  const reported = Object.entries(evaluation.values).filter(([ref, v]) => !uncomputed.has(ref) && changed(ref, v));
  const errors = Object.entries(evaluation.values)
    .filter((e): e is [string, { error: string }] => e[1] !== null && typeof e[1] === "object" && !uncomputed.has(e[0]))
    .slice(0, 100)
    .map(([ref, v]) => ({ ref, error: v.error }));
  return {
    bytes,
    summary: {
      sheets: workbook.worksheets.map((w) => w.name),
      cellsWritten: written.length,
      values: Object.fromEntries(reported.slice(0, 1_000)),
      valuesTruncated: reported.length > 1_000,
      errors,
      notComputed: evaluation.uncomputed.slice(0, 100),
      droppedFeatures,
      cycles: evaluation.cycles,
      unsupportedFunctions: evaluation.unsupportedFunctions,
    },
  };
}

/** The cached value of every formula cell of a model, by `Sheet!A1`. */
function formulaValues(model: WorkbookModel): Map<string, CellValue> {
  const values = new Map<string, CellValue>();
  for (const sheet of model.sheets) {
    for (const cell of sheet.cells.values())
      if (cell.formula !== undefined || cell.arrayMaster !== undefined)
        values.set(qualifiedRef(sheet.name, cell.row, cell.col), cell.value);
  }
  return values;
}

function parseSpec(input: unknown) {
  const parsed = writeWorkbookSpec.safeParse(input);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join(".") || "spec"}: ${i.message}`);
  throw invalid(`The workbook spec is not valid: ${issues.join("; ")}`);
}

function writeSheet(
  ws: ExcelJS.Worksheet,
  spec: WriteSheetSpec,
  written: { sheet: string; row: number; col: number }[],
  limits: WorkbookLimits,
): void {
  spec.columns?.forEach((c, i) => {
    if (c) ws.getColumn(i + 1).width = c.width;
  });
  const cells: WriteCellSpec[] = [];
  spec.rows?.forEach((row, r) =>
    row.forEach((item, c) => {
      const ref = `${columnName(c + 1)}${r + 1}`;
      if (item !== null && typeof item === "object") cells.push({ ...item, ref });
      else if (typeof item === "string" && item.startsWith("=")) cells.push({ ref, formula: item });
      else if (item !== null && item !== "") cells.push({ ref, value: item });
    }),
  );
  cells.push(...(spec.cells ?? []));
  if (written.length + cells.length > limits.maxCells)
    throw new WorkbookError("workbook/too-large", `The spec writes more than ${limits.maxCells} cells.`, {
      limit: limits.maxCells,
    });
  for (const c of cells) {
    if (c.ref.includes("!"))
      throw invalid(`Cell refs in a sheet's spec have no sheet name: "${c.ref}" (in "${spec.name}").`);
    const { row, col } = parseAddress(c.ref);
    const cell = ws.getCell(row, col);
    if (c.formula !== undefined) cell.value = { formula: normaliseFormula(c.formula) } as ExcelJS.CellFormulaValue;
    else if (c.value !== undefined) cell.value = c.value;
    if (c.numFmt) cell.numFmt = c.numFmt;
    if (c.bold !== undefined || c.italic !== undefined || c.fontColor) {
      cell.font = {
        ...cell.font,
        ...(c.bold !== undefined ? { bold: c.bold } : {}),
        ...(c.italic !== undefined ? { italic: c.italic } : {}),
        ...(c.fontColor ? { color: { argb: argb(c.fontColor) } } : {}),
      };
    }
    if (c.fill) cell.fill = { type: "pattern", pattern: "solid", fgColor: { argb: argb(c.fill) } };
    const note = [c.comment, c.source ? sourceNote(c.source) : undefined].filter(Boolean).join("\n\n");
    if (note) cell.note = note;
    written.push({ sheet: ws.name, row, col });
  }
  if (spec.freeze) {
    const { row, col } = parseAddress(spec.freeze);
    ws.views = [{ state: "frozen", xSplit: col - 1, ySplit: row - 1 }];
  }
}

/** Parts exceljs reads but does not write back. */
const unsupportedParts: [RegExp, string][] = [
  [/^xl\/charts\//, "charts"],
  [/^xl\/pivotTables\//, "pivot tables"],
  [/^xl\/slicers\//, "slicers"],
  [/^xl\/externalLinks\//, "links to other workbooks"],
  [/^xl\/vbaProject\.bin$/, "macros"],
];

/** The comment that cites where a hard-coded input comes from. */
export function sourceNote(source: { file_id: string; page?: number; quote?: string }): string {
  const where = `Source: file ${source.file_id}${source.page ? `, page ${source.page}` : ""}`;
  return source.quote ? `${where}\n"${source.quote}"` : where;
}

/**
 * Our results as the formulas' cached values. Left without one (Excel computes them on open):
 * formulas we couldn't compute, and errors that aren't Excel's (#CYCLE!, #ERROR!).
 */
function cacheResults(workbook: ExcelJS.Workbook, values: Record<string, CellValue>, uncomputed: Set<string>): void {
  for (const ws of workbook.worksheets) {
    ws.eachRow({ includeEmpty: false }, (row) =>
      row.eachCell({ includeEmpty: false }, (cell) => {
        const ref = qualifiedRef(ws.name, Number(cell.row), Number(cell.col));
        if (!(ref in values)) return;
        const v = values[ref];
        const excelError = v !== null && typeof v === "object" && v.error !== CYCLE_ERROR && v.error !== "#ERROR!";
        const result = uncomputed.has(ref)
          ? undefined
          : v !== null && typeof v === "object"
            ? excelError
              ? { error: v.error }
              : undefined
            : v;
        const current = cell.value;
        if (current && typeof current === "object" && ("formula" in current || "sharedFormula" in current)) {
          cell.value = { ...current, result } as ExcelJS.CellValue;
        } else if (cell.type !== ExcelJS.ValueType.Merge && result !== undefined) {
          cell.value = result as ExcelJS.CellValue; // a cell of an array formula's area
        }
      }),
    );
  }
}

function argb(hex: string): string {
  return `FF${hex.replace("#", "").toUpperCase()}`;
}

function invalid(message: string): WorkbookError {
  return new WorkbookError("workbook/invalid-spec", message);
}
