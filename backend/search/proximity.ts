import { COVERAGE_CANDIDATES, isWordChar, prefixOf } from "./coverage.ts";
import { pageKey } from "./hit-order.ts";
import { isStopWord, type AnalyzedQuery, type QueryTerm } from "./query.ts";
import type { SearchHit } from "./search-index.ts";

/**
 * The question's neighbouring words as a page writes them. "Dividends declared per common share
 * in 2016" is answered by the sentence "Dividends declared per common share were $2.60 in 2016",
 * not by a statement of equity holding each word somewhere. A page's passages are multiplied by
 * 1 + `weight` x the share of the question's word pairs its candidates hold in order (each word
 * found by its stem at a word start, up to two stop words between), each pair weighted by its
 * rarity among the candidates' pages. The share is out of the pairs the question could have had
 * (one fewer than its words): a question whose words mostly stand apart ("Who presides over
 * Kenya's highest court?") gains less from its one pair. Only the best candidates are read.
 */
export function applyProximity(
  entries: { hit: SearchHit; score: number }[],
  pairs: [string, string][],
  words: number,
  weight: number,
): void {
  if (pairs.length === 0 || weight === 0) return;
  const stems = pairs.map(([a, b]) => [prefixOf(a), prefixOf(b)] as const).filter(([a, b]) => a && b);
  if (stems.length === 0) return;
  const best = [...entries].sort((a, b) => b.score - a.score).slice(0, COVERAGE_CANDIDATES);
  const held = new Map<string, boolean[]>();
  for (const e of best) {
    const lower = e.hit.text.toLowerCase();
    const page = held.get(pageKey(e.hit)) ?? stems.map(() => false);
    stems.forEach(([a, b], i) => (page[i] ||= holdsPair(lower, a, b)));
    held.set(pageKey(e.hit), page);
  }
  const pages = [...held.values()];
  const idf = stems.map((_, i) => Math.log(1 + pages.length / Math.max(1, pages.filter((h) => h[i]).length)));
  const possible = Math.max(stems.length, words - 1) / stems.length;
  const total = idf.reduce((a, b) => a + b, 0) * possible;
  for (const e of best) {
    const share = held.get(pageKey(e.hit))!.reduce((s, has, i) => s + (has ? idf[i]! : 0), 0) / total;
    e.score *= 1 + weight * share;
  }
}

/**
 * The question's pairs less those inside a name the named-documents stage took out of its terms
 * ("American Express" of "What are the geographies American Express operates in?"): that stage
 * weighs the document already, and within it every page says "American Express".
 */
export function unnamedPairs(analyzed: AnalyzedQuery, terms: QueryTerm[]): [string, string][] {
  const kept = new Set(terms.map((t) => t.words.join(" ")));
  const names = analyzed.terms
    .filter((t) => t.name && !kept.has(t.words.join(" ")))
    .map((t) => ` ${t.words.join(" ")} `);
  return analyzed.pairs.filter(([a, b]) => !names.some((n) => n.includes(` ${a} ${b} `)));
}

/** Stop words skipped between a pair's words: "share of common stock" holds "share common". */
const MAX_SKIPPED = 2;

/** Whether a word starting with `a` is followed by one starting with `b` in `text` (lower-case). */
export function holdsPair(text: string, a: string, b: string): boolean {
  // Most candidates lack one of the words: one scan for the second says so before the first's
  // every occurrence is followed ("tim" of "time" starts many words).
  if (!text.includes(b)) return false;
  for (let at = text.indexOf(a); at >= 0; at = text.indexOf(a, at + 1)) {
    if (at > 0 && isWordChar(text, at - 1)) continue;
    let i = wordEnd(text, at);
    for (let skipped = 0; skipped <= MAX_SKIPPED; skipped++) {
      while (i < text.length && !isWordChar(text, i)) i++;
      const end = wordEnd(text, i);
      if (end === i) break;
      if (text.startsWith(b, i)) return true;
      if (!isStopWord(text.slice(i, end))) break;
      i = end;
    }
  }
  return false;
}

function wordEnd(text: string, i: number): number {
  while (i < text.length && isWordChar(text, i)) i++;
  return i;
}
