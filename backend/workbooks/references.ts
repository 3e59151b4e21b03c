import FormulaParser, { type FfpCellRef, type FfpPosition, type FfpRangeRef } from "fast-formula-parser";
import { findSheetIndex, type WorkbookModel } from "./model.ts";
import { parseArea, splitSheetRef, type RangeAddress } from "./refs.ts";

/** A reference read from a formula, resolved to a sheet of the model (-1: no such sheet). */
export interface FormulaReference {
  sheet: number;
  area: RangeAddress;
  /** Written as a single cell (A1), not a range (A1:A1). */
  single: boolean;
}

/**
 * Excel writes a reference to a name of this very workbook as `[0]!name` in some files; the
 * parser doesn't read external-workbook brackets. A leading "=" is accepted too.
 */
export function normaliseFormula(formula: string): string {
  return formula.replace(/^\s*=/, "").replace(/\[0\]!/g, "");
}

/** A defined name as the parser wants it, or null (unknown name, or not a single area). */
export function resolveName(model: WorkbookModel, name: string, sheet: string): FfpCellRef | FfpRangeRef | null {
  const lower = name.toLowerCase();
  const matches = model.names.filter((n) => n.name.toLowerCase() === lower);
  // A name local to the formula's sheet wins over a workbook-wide one.
  const found = matches.find((n) => n.scope?.toLowerCase() === sheet.toLowerCase()) ?? matches.find((n) => !n.scope);
  if (!found) return null;
  const { sheet: target, ref } = splitSheetRef(found.ref.replace(/^=/, ""));
  const area = parseArea(ref);
  if (!area) return null;
  const onSheet = target ?? found.scope ?? sheet;
  if (area.top === area.bottom && area.left === area.right) return { sheet: onSheet, row: area.top, col: area.left };
  return { sheet: onSheet, from: { row: area.top, col: area.left }, to: { row: area.bottom, col: area.right } };
}

/** They read where a reference is, not its value: ROW(B7) in B7 is not a circular reference. */
const positionOnly = new Set(["ROW", "ROWS", "COLUMN", "COLUMNS", "AREAS", "ISREF"]);

/** fast-formula-parser's dependency parser, without its de-duplication (which ignores the sheet). */
class ReferenceCollector extends FormulaParser.DepParser {
  callFunction(name: string, args: unknown[]): unknown {
    if (positionOnly.has(name.toUpperCase().replace(/^_XLFN\./, ""))) return { value: 0, ref: {} };
    return super.callFunction(name, args);
  }

  getCell(ref: FfpCellRef): number {
    if (ref.row != null) this.data.push({ sheet: ref.sheet ?? this.position.sheet, row: ref.row, col: ref.col });
    return 0;
  }

  getRange(ref: FfpRangeRef): number[][] {
    if (ref.from.row != null)
      this.data.push({ sheet: ref.sheet ?? this.position.sheet, from: { ...ref.from }, to: { ...ref.to } });
    return [[0]];
  }
}

export class ReferenceReader {
  private readonly collector: ReferenceCollector;

  constructor(private readonly model: WorkbookModel) {
    this.collector = new ReferenceCollector({ onVariable: (name, sheet) => resolveName(model, name, sheet) });
  }

  /** Every cell and range a formula reads, in the order written, duplicates removed. Throws on a formula that doesn't parse. */
  read(formula: string, position: FfpPosition): FormulaReference[] {
    const raw = this.collector.parse(normaliseFormula(formula), position);
    const seen = new Set<string>();
    const refs: FormulaReference[] = [];
    for (const r of raw) {
      const sheet = findSheetIndex(this.model, r.sheet ?? position.sheet);
      const area =
        "from" in r
          ? { top: r.from.row, left: r.from.col, bottom: r.to.row, right: r.to.col }
          : { top: r.row, left: r.col, bottom: r.row, right: r.col };
      const single = !("from" in r);
      const key = `${sheet}:${area.top}:${area.left}:${area.bottom}:${area.right}:${single}`;
      if (seen.has(key)) continue;
      seen.add(key);
      refs.push({ sheet, area, single });
    }
    return refs;
  }
}

/** Function names a formula calls (outside string literals), upper-case, `_xlfn.` removed. */
export function functionNames(formula: string): string[] {
  const withoutStrings = formula.replace(/"(?:""|[^"])*"/g, '""');
  const names = new Set<string>();
  for (const m of withoutStrings.matchAll(/(?<![A-Za-z0-9_.!$'])([A-Za-z_][A-Za-z0-9_.]*)\s*\(/g)) {
    names.add(
      m[1]
        .toUpperCase()
        .replace(/^_XLFN\./, "")
        .replace(/^_XLWS\./, ""),
    );
  }
  return [...names];
}
