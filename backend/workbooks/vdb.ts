import FormulaParser from "fast-formula-parser";

const { FormulaError } = FormulaParser;

/**
 * Excel's VDB(cost, salvage, life, start, end, [factor=2], [no_switch=FALSE]): declining balance
 * at `factor / life` a period, switching to straight line on the remaining value once that is
 * larger (unless `no_switch`). A fractional start shifts the period boundaries to it, the first
 * period being the fraction: that is what reproduces Excel's results for fractional periods
 * (checked against xlcalculator_VDB.xlsx, saved by Excel).
 */
export function vdb(...args: unknown[]): number {
  const [cost, salvage, life, start, end] = [0, 1, 2, 3, 4].map((i) => toNumber(args[i]));
  const factor = args[5] === undefined || args[5] === null ? 2 : toNumber(args[5]);
  const noSwitch = args[6] === true || (typeof args[6] === "number" && args[6] !== 0);
  if (cost < 0 || salvage < 0 || life <= 0 || start < 0 || end < start || end > life || factor <= 0)
    throw FormulaError.NUM;
  const rate = Math.min(1, factor / life);
  const offset = start - Math.floor(start);
  let t = 0;
  let book = cost;
  let total = 0;
  while (t < end - 1e-12) {
    const stepEnd = Math.min(end, t === 0 && offset > 0 ? offset : t + 1);
    const len = stepEnd - t;
    let dep = book * rate * len;
    if (!noSwitch) dep = Math.max(dep, ((book - salvage) / (life - t)) * len);
    dep = Math.max(0, Math.min(dep, book - salvage));
    if (t >= start - 1e-12) total += dep;
    book -= dep;
    t = stepEnd;
  }
  return total;
}

function toNumber(v: unknown): number {
  if (v instanceof FormulaError) throw v;
  if (typeof v === "number") return v;
  if (typeof v === "boolean") return v ? 1 : 0;
  if (v === null || v === undefined) return 0;
  const n = Number(v);
  if (typeof v === "string" && v.trim() !== "" && Number.isFinite(n)) return n;
  throw FormulaError.VALUE;
}
