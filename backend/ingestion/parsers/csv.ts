import { ParseError, type ParseLimits, type ParsedDocument } from "../types.ts";
import { rowsToPages, type SheetRow } from "./sheet-pages.ts";
import { decodeText } from "./text.ts";

/** RFC 4180 CSV (or TSV): pages of rows, each repeating the header row. */
export function parseCsv(bytes: Uint8Array, fileName: string, limits: ParseLimits): ParsedDocument {
  const text = decodeText(bytes);
  const firstLine = text.slice(0, text.indexOf("\n") >>> 0);
  const delimiter =
    /\.tsv$/i.test(fileName) || count(firstLine, "\t") > count(firstLine, ",")
      ? "\t"
      : count(firstLine, ";") > count(firstLine, ",")
        ? ";"
        : ",";
  const rows = parseDelimitedRows(text, delimiter);
  const name = fileName.replace(/\.(csv|tsv)$/i, "");
  const pages = rowsToPages(name, rows, limits.rowsPerSheetPage, 1);
  return { title: name, pages, metadata: { rows: rows.length } };
}

function count(s: string, ch: string): number {
  return s.split(ch).length - 1;
}

export function parseDelimited(text: string, delimiter: string): string[][] {
  return parseDelimitedRows(text, delimiter).map((r) => r.cells);
}

/** The non-blank records with their 1-based record numbers (a quoted line break stays in its record). */
export function parseDelimitedRows(text: string, delimiter: string): SheetRow[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === "") quoted = true;
    else if (c === delimiter) {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (quoted) throw new ParseError("corrupt", "The CSV file ends inside a quoted field.");
  if (field !== "" || row.length) rows.push([...row, field]);
  return rows.map((cells, i) => ({ n: i + 1, cells })).filter((r) => r.cells.some((f) => f.trim() !== ""));
}
