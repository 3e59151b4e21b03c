import FormulaParser, { type FfpArg } from "fast-formula-parser";

const { FormulaError } = FormulaParser;

/**
 * Excel's database functions (DSUM, DAVERAGE, DGET...): the rows of `database` (a range whose
 * first row holds the labels) that meet `criteria` (labels, then one row per alternative: cells
 * of a row must all hold, any row may), and of those rows the `field` column (a label or a
 * 1-based number). Text criteria match like Excel's: "V8" matches text beginning with V8, "=V8"
 * only V8, case-insensitively, with * ? and ~ wildcards; "<10", ">=x", "<>y" compare.
 */
export const databaseFunctions: Record<string, (database: FfpArg, field: FfpArg, criteria: FfpArg) => unknown> = {
  DSUM: (d, f, c) => numbers(d, f, c).reduce((a, b) => a + b, 0),
  DPRODUCT: (d, f, c) => numbers(d, f, c).reduce((a, b) => a * b, 1),
  DCOUNT: (d, f, c) => numbers(d, f, c).length,
  DCOUNTA: (d, f, c) => column(d, f, c).filter((v) => v !== null && v !== undefined && v !== "").length,
  DAVERAGE: (d, f, c) => mean(nonEmpty(numbers(d, f, c), FormulaError.DIV0)),
  DMAX: (d, f, c) => (numbers(d, f, c).length ? Math.max(...numbers(d, f, c)) : 0),
  DMIN: (d, f, c) => (numbers(d, f, c).length ? Math.min(...numbers(d, f, c)) : 0),
  DVAR: (d, f, c) => variance(numbers(d, f, c), 1),
  DVARP: (d, f, c) => variance(numbers(d, f, c), 0),
  DSTDEV: (d, f, c) => Math.sqrt(variance(numbers(d, f, c), 1)),
  DSTDEVP: (d, f, c) => Math.sqrt(variance(numbers(d, f, c), 0)),
  DGET: (d, f, c) => {
    const values = column(d, f, c);
    if (values.length === 0) throw FormulaError.VALUE;
    if (values.length > 1) throw FormulaError.NUM;
    return values[0];
  },
};

function numbers(database: FfpArg, field: FfpArg, criteria: FfpArg): number[] {
  return column(database, field, criteria).filter((v): v is number => typeof v === "number");
}

/** The field's values in the rows that meet the criteria. */
function column(database: FfpArg, field: FfpArg, criteria: FfpArg): unknown[] {
  const table = grid(database);
  const conditions = grid(criteria);
  const labels = table[0].map(label);
  const fieldIndex = typeof field.value === "number" ? Math.trunc(field.value) - 1 : labels.indexOf(label(field.value));
  if (fieldIndex < 0 || fieldIndex >= labels.length) throw FormulaError.VALUE;
  const tests = conditions.slice(1).map((row) =>
    row.flatMap((value, i) => {
      if (value === null || value === undefined || value === "") return [];
      const col = labels.indexOf(label(conditions[0][i]));
      if (col < 0) return [() => false];
      const matches = matcher(value);
      return [(r: unknown[]) => matches(r[col])];
    }),
  );
  return table
    .slice(1)
    .filter((row) => tests.some((all) => all.every((t) => t(row))))
    .map((row) => row[fieldIndex]);
}

function grid(arg: FfpArg): unknown[][] {
  const v = arg.value;
  if (v instanceof FormulaError) throw v;
  if (!Array.isArray(v) || v.length < 1) throw FormulaError.VALUE;
  return v as unknown[][];
}

function label(v: unknown): string {
  return String(v ?? "")
    .trim()
    .toLowerCase();
}

function matcher(criterion: unknown): (value: unknown) => boolean {
  if (typeof criterion !== "string") return (v) => v === criterion;
  const m = /^(<=|>=|<>|<|>|=)?(.*)$/s.exec(criterion)!;
  const op = m[1];
  const operand = m[2];
  const number = operand.trim() !== "" && Number.isFinite(Number(operand)) ? Number(operand) : undefined;
  if (op && op !== "=" && op !== "<>") {
    return (v) => {
      if (number !== undefined) return typeof v === "number" && compare(v, number, op);
      return typeof v === "string" && compare(v.toLowerCase().localeCompare(operand.toLowerCase()), 0, op);
    };
  }
  const equal = (v: unknown) =>
    number !== undefined && typeof v === "number"
      ? v === number
      : typeof v === "string" && wildcard(operand, !op).test(v);
  return op === "<>" ? (v) => !equal(v) : equal;
}

function compare(a: number, b: number, op: string): boolean {
  return op === "<" ? a < b : op === "<=" ? a <= b : op === ">" ? a > b : a >= b;
}

/** * and ? as wildcards, ~ escaping them; without an operator a text criterion matches a prefix. */
function wildcard(pattern: string, prefix: boolean): RegExp {
  let source = "";
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === "~" && i + 1 < pattern.length) source += escape(pattern[++i]);
    else if (ch === "*") source += ".*";
    else if (ch === "?") source += ".";
    else source += escape(ch);
  }
  return new RegExp(`^${source}${prefix ? "" : "$"}`, "is");
}

function escape(ch: string): string {
  return ch.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function nonEmpty(values: number[], error: InstanceType<typeof FormulaError>): number[] {
  if (!values.length) throw error;
  return values;
}

function mean(values: number[]): number {
  return values.reduce((a, b) => a + b, 0) / values.length;
}

function variance(values: number[], ddof: 0 | 1): number {
  if (values.length <= ddof) throw FormulaError.DIV0;
  const m = mean(values);
  return values.reduce((a, v) => a + (v - m) ** 2, 0) / (values.length - ddof);
}
