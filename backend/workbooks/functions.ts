import * as formulajs from "@formulajs/formulajs";
import FormulaParser, { type FfpArg } from "fast-formula-parser";
import { databaseFunctions } from "./database-functions.ts";
import { vdb } from "./vdb.ts";

/**
 * The function library: fast-formula-parser's built-ins where it implements them well, formulajs
 * for the rest (financial, database, engineering...), Excel's legacy names mapped to their modern
 * functions, and our own VDB, which neither library has. Both libraries are MIT; HyperFormula
 * (GPL-3) is deliberately not used.
 */
const { FormulaError } = FormulaParser;

type FfpFunction = (...args: FfpArg[]) => unknown;

const builtInFunctions = new FormulaParser().functions as unknown as Record<string, FfpFunction>;

/** fast-formula-parser lists some names whose body is empty but for comments (MAX, SUBTOTAL...): those aren't built in. */
const builtIn = new Set(
  Object.entries(builtInFunctions)
    .filter(
      ([, fn]) =>
        !/^\s*(?:function\s*)?\([^)]*\)\s*=>\s*\{\s*\}\s*$/.test(
          fn.toString().replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, ""),
        ),
    )
    .map(([name]) => name),
);

/**
 * Built-ins that disagree with Excel where formulajs agrees (checked against workbooks saved by
 * Excel): ROUND(1.005,2) is 1.01, ROUNDUP(1.1,1) is 1.1, SEARCH ignores case, COUNTIF skips
 * booleans, AVERAGEA counts TRUE in a range, WEEKNUM of 2013-06-09 is 24, BESSELI of empty
 * cells is 1, FREQUENCY outside an array formula is its first count.
 */
const preferFormulajs = new Set([
  "ROUND",
  "ROUNDUP",
  "ROUNDDOWN",
  "SEARCH",
  "COUNTIF",
  "AVERAGEA",
  "WEEKNUM",
  "BESSELI",
  "FREQUENCY",
]);

/**
 * Not evaluated (their cells get #NAME? and they are listed as unsupported): functions that read
 * references themselves or the environment, and ones whose only implementation disagrees with
 * Excel (LOGEST rounds to 6 decimals, TTEST is off in the third digit). A wrong number is worse
 * than an honest #NAME?. (formulajs's database functions ignore blank criteria: ours replace them.)
 */
const unsupported = new Set([
  ...["OFFSET", "INDIRECT", "CELL", "INFO", "GETPIVOTDATA", "HYPERLINK", "WEBSERVICE", "PHONETIC"],
  ...["LOGEST", "TTEST", "T.TEST"],
]);

const formulajsFunctions = new Map<string, (...args: unknown[]) => unknown>();
(function collect(obj: Record<string, unknown>, prefix: string) {
  for (const [key, value] of Object.entries(obj)) {
    if (typeof value === "function")
      formulajsFunctions.set(`${prefix}${key}`.toUpperCase(), value as (...args: unknown[]) => unknown);
    else if (value && typeof value === "object" && /^[A-Z]/.test(key))
      collect(value as Record<string, unknown>, `${prefix}${key}.`);
  }
})(formulajs as unknown as Record<string, unknown>, "");

const TRUE: FfpArg = { value: true, isArray: false };
const FALSE: FfpArg = { value: false, isArray: false };

/** Excel's pre-2010 names (and a few synonyms), as calls to the modern function. */
const legacy: Record<string, [string, ((args: FfpArg[]) => FfpArg[])?]> = {
  NORMSDIST: ["NORM.S.DIST", (a) => [a[0], TRUE]],
  NORMSINV: ["NORM.S.INV"],
  NORMDIST: ["NORM.DIST"],
  NORMINV: ["NORM.INV"],
  LOGNORMDIST: ["LOGNORM.DIST", (a) => [...a.slice(0, 3), TRUE]],
  LOGINV: ["LOGNORM.INV"],
  CHIDIST: ["CHISQ.DIST.RT"],
  CHIINV: ["CHISQ.INV.RT"],
  CHITEST: ["CHISQ.TEST"],
  FDIST: ["F.DIST.RT"],
  FINV: ["F.INV.RT"],
  FTEST: ["F.TEST"],
  TINV: ["T.INV.2T"],
  TTEST: ["T.TEST"],
  BETADIST: ["BETA.DIST", (a) => [a[0], a[1], a[2], TRUE, ...a.slice(3)]],
  BETAINV: ["BETA.INV"],
  BINOMDIST: ["BINOM.DIST"],
  CRITBINOM: ["BINOM.INV"],
  EXPONDIST: ["EXPON.DIST"],
  GAMMADIST: ["GAMMA.DIST"],
  GAMMAINV: ["GAMMA.INV"],
  HYPGEOMDIST: ["HYPGEOM.DIST", (a) => [...a.slice(0, 4), FALSE]],
  NEGBINOMDIST: ["NEGBINOM.DIST", (a) => [...a.slice(0, 3), FALSE]],
  POISSON: ["POISSON.DIST"],
  WEIBULL: ["WEIBULL.DIST"],
  ZTEST: ["Z.TEST"],
  COVAR: ["COVARIANCE.P"],
  STDEV: ["STDEV.S"],
  STDEVP: ["STDEV.P"],
  VAR: ["VAR.S"],
  VARP: ["VAR.P"],
  MODE: ["MODE.SNGL"],
  PERCENTILE: ["PERCENTILE.INC"],
  PERCENTRANK: ["PERCENTRANK.INC"],
  QUARTILE: ["QUARTILE.INC"],
  RANK: ["RANK.EQ"],
  CONFIDENCE: ["CONFIDENCE.NORM"],
  "ECMA.CEILING": ["CEILING"],
  SEARCHB: ["SEARCH"],
};

