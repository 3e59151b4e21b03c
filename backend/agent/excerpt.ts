import { COLUMN_BREAK, sentenceSpans } from "./sentences.ts";

/** About how long an excerpt runs: the quoted sentence, then its neighbours while they fit. */
export const EXCERPT_CHARS = 320;

/**
 * What a search-mode answer shows of a passage: the quoted sentence, with the sentences after it
 * (then before it) while they fit, so it starts and ends where sentences do. Table rows are left
 * out (a row is shown as a table of its own), and so are headings. Whitespace is folded to single spaces; an ellipsis
 * marks a sentence cut short. The quote is always inside it: the viewer highlights what it shows.
 */
export function excerpt(text: string, quote: string, size = EXCERPT_CHARS): string {
  const spans = sentenceSpans(text);
  const at = text.indexOf(quote);
  const i = at < 0 ? -1 : spans.findIndex((s) => s.end > at);
  if (i < 0) return oneLine(quote);
  const piece = (k: number) => text.slice(spans[k]!.start, spans[k]!.end);
  // Neighbours are whole sentences: not table rows, not headings (no final punctuation).
  const prose = (k: number) =>
    k >= 0 && k < spans.length && !COLUMN_BREAK.test(piece(k)) && /[.!?:;]["'”’)]*$/u.test(piece(k));
  // The quote may be a shortened sentence: then it is all there is room for.
  const first = piece(i);
  if (!first.includes(quote) || first.length > quote.length + 1) return `${oneLine(quote)}…`;
  if (COLUMN_BREAK.test(first)) return oneLine(first);
  let from = i;
  let to = i;
  let length = first.length;
  while (prose(to + 1) && length + piece(to + 1).length + 1 <= size) length += piece(++to).length + 1;
  while (prose(from - 1) && length + piece(from - 1).length + 1 <= size) length += piece(--from).length + 1;
  // A passage can begin or end inside a sentence (passages are cut at line ends): say so.
  const shown = oneLine(text.slice(spans[from]!.start, spans[to]!.end));
  return `${/^\p{Ll}/u.test(shown) ? "…" : ""}${shown}${/[.!?:;]["'”’)]*$/u.test(shown) ? "" : "…"}`;
}

export function oneLine(s: string): string {
  return s.replace(/\s+/g, " ").trim();
}
