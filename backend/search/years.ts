import { COVERAGE_CANDIDATES } from "./coverage.ts";
import { pageKey } from "./hit-order.ts";
import type { SearchHit } from "./search-index.ts";

/** The years a question names ("in 2009", "from 2007 to 2009", "FY2022" once normalised). */
export function questionYears(words: string[]): string[] {
  return [...new Set(words.filter((w) => /^(19|20)\d{2}$/.test(w)))];
}

/**
 * A question that names a year is about that year: the passages of a page whose candidates write
 * one of its years as a word have their score multiplied by 1 + `weight`. Among many filings, the
 * page of a 2016 report that holds "2015" answers "the ratio in 2015" more often than a 2022
 * filing's table matching the other words. Only the best candidates are read (as coverage does).
 */
export function applyYears(entries: { hit: SearchHit; score: number }[], years: string[], weight: number): void {
  if (years.length === 0 || weight === 0) return;
  const best = [...entries].sort((a, b) => b.score - a.score).slice(0, COVERAGE_CANDIDATES);
  const pages = new Set(best.filter((e) => years.some((y) => holdsWord(e.hit.text, y))).map((e) => pageKey(e.hit)));
  for (const e of best) if (pages.has(pageKey(e.hit))) e.score *= 1 + weight;
}

/** Whether `word` (digits) stands alone in `text`: "2015" in "2015 and 2014", not in "20150". */
function holdsWord(text: string, word: string): boolean {
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
    const before = at > 0 ? text.charCodeAt(at - 1) : 32;
    const after = at + word.length < text.length ? text.charCodeAt(at + word.length) : 32;
    if (!isDigit(before) && !isDigit(after)) return true;
  }
  return false;
}
const isDigit = (c: number) => c >= 48 && c <= 57;
