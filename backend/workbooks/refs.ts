import { WorkbookError } from "./errors.ts";

/** Excel's grid: 1,048,576 rows by 16,384 columns (XFD). */
export const MAX_ROW = 1_048_576;
export const MAX_COL = 16_384;

export interface CellAddress {
  row: number;
  col: number;
}

export interface RangeAddress {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

/** 1 -> "A", 28 -> "AB". */
export function columnName(col: number): string {
  let name = "";
  for (let n = col; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

export function columnNumber(name: string): number {
  let n = 0;
  for (const ch of name.toUpperCase()) n = n * 26 + ch.charCodeAt(0) - 64;
  return n;
}

export function formatAddress(row: number, col: number): string {
  return `${columnName(col)}${row}`;
}

export function formatRange(r: RangeAddress): string {
  const from = formatAddress(r.top, r.left);
  const to = formatAddress(r.bottom, r.right);
  return from === to ? from : `${from}:${to}`;
}

const cellPattern = /^\$?([A-Za-z]{1,3})\$?([1-9][0-9]{0,6})$/;

/** "B7" or "$B$7" -> {row: 7, col: 2}; anything else is `workbook/invalid-ref`. */
export function parseAddress(text: string): CellAddress {
  const m = cellPattern.exec(text.trim());
  const address = m ? { row: Number(m[2]), col: columnNumber(m[1]) } : null;
  if (!address || address.row > MAX_ROW || address.col > MAX_COL) {
    throw new WorkbookError("workbook/invalid-ref", `"${text}" is not a cell address like B7.`);
  }
  return address;
}

/** "A1:C3", "C3:A1" (normalised) or a single cell "B2". */
export function parseRange(text: string): RangeAddress {
  const [a, b = a, extra] = text.split(":");
  if (extra !== undefined) throw new WorkbookError("workbook/invalid-ref", `"${text}" is not a range like A1:C3.`);
  const from = parseAddress(a);
  const to = parseAddress(b);
  return {
    top: Math.min(from.row, to.row),
    left: Math.min(from.col, to.col),
    bottom: Math.max(from.row, to.row),
    right: Math.max(from.col, to.col),
  };
}

/** Sheet names that are not plain words are quoted in formulas and refs: 'Named Ranges'!A1. */
export function quoteSheet(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_.]*$/.test(name) && !cellPattern.test(name) ? name : `'${name.replace(/'/g, "''")}'`;
}

/** The canonical way every tool names a cell: `Sheet1!B7`, `'My sheet'!B7`. */
export function qualifiedRef(sheet: string, row: number, col: number): string {
  return `${quoteSheet(sheet)}!${formatAddress(row, col)}`;
}

/** Splits `Sheet1!A1`, `'My sheet'!A1:B2` or a bare `A1` (sheet undefined). */
export function splitSheetRef(text: string): { sheet?: string; ref: string } {
  const trimmed = text.trim();
  const bang = trimmed.lastIndexOf("!");
  if (bang < 0) return { ref: trimmed };
  let sheet = trimmed.slice(0, bang);
  if (sheet.startsWith("'") && sheet.endsWith("'") && sheet.length >= 2) sheet = sheet.slice(1, -1).replace(/''/g, "'");
  if (!sheet) throw new WorkbookError("workbook/invalid-ref", `"${text}" has an empty sheet name.`);
  return { sheet, ref: trimmed.slice(bang + 1) };
}

/** One number per cell, for maps: row-major, unique within a sheet. */
export function cellKey(row: number, col: number): number {
  return row * (MAX_COL + 1) + col;
}

export function keyToAddress(key: number): CellAddress {
  return { row: Math.floor(key / (MAX_COL + 1)), col: key % (MAX_COL + 1) };
}

/**
 * One area as Excel writes it in a defined name or a range argument: "A1", "$A$2:$A$6", whole
 * columns "A:C" or whole rows "2:4". Null when the text is anything else (a constant, a formula,
 * a union of areas).
 */
export function parseArea(text: string): RangeAddress | null {
  const parts = text.replace(/\$/g, "").split(":");
  if (parts.length > 2) return null;
  const [a, b = a] = parts;
  if (/^[A-Za-z]{1,3}$/.test(a) && /^[A-Za-z]{1,3}$/.test(b) && parts.length === 2) {
    const [l, r] = [columnNumber(a), columnNumber(b)];
    return { top: 1, left: Math.min(l, r), bottom: MAX_ROW, right: Math.max(l, r) };
  }
  if (/^\d+$/.test(a) && /^\d+$/.test(b) && parts.length === 2) {
    const [t, u] = [Number(a), Number(b)];
    return { top: Math.min(t, u), left: 1, bottom: Math.max(t, u), right: MAX_COL };
  }
  try {
    return parseRange(parts.join(":"));
  } catch {
    return null;
  }
}
