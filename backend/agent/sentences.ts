/**
 * Sentences of a page's text as offsets, for quoting and for snippets that end where a sentence
 * or a table row ends. PDF text breaks prose at the end of every printed line ("increased by
 * $1.82 billion, or\n15%, from..."): such a break is not a boundary. A line break is one when a
 * side of it is a table row, a bullet, a heading or a blank line.
 */

export interface Span {
  start: number;
  end: number;
}

/** Columns of a table row: tabs (pdf.js), " | " (sheets, DOCX tables) or runs of 3+ spaces. */
export const COLUMN_BREAK = /\t| \| |\s{3,}/;
const BULLET = /^\s*(?:[•▪●◦‣∙·*–-]|\(?\d{1,2}[.)]|\(?[a-z][.)])\s/u;
const SENTENCE_END = /[.!?:;]["'”’)]*$/u;
/** Inside a line: after . ! ? and a space, before what can start a sentence. */
const INLINE_BREAK = /(?<=[.!?]["'”’)]*)\s+(?=["'“(\p{Lu}\p{N}$•])/gu;
/** "U.S. Government", "Inc. The": a break after these is rarely a sentence's end. */
const ABBREVIATION =
  /(?:\b\p{Lu}\.){2,}$|\b(?:Mr|Mrs|Ms|Dr|No|Inc|Corp|Co|Ltd|vs|e\.g|i\.e|approx|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\.$/u;

function isRow(line: string): boolean {
  return COLUMN_BREAK.test(line.trim());
}

/** A short line without final punctuation: a title or a column's caption. */
function isHeading(line: string): boolean {
  const t = line.trim();
  return t.length > 0 && t.length < 60 && !SENTENCE_END.test(t) && !/[,-]$/.test(t);
}

/** A title rather than a sentence: short, and without final punctuation or all in capitals. */
export function isHeadingLine(s: string): boolean {
  const t = s.trim();
  if (isRow(t) || t.length >= 80) return false;
  // "Revenue:", "Cost of revenue:": a table's section label.
  if (t.endsWith(":") && t.length < 40) return true;
  return !SENTENCE_END.test(t) || (/\p{Lu}{2}/u.test(t) && !/\p{Ll}/u.test(t));
}

/** Whether the line break between `prev` and `next` ends what came before. */
function breaksAt(prev: string, next: string): boolean {
  if (!prev.trim() || !next.trim()) return true;
  if (isRow(prev) || isRow(next) || BULLET.test(next)) return true;
  if (isHeading(prev) && /^\s*[\p{Lu}\p{N}$"“(]/u.test(next)) return true;
  // A running head in capitals ("NOTES TO CONSOLIDATED FINANCIAL STATEMENTS (Continued)").
  if (/\p{Lu}{3}/u.test(prev) && !/\p{Ll}{2}/u.test(prev.replace(/\((?:continued|cont'd)\)/giu, ""))) return true;
  // A finished sentence followed by a capital: a paragraph that happens to end at a line end.
  return SENTENCE_END.test(prev.trim()) && /^\s*[\p{Lu}"“(]/u.test(next) && prev.trim().length < 60;
}

/** Sentences (and table rows, bullets, headings) of `text` as trimmed [start, end) offsets. */
export function sentenceSpans(text: string): Span[] {
  // Blocks: runs of lines that read as one piece of prose.
  const blocks: Span[] = [];
  let blockStart = 0;
  let lineStart = 0;
  while (lineStart <= text.length) {
    let nl = text.indexOf("\n", lineStart);
    if (nl < 0) nl = text.length;
    const nextStart = nl + 1;
    if (nextStart > text.length) break;
    let nextEnd = text.indexOf("\n", nextStart);
    if (nextEnd < 0) nextEnd = text.length;
    if (breaksAt(text.slice(lineStart, nl), text.slice(nextStart, nextEnd))) {
      blocks.push({ start: blockStart, end: nl });
      blockStart = nextStart;
    }
    lineStart = nextStart;
  }
  blocks.push({ start: blockStart, end: text.length });

  const spans: Span[] = [];
  for (const b of blocks) {
    const block = text.slice(b.start, b.end);
    let from = 0;
    for (const m of isRow(block) ? [] : block.matchAll(INLINE_BREAK)) {
      if (ABBREVIATION.test(block.slice(0, m.index))) continue;
      push(spans, text, b.start + from, b.start + m.index);
      from = m.index + m[0].length;
    }
    push(spans, text, b.start + from, b.end);
  }
  return spans;
}

function push(spans: Span[], text: string, start: number, end: number): void {
  while (start < end && /\s/.test(text[start]!)) start++;
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  if (end > start) spans.push({ start, end });
}
