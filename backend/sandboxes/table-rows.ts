import { decodeText } from "../ingestion/parsers/text.ts";
import { parseDelimited } from "../ingestion/parsers/csv.ts";
import type { CellValue, ModelSheet } from "../workbooks/model.ts";
import { cellKey } from "../workbooks/refs.ts";
import type { SqlCell, SqlColumnType, SqlTable } from "./sql-sandbox.ts";

/** One value as read from a file, before the column's type is known. */
export type RawCell = string | number | boolean | null;

/** A table's rows as read: the first row is the header. */
export interface RawTable {
  rows: RawCell[][];
  /** Rows left out past the row cap. */
  truncated: boolean;
}

/**
 * An identifier DuckDB takes without quotes: lowercase letters, digits and single underscores;
 * `word_` before a leading digit, `empty` for nothing left.
 */
export function sqlName(text: string, word: string, empty: string = word): string {
  const name = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 60);
  if (!name) return empty;
  return /^[0-9]/.test(name) ? `${word}_${name}` : name;
}

/** `name`, or `name_2`, `name_3`... whichever `used` doesn't hold yet; the one returned is added. */
export function unique(name: string, used: Set<string>): string {
  let out = name;
  for (let k = 2; used.has(out); k++) out = `${name}_${k}`;
  used.add(out);
  return out;
}

/** CSV or TSV text, with the delimiter ingestion chooses (tab, semicolon or comma). */
export function csvRows(bytes: Uint8Array, fileName: string, maxRows: number): RawTable {
  const text = decodeText(bytes);
  const firstLine = text.slice(0, text.indexOf("\n") >>> 0);
  const count = (ch: string) => firstLine.split(ch).length - 1;
  const delimiter = /\.tsv$/i.test(fileName) || count("\t") > count(",") ? "\t" : count(";") > count(",") ? ";" : ",";
  const rows = parseDelimited(text, delimiter);
  return { rows: rows.slice(0, maxRows + 1).map((r) => r.map(csvCell)), truncated: rows.length > maxRows + 1 };
}

/** Text stays text until its whole column turns out to be numbers, booleans or dates. */
function csvCell(field: string): RawCell {
  return field.trim() === "" ? null : field;
}

/** A sheet's used area, its first row the header; dates (by number format) as ISO text. */
export function sheetRows(sheet: ModelSheet, date1904: boolean, maxRows: number): RawTable {
  const b = sheet.bounds;
  if (!b) return { rows: [], truncated: false };
  const rows: RawCell[][] = [];
  const bottom = Math.min(b.bottom, b.top + maxRows);
  for (let r = b.top; r <= bottom; r++) {
    const row: RawCell[] = [];
    for (let c = b.left; c <= b.right; c++) {
      const cell = sheet.cells.get(cellKey(r, c));
      row.push(cell ? sheetCell(cell.value, cell.numFmt, date1904) : null);
    }
    if (row.some((v) => v !== null)) rows.push(row);
  }
  return { rows, truncated: bottom < b.bottom };
}

function sheetCell(v: CellValue, numFmt: string | undefined, date1904: boolean): RawCell {
  if (v === null || typeof v === "object") return null; // empty, or an error value (#DIV/0!)
  if (typeof v === "number" && numFmt && isDateFormat(numFmt)) return serialToIso(v, date1904);
  return typeof v === "string" && v.trim() === "" ? null : v;
}

/** A number format that shows a date: d, y or mmm outside quoted text and brackets. */
function isDateFormat(fmt: string): boolean {
  return /[dy]|mmm/i.test(fmt.replace(/"[^"]*"|\[[^\]]*\]|\\./g, ""));
}

function serialToIso(serial: number, date1904: boolean): string {
  const days = serial + (date1904 ? 1462 : 0) - 25569;
  const iso = new Date(Math.round(days * 86_400_000)).toISOString();
  return Number.isInteger(serial) ? iso.slice(0, 10) : iso.slice(0, 19).replace("T", " ");
}

/**
 * A loadable table: the header row gives the column names (SQL-safe, de-duplicated), each
 * column's type is what all its values share (numbers stay numbers), anything mixed is text.
 */
export function typedTable(name: string, raw: RawCell[][]): SqlTable {
  const [header = [], ...body] = raw;
  const width = body.reduce((w, r) => Math.max(w, r.length), header.length);
  const used = new Set<string>();
  const names = Array.from({ length: width }, (_, i) =>
    unique(sqlName(String(header[i] ?? ""), "column", `column_${i + 1}`), used),
  );
  const types = names.map((_, i) => columnType(body.map((r) => r[i] ?? null)));
  const rows = body.map((r) => names.map((_, i) => cellAs(r[i] ?? null, types[i]!)));
  return { name, columns: names.map((n, i) => ({ name: n, type: types[i]! })), rows };
}

/** 1234, -1,234.50, 1e6: a thousands separator is allowed, a currency sign or a percent is not. */
const NUMBER = /^[-+]?(\d+|\d{1,3}(,\d{3})+)(\.\d+)?([eE][-+]?\d+)?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$/;

function asNumber(v: RawCell): number | null {
  if (typeof v === "number") return v;
  return typeof v === "string" && NUMBER.test(v.trim()) ? Number(v.trim().replace(/,/g, "")) : null;
}

function asBoolean(v: RawCell): boolean | null {
  if (typeof v === "boolean") return v;
  return typeof v === "string" && /^\s*(true|false)\s*$/i.test(v) ? v.trim().toLowerCase() === "true" : null;
}

function columnType(values: RawCell[]): SqlColumnType {
  const present = values.filter((v) => v !== null);
  if (present.length === 0) return "VARCHAR";
  const numbers = present.map(asNumber);
  if (numbers.every((n) => n !== null)) return numbers.every((n) => Number.isSafeInteger(n)) ? "BIGINT" : "DOUBLE";
  if (present.every((v) => asBoolean(v) !== null)) return "BOOLEAN";
  if (present.every((v) => typeof v === "string" && DATE.test(v.trim()))) return "DATE";
  if (present.every((v) => typeof v === "string" && TIMESTAMP.test(v.trim()))) return "TIMESTAMP";
  return "VARCHAR";
}

function cellAs(v: RawCell, type: SqlColumnType): SqlCell {
  if (v === null) return null;
  if (type === "BIGINT" || type === "DOUBLE") return asNumber(v);
  if (type === "BOOLEAN") return asBoolean(v);
  return typeof v === "string" && type !== "VARCHAR" ? v.trim() : String(v);
}
