import ExcelJS from "exceljs";
import { z } from "zod";

/** What the browser sends: the cells of one rendered table, header row first. */
export const tableExport = z.object({
  rows: z
    .array(z.array(z.string().max(32_767, "A cell holds at most 32,767 characters")).max(200, "At most 200 columns"))
    .min(1, "The table is empty")
    .max(20_000, "At most 20,000 rows"),
  /** The file's name without extension. */
  name: z.string().trim().max(100).optional(),
});
export type TableExport = z.infer<typeof tableExport>;

/**
 * A cell's text as Excel should hold it: figures as numbers (thousands separators, a leading
 * currency sign, accounting negatives "(1,234)" and percentages understood), the rest as text.
 * A figure with a leading zero ("007") or more digits than a double holds exactly stays text.
 */
export function cellValue(text: string): string | number {
  const t = text.trim();
  const m = /^(\()?(-)?([$€£¥])?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(%)?(\))?$/.exec(t);
  if (!m) return text;
  const [, open, minus, , int, frac = "", pct, close] = m;
  if (Boolean(open) !== Boolean(close) || (open && minus)) return text;
  const digits = int!.replace(/,/g, "");
  if ((digits.length > 1 && digits.startsWith("0")) || digits.length + frac.length > 16) return text;
  let n = Number(digits + frac);
  if (pct) n /= 100;
  return open || minus ? -n : n;
}

/** An .xlsx of one sheet: the first row bold and frozen, columns sized to their text. */
export async function tableWorkbook(t: TableExport): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Table", { views: [{ state: "frozen", ySplit: 1 }] });
  t.rows.forEach((row, i) => ws.addRow(i === 0 ? row : row.map(cellValue)));
  ws.getRow(1).font = { bold: true };
  const widths = new Map<number, number>();
  for (const row of t.rows)
    row.forEach((c, i) => widths.set(i, Math.max(widths.get(i) ?? 8, Math.min(60, c.length + 2))));
  for (const [i, w] of widths) ws.getColumn(i + 1).width = w;
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A safe download name: letters, digits, spaces, dots, dashes and underscores. */
export function exportFilename(name: string | undefined): string {
  const base = (name ?? "")
    .replace(/[^\p{L}\p{N} ._-]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 80);
  return `${base || "table"}.xlsx`;
}
