/** The parts of fast-formula-parser (MIT, untyped) that the evaluator uses. */
declare module "fast-formula-parser" {
  export interface FfpCellRef {
    sheet?: string;
    row: number;
    col: number;
  }
  export interface FfpRangeRef {
    sheet?: string;
    from: { row: number; col: number };
    to: { row: number; col: number };
  }
  export interface FfpPosition {
    sheet: string;
    row: number;
    col: number;
  }
  /** How the parser hands arguments to a function: the value, and what kind of thing it came from. */
  export interface FfpArg {
    value: unknown;
    isArray: boolean;
    isRangeRef?: boolean;
    isCellRef?: boolean;
    omitted?: boolean;
  }

  export class FormulaError extends Error {
    constructor(error: string, msg?: string, details?: unknown);
    readonly error: string;
    readonly details?: unknown;
    static readonly DIV0: FormulaError;
    static readonly NA: FormulaError;
    static readonly NAME: FormulaError;
    static readonly NULL: FormulaError;
    static readonly NUM: FormulaError;
    static readonly REF: FormulaError;
    static readonly VALUE: FormulaError;
  }

  export interface FfpConfig {
    functions?: Record<string, (...args: FfpArg[]) => unknown>;
    functionsNeedContext?: Record<string, (context: unknown, ...args: unknown[]) => unknown>;
    onVariable?: (name: string, sheet: string, position?: FfpPosition) => FfpCellRef | FfpRangeRef | null;
    onCell?: (ref: FfpCellRef & { sheet: string }) => unknown;
    onRange?: (ref: FfpRangeRef & { sheet: string }) => unknown[][];
  }

  export class DepParser {
    constructor(config?: { onVariable?: (name: string, sheet: string) => FfpCellRef | FfpRangeRef | null });
    protected data: (FfpCellRef | FfpRangeRef)[];
    protected position: FfpPosition;
    getCell(ref: FfpCellRef): unknown;
    getRange(ref: FfpRangeRef): unknown;
    callFunction(name: string, args: unknown[]): unknown;
    parse(formula: string, position: FfpPosition, ignoreError?: boolean): (FfpCellRef | FfpRangeRef)[];
  }

  interface FormulaParserClass {
    new (config?: FfpConfig): FormulaParserInstance;
    DepParser: typeof DepParser;
    FormulaError: typeof FormulaError;
    SSF: { format: (fmt: string, value: unknown) => string };
  }
  export interface FormulaParserInstance {
    functions: Record<string, (...args: never[]) => unknown>;
    parse(formula: string, position: FfpPosition, allowReturnArray?: boolean): unknown;
  }
  const FormulaParser: FormulaParserClass;
  export default FormulaParser;
}
