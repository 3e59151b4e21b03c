import type { ParsedPage } from "../types.ts";

/**
 * A sheet's rows as pages of `perPage` rows, each page starting with the header row so a passage
 * read alone still says what its columns are. Cells are joined by " | ".
 */
export function rowsToPages(sheet: string, rows: string[][], perPage: number, firstPage: number): ParsedPage[] {
  if (!rows.length) return [];
  const [header, ...body] = rows;
  const headerLine = header.join(" | ");
  const pages: ParsedPage[] = [];
  const chunks = body.length ? Math.ceil(body.length / perPage) : 1;
  for (let k = 0; k < chunks; k++) {
    const lines = [headerLine, ...body.slice(k * perPage, (k + 1) * perPage).map((r) => r.join(" | "))];
    pages.push({ page: firstPage + k, kind: "sheet", heading: sheet, text: lines.join("\n") });
  }
  return pages;
}
