import type { ThreadFileAddon, ThreadFileCellValue } from "../../../contracts/thread-files.ts";

export type WorkbookAddon = Extract<ThreadFileAddon, { kind: "workbook" }>;

/** `B12` (or `$B$12`) as a 0-based column and 1-based row; null for anything else. */
export function parseRef(ref: string): { col: number; row: number } | null {
  const m = /^\$?([A-Z]{1,3})\$?(\d{1,7})$/.exec(ref.toUpperCase());
  if (!m) return null;
  let col = 0;
  for (const ch of m[1]!) col = col * 26 + (ch.charCodeAt(0) - 64);
  return { col: col - 1, row: Number(m[2]) };
}

/** A cell's value as text: numbers without float noise, booleans as Excel writes them, errors as their code. */
export function formatCellValue(v: ThreadFileCellValue): string {
  if (v === null) return "";
  if (typeof v === "number") return Number.isInteger(v) ? String(v) : String(Number(v.toPrecision(12)));
  if (typeof v === "boolean") return v ? "TRUE" : "FALSE";
  if (typeof v === "object") return v.error;
  return v;
}
