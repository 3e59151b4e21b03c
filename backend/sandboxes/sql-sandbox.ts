import {
  DuckDBInstance,
  DuckDBTypeId,
  JSDuckDBValueConverter,
  StatementType,
  type DuckDBConnection,
} from "@duckdb/node-api";
import { setImmediate } from "node:timers/promises";
import { SandboxError } from "./errors.ts";

/** A column's type in a loaded table: numbers stay numbers, dates become DATE or TIMESTAMP. */
export type SqlColumnType = "BIGINT" | "DOUBLE" | "BOOLEAN" | "VARCHAR" | "DATE" | "TIMESTAMP";
/** DATE and TIMESTAMP cells come as ISO text. */
export type SqlCell = string | number | boolean | null;

export interface SqlTable {
  name: string;
  columns: { name: string; type: SqlColumnType }[];
  rows: SqlCell[][];
}

export interface SqlLimits {
  timeMs: number;
  /** DuckDB's memory_limit; nothing spills to disk. */
  memoryLimit: string;
  maxRows: number;
  maxCellChars: number;
  maxSqlChars: number;
}

export const defaultSqlLimits: SqlLimits = {
  timeMs: 10_000,
  memoryLimit: "256MB",
  maxRows: 500,
  maxCellChars: 1_000,
  maxSqlChars: 20_000,
};

export interface SqlResult {
  columns: { name: string; type: string }[];
  /** At most `maxRows` rows; BigInts as numbers (as text past 2^53), dates as ISO text. */
  rows: unknown[][];
  /** Rows the query produced, all of them. */
  row_count: number;
  truncated: boolean;
}

const YIELD_EVERY_ROWS = 10_000;

/** Read queries only: DuckDB's SELECT-like statements and its shorthands. */
const READ_KEYWORDS = new Set([
  "SELECT",
  "WITH",
  "VALUES",
  "DESCRIBE",
  "SHOW",
  "SUMMARIZE",
  "PIVOT",
  "UNPIVOT",
  "FROM",
  "TABLE",
]);

/**
 * No file system, network, extensions or temporary files; one thread, bounded memory; then the
 * configuration is locked so the query can't SET any of it back. Checked against DuckDB 1.5.
 */
function lockedConfig(limits: SqlLimits): Record<string, string> {
  return {
    enable_external_access: "false",
    allow_community_extensions: "false",
    allow_unsigned_extensions: "false",
    autoinstall_known_extensions: "false",
    autoload_known_extensions: "false",
    memory_limit: limits.memoryLimit,
    max_temp_directory_size: "0B",
    threads: "1",
    lock_configuration: "true",
  };
}

/**
 * Runs one read-only query over `tables` in a fresh in-memory DuckDB, closed afterwards. Anything
 * else (writes, ATTACH, COPY, INSTALL/LOAD, PRAGMA, SET, several statements) is refused; a query
 * past the time limit is interrupted, one past the memory limit fails.
 */
