import type { ParsedPage } from "../types.ts";

/** One row of a sheet: its 1-based row number and its cells by column (A first). */
export interface SheetRow {
  n: number;
  cells: string[];
}

/**
 * A sheet's rows as pages of `perPage` rows, each page starting with the header row so a passage
 * read alone still says what its columns are. Cells are joined by " | ", one row per line; a
 * cell's own line breaks become spaces and its " | " becomes " ¦ ", so line i, cell j of a page is
 * exactly row `sheet.rows[i]`, column j of the sheet (what the viewer marks a citation on).
 */
export function rowsToPages(sheet: string, rows: SheetRow[], perPage: number, firstPage: number): ParsedPage[] {
  if (!rows.length) return [];
  const [header, ...body] = rows;
  const line = (r: SheetRow) => r.cells.map(cellText).join(" | ");
  const pages: ParsedPage[] = [];
  const chunks = body.length ? Math.ceil(body.length / perPage) : 1;
  for (let k = 0; k < chunks; k++) {
    const part = [header!, ...body.slice(k * perPage, (k + 1) * perPage)];
    pages.push({
      page: firstPage + k,
      kind: "sheet",
      heading: sheet,
      text: part.map(line).join("\n"),
      sheet: { sheet, rows: part.map((r) => r.n) },
    });
  }
  return pages;
}

function cellText(c: string): string {
  return c.replace(/\s*[\r\n]+\s*/g, " ").replaceAll(" | ", " ¦ ");
}