/** formulajs returns these as a flat list; Excel returns a column. */
const columnResults = new Set(["MODE.MULT", "FREQUENCY"]);

/** Complex-number results: Excel writes their parts with 15 significant digits. */
const complexResults =
  /^(COMPLEX|IM(CONJUGATE|COSH?|COT|CSCH?|DIV|EXP|LN|LOG10|LOG2|POWER|PRODUCT|SECH?|SINH?|SQRT|SUB|SUM|TAN))$/;

/**
 * Functions that look at errors themselves, or only at the cells they pick, or get references
 * rather than values: every other function answers the first error among its arguments, ranges
 * included, as Excel does (fast-formula-parser's SUM would skip a #DIV/0! in its range).
 */
const errorAware = new Set([
  ...[
    "COUNT",
    "COUNTA",
    "COUNTBLANK",
    "COUNTIF",
    "COUNTIFS",
    "SUMIF",
    "SUMIFS",
    "AVERAGEIF",
    "AVERAGEIFS",
    "AGGREGATE",
  ],
  ...[
    "IF",
    "IFS",
    "IFERROR",
    "IFNA",
    "ISERROR",
    "ISERR",
    "ISNA",
    "ISBLANK",
    "ISTEXT",
    "ISNUMBER",
    "ISLOGICAL",
    "ISNONTEXT",
    "ISREF",
    "ERROR.TYPE",
    "TYPE",
  ],
  ...[
    "CHOOSE",
    "INDEX",
    "MATCH",
    "VLOOKUP",
    "HLOOKUP",
    "LOOKUP",
    "ROW",
    "ROWS",
    "COLUMN",
    "COLUMNS",
    "AREAS",
    "OFFSET",
    "INDIRECT",
    "WEBSERVICE",
  ],
]);

function firstError(v: unknown): unknown {
  if (v instanceof FormulaError) return v;
  if (!Array.isArray(v)) return undefined;
  for (const row of v) {
    if (row instanceof FormulaError) return row;
    if (Array.isArray(row)) for (const x of row) if (x instanceof FormulaError) return x;
  }
  return undefined;
}

function propagatingErrors(name: string, fn: FfpFunction): FfpFunction {
  if (errorAware.has(name)) return fn;
  return (...args) => {
    for (const a of args) {
      const error = a && typeof a === "object" && "value" in a ? firstError(a.value) : undefined;
      if (error) return error;
    }
    return fn(...args);
  };
}

function implementation(name: string): FfpFunction | undefined {
  if (builtIn.has(name) && !preferFormulajs.has(name)) {
    const fn = builtInFunctions[name];
    return propagatingErrors(name, complexResults.test(name) ? (...args) => excelComplexText(fn(...args)) : fn);
  }
  const fn = formulajsFunctions.get(name);
  if (!fn) return undefined;
  return propagatingErrors(name, (...args) => {
    const values = args.map((a) => (a.omitted ? undefined : a.value));
    // TREND and GROWTH without new x's fit the known x's (formulajs needs them spelled out).
    if ((name === "TREND" || name === "GROWTH") && values[2] === undefined) values[2] = values[1];
    return fromFormulajs(fn(...values), columnResults.has(name));
  });
}

let table: Record<string, FfpFunction> | undefined;

/** The `functions` option for FormulaParser: replacements and additions to its built-ins. */
export function extraFunctions(): Record<string, FfpFunction> {
  table ??= buildTable();
  return table;
}

