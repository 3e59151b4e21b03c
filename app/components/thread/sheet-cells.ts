import type { Range } from "./find-quote.ts";

/** A sheet page's layout (see PageText.sheet): line i of the text is row `rows[i]` of `sheet`. */
export interface SheetLayout {
  sheet: string;
  rows: number[];
}

export interface SheetCell {
  text: string;
  /** Offsets of the cell's text in the page text. */
  start: number;
  end: number;
}

export interface SheetGrid {
  /** Row number in the sheet, then its cells by column (A first). */
  lines: { row: number; cells: SheetCell[] }[];
  columns: number;
}

/** The page's text as a grid of cells with their offsets (cells joined by " | ", rows by "\n"). */
export function sheetGrid(text: string, layout: SheetLayout): SheetGrid {
  const lines: SheetGrid["lines"] = [];
  let offset = 0;
  let columns = 0;
  text.split("\n").forEach((line, i) => {
    const cells: SheetCell[] = [];
    let at = offset;
    for (const part of line.split(" | ")) {
      cells.push({ text: part, start: at, end: at + part.length });
      at += part.length + 3;
    }
    columns = Math.max(columns, cells.length);
    lines.push({ row: layout.rows[i] ?? NaN, cells });
    offset += line.length + 1;
  });
  return { lines, columns };
}

/** Column letters as a spreadsheet names them: 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let s = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** The cells a quote's range covers, as [line, column] pairs, and their address (`Sheet!B7` or `Sheet!B7:D7`). */
export function citedCells(
  grid: SheetGrid,
  sheet: string,
  range: Range,
): { cells: [number, number][]; address: string | null } {
  const cells: [number, number][] = [];
  grid.lines.forEach((line, i) =>
    line.cells.forEach((c, j) => {
      // A cell is cited when the range overlaps its text (an empty cell only when inside the range).
      const overlaps =
        c.end > c.start ? range.start < c.end && range.end > c.start : range.start <= c.start && range.end > c.start;
      if (overlaps) cells.push([i, j]);
    }),
  );
  if (!cells.length) return { cells, address: null };
  const name = ([i, j]: [number, number]) => `${columnName(j)}${grid.lines[i]!.row}`;
  const first = cells[0]!;
  const last = cells.at(-1)!;
  const quoted = /^[A-Za-z0-9_.]+$/.test(sheet) ? sheet : `'${sheet.replaceAll("'", "''")}'`;
  return { cells, address: `${quoted}!${name(first)}${cells.length > 1 ? `:${name(last)}` : ""}` };
}
