import { tool, zodSchema } from "ai";
import { z } from "zod";
import { ToolInputError, type ToolContext } from "./context.ts";
import { SandboxError } from "../../sandboxes/errors.ts";
import { defaultJsLimits } from "../../sandboxes/js-sandbox.ts";
import { runJs } from "../../sandboxes/run-js.ts";
import { defaultSqlLimits, runSql } from "../../sandboxes/sql-sandbox.ts";
import { WorkspaceTables, type TableProblem, type WorkspaceTable } from "../../sandboxes/workspace-tables.ts";

/** How much of the table list an error result carries. */
const CATALOG_CHARS = 4_000;

const runSqlInput = zodSchema(
  z.object({
    sql: z
      .string()
      .min(1)
      .max(defaultSqlLimits.maxSqlChars)
      .describe("One DuckDB query, e.g. SELECT region, sum(revenue) FROM sales_2022 GROUP BY region"),
  }),
);

const runJsInput = zodSchema(
  z.object({
    code: z.string().min(1).max(20_000).describe("JavaScript; e.g. const [a, b] = data; ((b - a) / a) * 100"),
    data: z.unknown().optional().describe("Any JSON value, available to the script as `data`"),
  }),
);

/**
 * The agent's code tools: `run_sql` over the workspace's spreadsheets (DuckDB, read-only) and
 * `run_js` (QuickJS). Built once per answer: the tables are parsed at most once per answer.
 */
export function codeTools(ctx: ToolContext) {
  const tables = new WorkspaceTables(ctx);
  return {
    run_sql: tool({
      description: [
        "Run one read-only SQL query (DuckDB dialect) over the workspace's spreadsheets and return the rows.",
        "Each CSV/TSV file is a table named after the file in snake_case (sales-2022.csv: sales_2022); each sheet of an .xlsx workbook is a table <file>__<sheet> (budget.xlsx, sheet 'Q1': budget__q1).",
        "Columns are the header row in snake_case; numbers are numeric, dates are DATE. SHOW TABLES and DESCRIBE <table> list them.",
        `Only SELECT/WITH/VALUES/DESCRIBE/SHOW/SUMMARIZE/PIVOT, one statement, at most ${defaultSqlLimits.timeMs / 1000} s; at most ${defaultSqlLimits.maxRows} rows come back.`,
        "Use it for totals, averages, filters, group-bys and joins rather than adding numbers up yourself.",
      ].join(" "),
      inputSchema: runSqlInput,
      execute: async ({ sql }) => {
        const { tables: loaded, problems } = await tables.forQuery(sql);
        try {
          const result = await runSql(sql, loaded);
          const notes = [
            ...problems.map(problemNote),
            ...loaded
              .filter((t) => t.rows_truncated && sql.toLowerCase().includes(t.name))
              .map((t) => `${t.name} holds only the first rows of ${t.filename} (the row limit was reached).`),
          ];
          return notes.length ? { ...result, notes } : result;
        } catch (err) {
          if (!(err instanceof SandboxError)) throw err;
          // A missing table or column: show the model what there is, so it can correct itself.
          const lost = /Catalog Error|Binder Error|does not exist|not found/i.test(err.message);
          throw new ToolInputError(lost ? `${err.message}\n\n${await catalog(tables)}` : err.message);
        }
      },
    }),
    run_js: tool({
      description: [
        `Run a short JavaScript program in a sandbox (QuickJS: no network, files, modules or timers; ${defaultJsLimits.timeMs / 1000} s, ${defaultJsLimits.memoryBytes / 1024 / 1024} MB).`,
        "The result is the value of the last expression (or of a top-level return), as JSON; console.log lines come back too.",
        "Pass rows or numbers in `data`: the script sees them as the global `data`. Use it for calculations SQL is awkward for (growth rates, compounding, statistics, reshaping).",
      ].join(" "),
      inputSchema: runJsInput,
      execute: async ({ code, data }) => {
        try {
          return await runJs(code, data);
        } catch (err) {
          if (err instanceof SandboxError) throw new ToolInputError(err.message);
          throw err;
        }
      },
    }),
  };
}

/** Every table with its columns, for an error result. */
async function catalog(tables: WorkspaceTables): Promise<string> {
  const { tables: all, problems } = await tables.all();
  if (all.length === 0 && problems.length === 0)
    return "This workspace (or the question's files) has no CSV, TSV or .xlsx files, so there are no tables.";
  const lines = [
    "The tables are:",
    ...all.map(
      (t: WorkspaceTable) =>
        `- ${t.name}(${t.columns.map((c) => `${c.name} ${c.type}`).join(", ")}): ${t.rows.length} rows from ${t.filename}${t.sheet ? `, sheet "${t.sheet}"` : ""}`,
    ),
    ...problems.map((p) => `- ${problemNote(p)}`),
  ];
  const text = lines.join("\n");
  return text.length <= CATALOG_CHARS ? text : `${text.slice(0, CATALOG_CHARS)}\n…(more tables: run SHOW TABLES)`;
}

function problemNote(p: TableProblem): string {
  return `${p.filename}: ${p.message}`;
}