function buildTable(): Record<string, FfpFunction> {
  const extra: Record<string, FfpFunction> = {
    ...(databaseFunctions as Record<string, FfpFunction>),
    VDB: (...args) => vdb(...args.map((a) => (a.omitted ? undefined : a.value))),
    CHOOSE: (...args) => {
      // CHOOSE is called with the parser's context first, then its arguments.
      const [, index, ...choices] = args as unknown as [unknown, FfpArg, ...FfpArg[]];
      const n = Math.trunc(Number(index.value));
      if (!(n >= 1 && n <= choices.length)) throw FormulaError.VALUE;
      return choices[n - 1].value;
    },
  };
  for (const name of new Set([...formulajsFunctions.keys(), ...builtIn])) {
    if (extra[name] || unsupported.has(name) || name in legacy) continue;
    const fn = implementation(name);
    if (fn) extra[name] = fn;
  }
  for (const [name, [target, mapArgs]] of Object.entries(legacy)) {
    const fn = extra[target] ?? (builtIn.has(target) ? propagatingErrors(target, builtInFunctions[target]) : undefined);
    if (fn) extra[name] = (...args) => fn(...(mapArgs ? mapArgs(args) : args));
  }
  // fast-formula-parser's INDEX answers a cell of a range on another sheet without that sheet, so
  // the cell would be read on the formula's own sheet.
  const index = builtInFunctions.INDEX as unknown as (...args: unknown[]) => unknown;
  extra.INDEX = ((context: unknown, range: { ref?: { sheet?: string } } | null, ...rest: unknown[]) => {
    const result = index(context, range, ...rest) as { ref?: { sheet?: string } } | undefined;
    if (result?.ref && result.ref.sheet === undefined && range?.ref?.sheet !== undefined)
      result.ref.sheet = range.ref.sheet;
    return result;
  }) as unknown as FfpFunction;

  // SUBTOTAL as its function number says (hidden rows and nested SUBTOTALs are not known here, so
  // 101-111 behave as 1-11 and a nested SUBTOTAL is counted).
  const subtotals = [
    "AVERAGE",
    "COUNT",
    "COUNTA",
    "MAX",
    "MIN",
    "PRODUCT",
    "STDEV.S",
    "STDEV.P",
    "SUM",
    "VAR.S",
    "VAR.P",
  ];
  extra.SUBTOTAL = (fnNum, ...refs) => {
    const name = subtotals[(Math.trunc(Number(fnNum?.value)) % 100) - 1];
    const fn = name ? extra[name] : undefined;
    if (!fn) throw FormulaError.VALUE;
    return fn(...refs);
  };
  extra.TDIST = (x, df, tails) => {
    const fn = Number(tails?.value) === 1 ? extra["T.DIST.RT"] : extra["T.DIST.2T"];
    return fn(x, df);
  };
  return extra;
}

/** Whether the engine evaluates a function (names as written; `_xlfn.` prefixes are ignored). */
export function isSupportedFunction(name: string): boolean {
  const upper = name
    .toUpperCase()
    .replace(/^_XLFN\./, "")
    .replace(/^_XLWS\./, "");
  if (unsupported.has(upper)) return false;
  return (
    builtIn.has(upper) ||
    formulajsFunctions.has(upper) ||
    upper in legacy ||
    ["VDB", "CHOOSE", "TDIST", "SUBTOTAL"].includes(upper) ||
    upper in databaseFunctions
  );
}

const errorCodes = new Set(["#NULL!", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#N/A"]);

/** formulajs answers errors as Error objects, dates as Date and some arrays flat; the parser wants FormulaError, serials and rows. */
function fromFormulajs(result: unknown, asColumn: boolean): unknown {
  if (result instanceof FormulaError) return result;
  if (result instanceof Error) return new FormulaError(errorCodes.has(result.message) ? result.message : "#VALUE!");
  if (result instanceof Date) return dateToSerial(result);
  if (result === undefined) return FormulaError.VALUE;
  if (Array.isArray(result) && result.length && !Array.isArray(result[0]))
    return asColumn ? result.map((v) => [v]) : [result];
  return result;
}

/** formulajs builds dates from local-time parts; read them back the same way. */
function dateToSerial(d: Date): number {
  const utc = Date.UTC(
    d.getFullYear(),
    d.getMonth(),
    d.getDate(),
    d.getHours(),
    d.getMinutes(),
    d.getSeconds(),
    d.getMilliseconds(),
  );
  return utc / 86_400_000 + 25_569;
}

function excelComplexText(v: unknown): unknown {
  if (typeof v !== "string") return v;
  return v.replace(/\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g, (n) =>
    String(Number(Number(n).toPrecision(15))).replace("e", "E"),
  );
}
