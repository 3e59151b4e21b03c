import { TableBlock } from "./table-block.tsx";

interface SqlResult {
  columns: { name: string; type: string }[];
  rows: unknown[][];
  row_count: number;
  truncated: boolean;
  notes?: string[];
}
interface JsResult {
  result: unknown;
  result_truncated?: boolean;
  logs: string[];
  logs_truncated?: boolean;
}

function isSqlResult(v: unknown): v is SqlResult {
  return (
    !!v && typeof v === "object" && Array.isArray((v as SqlResult).columns) && Array.isArray((v as SqlResult).rows)
  );
}
function isJsResult(v: unknown): v is JsResult {
  return !!v && typeof v === "object" && "result" in v && Array.isArray((v as JsResult).logs);
}

/** Whether a tool result is a run_sql table or a run_js value, shown by `CodeResult`. */
export function isCodeResult(name: string, result: unknown): boolean {
  return (name === "run_sql" && isSqlResult(result)) || (name === "run_js" && isJsResult(result));
}

/** The SQL or the script of a code tool call, as written (null for other tools). */
export function codeArgsText(name: string, args: unknown): string | null {
  if (!args || typeof args !== "object") return null;
  const text =
    name === "run_sql"
      ? (args as { sql?: unknown }).sql
      : name === "run_js"
        ? (args as { code?: unknown }).code
        : undefined;
  return typeof text === "string" ? text : null;
}

const NUMBER = new Intl.NumberFormat("en-US", { maximumFractionDigits: 10 });

function cellText(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "number") return NUMBER.format(v);
  return typeof v === "string" ? v : JSON.stringify(v);
}

/** A run_sql result as a table (exportable to .xlsx); a run_js result as a number or JSON, with its logs. */
export function CodeResult({ name, result }: { name: string; result: unknown }) {
  if (name === "run_sql" && isSqlResult(result)) {
    const numeric = result.columns.map((c) => /INT|DOUBLE|DECIMAL|FLOAT|REAL|NUMERIC/.test(c.type));
    return (
      <div className="max-h-80 overflow-y-auto">
        <TableBlock name="query">
          <thead>
            <tr>
              {result.columns.map((c, i) => (
                <th key={i} title={c.type} className={numeric[i] ? "text-right" : undefined}>
                  {c.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {result.rows.map((row, r) => (
              <tr key={r}>
                {row.map((v, i) => (
                  <td key={i} className={numeric[i] ? "text-right tabular-nums" : undefined}>
                    {cellText(v)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </TableBlock>
        <p className="text-[0.7rem] text-slate-500">
          {result.truncated
            ? `First ${result.rows.length} of ${result.row_count} rows`
            : `${result.row_count} row${result.row_count === 1 ? "" : "s"}`}
        </p>
        {result.notes?.map((n, i) => (
          <p key={i} className="text-[0.7rem] text-amber-700">
            {n}
          </p>
        ))}
      </div>
    );
  }
  if (name === "run_js" && isJsResult(result)) {
    const value = result.result;
    return (
      <div className="space-y-1">
        {result.logs.length ? (
          <pre className="max-h-32 overflow-auto whitespace-pre-wrap break-words rounded bg-slate-50 p-1 text-[0.7rem] text-slate-500">
            {result.logs.join("\n")}
            {result.logs_truncated ? "\n…" : ""}
          </pre>
        ) : null}
        {typeof value === "number" ? (
          <p className="font-mono text-base font-semibold tabular-nums text-slate-800">{NUMBER.format(value)}</p>
        ) : (
          <pre className="max-h-48 overflow-auto whitespace-pre-wrap break-words text-[0.7rem] text-slate-700">
            {typeof value === "string" ? value : JSON.stringify(value, null, 2)}
            {result.result_truncated ? "…" : ""}
          </pre>
        )}
      </div>
    );
  }
  return null;
}
