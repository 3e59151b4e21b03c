import { COLUMN_BREAK } from "./sentences.ts";

/**
 * A table row as a filing's text has it ("Subscription\t$\t16,388 $\t14,573 $\t11,626": pdf.js
 * puts each dollar sign in a run of its own, ahead of the amount it belongs to), turned back into
 * cells, with the table's column headings found above it on the page when they can be.
 */

const CURRENCY = /^[$€£¥]$/u;
const TRAILING_CURRENCY = /^(.*\S)\s+([$€£¥])$/u;
/** An amount, a percentage, a count, the dash a filing prints for zero, or a footnote mark in its place. */
const VALUE = /^(?:[$€£¥]?\s?\(?-?[$€£¥]?\d[\d,.]*\)?\s?%?|[—–-]|n\/?m|\*{1,3})$/iu;
const YEAR = /^(?:FY\s?)?(?:19|20)\d\d(?:\s?[-–]\s?(?:19|20)?\d\d)?$/u;

export interface RowTable {
  /** Column headings (the first over the labels, often empty), or null when none were found. */
  header: string[] | null;
  row: string[];
}

/** The cells of a line, currency signs joined to their amounts: `["Subscription", "$16,388", ...]`. */
export function splitCells(line: string): string[] {
  const out: string[] = [];
  let carry = "";
  for (const raw of line.trim().split(COLUMN_BREAK)) {
    let cell = raw.trim();
    if (!cell) continue;
    if (CURRENCY.test(cell)) {
      carry = cell;
      continue;
    }
    const trailing = TRAILING_CURRENCY.exec(cell);
    let next = "";
    if (trailing && VALUE.test(trailing[1]!)) {
      cell = trailing[1]!;
      next = trailing[2]!;
    }
    out.push(tidy(carry + cell));
    carry = next;
  }
  return out;
}

/** "$ 16,388" -> "$16,388", "12 %" -> "12%". */
function tidy(cell: string): string {
  return cell.replace(/^([$€£¥])\s+(?=[\d(])/u, "$1").replace(/(\d|\))\s+%$/u, "$1%");
}

const isValue = (c: string) => VALUE.test(c);
const isHeading = (c: string) => YEAR.test(c) || (/\p{L}/u.test(c) && !isValue(c));

/** A row of figures: a label, then at least one amount, and nothing but amounts. */
export function isDataRow(cells: string[]): boolean {
  if (cells.length < 2 || !/\p{L}/u.test(cells[0]!)) return false;
  const values = cells.slice(1);
  return values.every(isValue) && !values.every((c) => YEAR.test(c));
}

/** A line of column headings: two or more cells, all years, dates or words ("2022\t2021", "December 2,"). */
export function isHeaderRow(cells: string[]): boolean {
  return cells.length > 1 && cells.every(isHeading);
}

/** Lines above a row searched for its headings. */
const LOOK_BACK = 80;

/**
 * The row at line `index` of `lines` and the headings over its columns: the lines above it made
 * only of headings (years, dates, "% Change"), stacked lines joined column by column ("December 2,"
 * over "2022"). Data rows and section labels ("Revenue:") between them and the row are skipped.
 */
export function rowTable(lines: string[], index: number): RowTable | null {
  const row = splitCells(lines[index] ?? "");
  if (!isDataRow(row)) return null;
  const stacked: string[][] = [];
  for (let j = index - 1; j >= Math.max(0, index - LOOK_BACK); j--) {
    const line = lines[j]!.trim();
    if (!line) continue;
    const cells = splitCells(line);
    if (isDataRow(cells)) {
      if (stacked.length) break;
      continue;
    }
    if (cells.length === 1) {
      if (stacked.length) break;
      // A section label inside the table ("Revenue:", "Cost of revenue:") or a caption.
      if (line.length <= 60 && !/[.!?]$/.test(line)) continue;
      break;
    }
    if (!cells.every(isHeading)) break;
    // A heading line without a label cell sits over the figures only.
    const labelled = cells.length > row.length - 1 && !YEAR.test(cells[0]!);
    stacked.unshift(labelled ? cells : ["", ...cells]);
  }
  if (stacked.length === 0) return { header: null, row };
  const width = Math.max(row.length, ...stacked.map((h) => h.length));
  const header = Array.from({ length: width }, (_, i) =>
    stacked
      .map((h) => h[i] ?? "")
      .filter(Boolean)
      .join(" "),
  );
  return { header, row: pad(row, width) };
}

function pad(cells: string[], width: number): string[] {
  return [...cells, ...Array<string>(Math.max(0, width - cells.length)).fill("")];
}

/** A cell's text safe inside a Markdown table and unable to pass for a citation marker. */
function cellText(s: string): string {
  return s
    .replace(/\s+/g, " ")
    .replace(/\[/g, "(")
    .replace(/\]/g, ")")
    .replace(/([\\|*_`])/g, "\\$1")
    .trim();
}

/** A GFM table; `marker` (a citation) follows the first cell of the row. */
export function markdownTable(t: RowTable, marker: string): string {
  const row = t.row.map(cellText);
  row[0] = `${row[0]} ${marker}`.trim();
  const header = (t.header ?? t.row.map(() => "")).map(cellText);
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  const align = header.map((_, i) => (i === 0 ? "---" : "---:"));
  return [line(header), line(align), line(row)].join("\n");
}