export async function runSql(
  sql: string,
  tables: SqlTable[],
  limits: SqlLimits = defaultSqlLimits,
): Promise<SqlResult> {
  checkReadQuery(sql, limits);
  const instance = await DuckDBInstance.create(":memory:", lockedConfig(limits));
  const conn = await instance.connect();
  try {
    for (const table of tables) await loadTable(conn, table);
    const statements = await conn.extractStatements(sql).catch(rethrow);
    if (statements.count !== 1)
      throw new SandboxError(`Send one SQL statement at a time (this has ${statements.count}).`);
    const prepared = await statements.prepare(0).catch(rethrow);
    if (prepared.statementType !== StatementType.SELECT) {
      throw new SandboxError(
        "Only read queries are allowed (SELECT, WITH, VALUES, DESCRIBE, SHOW, SUMMARIZE, PIVOT with an IN list).",
      );
    }
    const timer = setTimeout(() => conn.interrupt(), limits.timeMs);
    let result;
    try {
      result = await prepared.run();
    } catch (err) {
      if (/INTERRUPT/i.test(String(err)))
        throw new SandboxError(`The query ran longer than ${limits.timeMs / 1000} s and was stopped.`);
      return rethrow(err);
    } finally {
      clearTimeout(timer);
    }
    const types = result.columnTypes();
    const columns = result.columnNames().map((name, i) => ({ name, type: types[i]!.toString() }));
    const rows: unknown[][] = [];
    for (let c = 0; c < result.chunkCount && rows.length < limits.maxRows; c++) {
      for (const row of result.getChunk(c).convertRows(JSDuckDBValueConverter)) {
        if (rows.length >= limits.maxRows) break;
        rows.push(row.map((v, i) => plain(v, types[i]!.typeId === DuckDBTypeId.DATE, limits.maxCellChars)));
      }
    }
    return { columns, rows, row_count: result.rowCount, truncated: result.rowCount > rows.length };
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

/** The cheap check before DuckDB parses anything; the statement type is checked again after. */
function checkReadQuery(sql: string, limits: SqlLimits): void {
  if (sql.length > limits.maxSqlChars)
    throw new SandboxError(`The query is ${sql.length} characters; the limit is ${limits.maxSqlChars}.`);
  const body = sql.replace(/^(\s|--[^\n]*(\n|$)|\/\*[\s\S]*?\*\/|\()+/, "");
  const keyword = /^[A-Za-z]+/.exec(body)?.[0]?.toUpperCase();
  if (!keyword) throw new SandboxError("The query is empty.");
  if (!READ_KEYWORDS.has(keyword)) {
    throw new SandboxError(
      `${keyword} is not allowed: only read queries (SELECT, WITH, VALUES, DESCRIBE, SHOW, SUMMARIZE, PIVOT) over the workspace's tables.`,
    );
  }
}

async function loadTable(conn: DuckDBConnection, table: SqlTable): Promise<void> {
  const ident = quoteIdent(table.name);
  // Dates are appended as text and cast once by DuckDB.
  const staged = table.columns.map((c) => (c.type === "DATE" || c.type === "TIMESTAMP" ? "VARCHAR" : c.type));
  await conn.run(
    `CREATE TABLE ${ident} (${table.columns.map((c, i) => `${quoteIdent(c.name)} ${staged[i]}`).join(", ")})`,
  );
  const appender = await conn.createAppender(table.name);
  for (const [r, row] of table.rows.entries()) {
    // Appending is synchronous: let the event loop breathe on a large table.
    if (r > 0 && r % YIELD_EVERY_ROWS === 0) await setImmediate();
    for (let i = 0; i < table.columns.length; i++) {
      const v = row[i] ?? null;
      if (v === null) appender.appendNull();
      else if (staged[i] === "BIGINT") appender.appendBigInt(BigInt(v as number));
      else if (staged[i] === "DOUBLE") appender.appendDouble(v as number);
      else if (staged[i] === "BOOLEAN") appender.appendBoolean(v as boolean);
      else appender.appendVarchar(String(v));
    }
    appender.endRow();
  }
  appender.closeSync();
  for (const c of table.columns) {
    if (c.type !== "DATE" && c.type !== "TIMESTAMP") continue;
    const col = quoteIdent(c.name);
    await conn.run(`ALTER TABLE ${ident} ALTER ${col} TYPE ${c.type} USING TRY_CAST(${col} AS ${c.type})`);
  }
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** A DuckDB value as JSON: safe BigInts as numbers, others as text; dates as ISO text; long text cut. */
function plain(v: unknown, isDate: boolean, maxChars: number): unknown {
  if (v === null || v === undefined) return null;
  if (typeof v === "bigint")
    return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v.toString();
  if (typeof v === "number") return Number.isFinite(v) ? v : String(v);
  if (typeof v === "string") return v.length > maxChars ? `${v.slice(0, maxChars)}…` : v;
  if (v instanceof Date) {
    if (Number.isNaN(v.getTime())) return null;
    return isDate ? v.toISOString().slice(0, 10) : v.toISOString();
  }
  if (Array.isArray(v)) return v.slice(0, 100).map((x) => plain(x, false, maxChars));
  if (typeof v === "object")
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x, false, maxChars)]));
  return v;
}

/** DuckDB's own messages say what was wrong (a missing column, a permission refused): the model sees them. */
function rethrow(err: unknown): never {
  // DuckDB names its own folders (extensions, secrets) under the server's home: not for the model.
  const message = (err instanceof Error ? err.message : String(err)).replace(
    /"[^"]*\/\.duckdb\/[^"]*"/g,
    '"~/.duckdb/…"',
  );
  throw new SandboxError(message.slice(0, 1_000));
}
