import { isHeadingLine, sentenceSpans } from "./sentences.ts";
import { isDataRow, isHeaderRow, splitCells } from "./table-row.ts";

/**
 * Finding a quoted span on a page: the check behind every citation's `verified` flag. Page and
 * quote are compared whitespace-normalised and case-insensitively (typographic quotes and dashes
 * count as their plain forms), and the match is mapped back to offsets in the original page text.
 */

/** Shortest quote (non-space characters) we accept as evidence: "a" is on every page. */
const MIN_QUOTE_CHARS = 4;
/** Longest quote a citation keeps; longer ones are cut at a word boundary (still on the page). */
export const MAX_QUOTE_CHARS = 300;

/** Every quote mark is one: a quote inside `[n: "..."]` must turn the source's " into '. */
const FOLD: Record<string, string> = {
  "\u2018": "'",
  "\u2019": "'",
  "\u201a": "'",
  "\u201b": "'",
  "\u2032": "'",
  "`": "'",
  "\u00b4": "'",
  '"': "'",
  "\u201c": "'",
  "\u201d": "'",
  "\u201e": "'",
  "\u201f": "'",
  "\u2033": "'",
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2013": "-",
  "\u2014": "-",
  "\u2212": "-",
  "\u00ad": "",
  "\u200b": "",
  "\u200c": "",
  "\u200d": "",
  "\ufeff": "",
};

interface Normalised {
  text: string;
  /** For each character of `text`, the index of the original character it came from. */
  map: number[];
}

/** A word broken at a line end ("insur-\nance"): the hyphen and the break are dropped. */
const LINE_BREAK_HYPHEN = /^-[ \t]*\r?\n\s*(?=\p{Ll})/u;

/**
 * Folds case, typography, words hyphenated across lines and whitespace runs (to one space),
 * remembering where each character came from.
 */
export function normalise(s: string): Normalised {
  let text = "";
  const map: number[] = [];
  let space = false;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (ch === "-" && /\p{L}/u.test(s[i - 1] ?? "")) {
      const broken = LINE_BREAK_HYPHEN.exec(s.slice(i, i + 40));
      if (broken) {
        i += broken[0].length - 1;
        continue;
      }
    }
    if (/\s/.test(ch)) {
      space = text.length > 0;
      continue;
    }
    const folded = (FOLD[ch] ?? ch.normalize("NFKC")).toLowerCase();
    if (folded === "") continue;
    if (space) {
      text += " ";
      map.push(i - 1);
      space = false;
    }
    for (const c of folded) {
      text += c;
      map.push(i);
    }
  }
  return { text, map };
}

/**
 * Where `quote` is on `page`: offsets [start, end) in the page text, or null. An ellipsis in the
 * quote ("net sales ... rose") may stand for skipped words: the parts must then appear in order.
 */
export function locateQuote(page: string, quote: string): { start: number; end: number } | null {
  const whole = normalise(quote)
    .text.replace(/^['\s]+/, "")
    .trim();
  const q = whole.replace(/['\s]+$/g, "");
  const p = normalise(page);
  // Quote marks around it are the model's, unless the closing one is the sentence's own (kept when
  // it is on the page); a final period or comma may be the model's punctuation, not the source's.
  const own = whole !== q ? findParts(p, whole) : null;
  return own ?? findParts(p, q) ?? findParts(p, q.replace(/[.,;:]+$/, ""));
}

function findParts(p: Normalised, q: string): { start: number; end: number } | null {
  const parts = q
    .split(/\s*(?:\.\.\.|\[\s*\.\.\.\s*\])\s*/)
    .map((x) => x.trim())
    .filter(Boolean);
  if (parts.join("").replace(/\s/g, "").length < MIN_QUOTE_CHARS) return null;
  let from = 0;
  let first = -1;
  let last = -1;
  for (const part of parts) {
    const at = p.text.indexOf(part, from);
    if (at < 0) return null;
    if (first < 0) first = at;
    last = at + part.length - 1;
    from = last + 1;
  }
  return { start: p.map[first]!, end: p.map[last]! + 1 };
}

const STOP = new Set(
  "the and for are was were with that this from have has had not but its his her their they them what which who whom when where why how all any can could would should will shall may might does did our out into over than then there these those about been being also such only other more most some very per".split(
    " ",
  ),
);

/** Content words of a text: lower-case, three letters or more, common words left out. */
export function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'.%$-]*[\p{L}\p{N}%]|[\p{N}]/gu) ?? []).filter(
    (w) => (w.length >= 3 || /\d/.test(w)) && !STOP.has(w),
  );
}

/** Sentences (table rows, bullets and headings on their own) of a text, trimmed, in order. */
export function sentences(text: string): string[] {
  return sentenceSpans(text)
    .map((s) => text.slice(s.start, s.end))
    .filter((s) => s.replace(/\s/g, "").length >= MIN_QUOTE_CHARS);
}

/**
 * The sentence of `text` that best supports `context` (most shared content words, earliest on a
 * tie; a table's header row loses a tie with a row), cut to MAX_QUOTE_CHARS at a word boundary. It is taken verbatim from `text`, so it is
 * found again on the page the text came from.
 */
export function bestSentence(text: string, context: string): string {
  const candidates = sentences(text);
  if (candidates.length === 0) return shorten(text.trim());
  const wanted = new Set(contentWords(context));
  let best = candidates[0]!;
  let bestScore = -1;
  // A table's first line is its header: it names the columns a question asks about, but the answer is in a row.
  const table = candidates.length > 1 && candidates[0]!.includes(" | ");
  // The column headings above the rows: a row's figures are for the years they name.
  let columns: string[] = [];
  for (const [i, s] of candidates.entries()) {
    const cells = splitCells(s);
    const headings = isHeaderRow(cells);
    const words = new Set(contentWords(s));
    if (headings) columns = [...words];
    let exact = 0;
    if (!headings && isDataRow(cells)) {
      for (const w of columns) words.add(w);
      // A row whose label is just what was asked ("Net income", not "Other income (expense), net").
      const label = contentWords(cells[0]!);
      if (label.length && label.every((w) => wanted.has(w))) exact = 0.5;
    }
    // A title names the subject of a page; a row or sentence under it states the figure. Column
    // headings hold every year a question names, but the figures are in the rows below them.
    let score = (i === 0 && table ? -0.5 : 0) - (isHeadingLine(s) ? 1 : 0) - (headings ? 0.5 : 0) + exact;
    for (const w of words) if (wanted.has(w)) score += /\d/.test(w) ? (headings ? 0 : 2) : 1;
    if (score > bestScore) {
      best = s;
      bestScore = score;
    }
  }
  return shorten(best);
}

function shorten(s: string): string {
  if (s.length <= MAX_QUOTE_CHARS) return s;
  const cut = s.slice(0, MAX_QUOTE_CHARS);
  const at = cut.lastIndexOf(" ");
  return (at > MAX_QUOTE_CHARS / 2 ? cut.slice(0, at) : cut).trim();
}
