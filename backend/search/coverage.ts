import { stemmer } from "stemmer";
import { pageKey } from "./hit-order.ts";
import type { SearchHit } from "./search-index.ts";

/**
 * How much of the question a page and its document cover. A page's best passage can match a
 * question's rarest word alone (a table row naming "Goldman Sachs"); the page that answers it
 * usually holds more of the question's words, and its document more still ("Buffett", "Berkshire",
 * "write-down" on a letter's pages). Read from the candidate passages only, so it costs a scan of
 * their text: a word counts where a passage holds a word starting with its stem.
 */
export interface CoverageWeights {
  /** Multiplies a passage's score by 1 + doc x (share of the question's words its document's candidates hold). */
  doc: number;
  /** The same for the page's candidates. */
  page: number;
  /**
   * What a word the page holds only in another form ("giant" for "giants") counts for its page's
   * share, against 1 for the form the question writes (default 1: any form counts fully).
   */
  otherForm?: number;
}

/** Candidates read for coverage, best first. */
export const COVERAGE_CANDIDATES = 200;

/**
 * Applies the weights and answers each document's share of the question (file id -> 0..1), for
 * the documents among the candidates read.
 */
export function applyCoverage(
  entries: { hit: SearchHit; score: number }[],
  words: string[],
  weights: CoverageWeights,
): Map<string, number> {
  const shares = new Map<string, number>();
  if (words.length === 0 || (weights.doc === 0 && weights.page === 0)) return shares;
  // Only the best candidates are read: scanning every one cost up to 20 ms a search.
  entries = [...entries].sort((a, b) => b.score - a.score).slice(0, COVERAGE_CANDIDATES);
  // The question's words by what their forms start with ("giants" under "giant").
  const written = new Map<string, Set<string>>();
  for (const w of words) {
    const p = prefixOf(w);
    if (p.length > 0) written.set(p, (written.get(p) ?? new Set()).add(w.toLowerCase()));
  }
  const prefixes = [...written.keys()];
  const otherForm = weights.otherForm ?? 1;
  // Per candidate and word: 1 where it holds the question's form, otherForm where only another.
  const holding = entries.map((e) => {
    const lower = e.hit.text.toLowerCase();
    return prefixes.map((p) => heldForm(lower, p, written.get(p)!, otherForm));
  });
  // Each word's weight: its rarity among the candidates (a word every candidate holds says little).
  const df = prefixes.map((_, i) => holding.filter((h) => h[i]! > 0).length);
  const idf = df.map((n) => Math.log(1 + entries.length / Math.max(1, n)));
  const total = idf.reduce((a, b) => a + b, 0);
  if (total === 0) return shares;
  const docs = new Map<string, number[]>();
  const pages = new Map<string, number[]>();
  const merge = (m: Map<string, number[]>, key: string, h: number[]) => {
    const seen = m.get(key);
    if (seen) h.forEach((v, i) => (seen[i] = Math.max(seen[i]!, v)));
    else m.set(key, [...h]);
  };
  entries.forEach((e, i) => {
    // A document holds a word in whichever form: the form tells pages apart, not documents.
    merge(
      docs,
      e.hit.file_id,
      holding[i]!.map((v) => (v > 0 ? 1 : 0)),
    );
    merge(pages, pageKey(e.hit), holding[i]!);
  });
  const share = (h: number[]) => h.reduce((s, v, i) => s + v * idf[i]!, 0) / total;
  for (const e of entries) {
    const d = share(docs.get(e.hit.file_id)!);
    const p = share(pages.get(pageKey(e.hit))!);
    e.score *= (1 + weights.doc * d) * (1 + weights.page * p);
    shares.set(e.hit.file_id, d);
  }
  return shares;
}

/**
 * How `text` holds a word starting with `prefix` (all lower-case): 1 where one is among `forms`
 * (or any form counts, `other` 1), `other` where only other words start with it, 0 where none does.
 */
function heldForm(text: string, prefix: string, forms: Set<string>, other: number): number {
  let held = 0;
  for (let at = text.indexOf(prefix); at >= 0; at = text.indexOf(prefix, at + 1)) {
    if (at > 0 && isWordChar(text, at - 1)) continue;
    if (other === 1) return 1;
    let end = at + prefix.length;
    while (end < text.length && isWordChar(text, end)) end++;
    if (forms.has(text.slice(at, end))) return 1;
    held = other;
  }
  return held;
}

/** Whether `text[i]` is a letter or a digit, in any script (ASCII without a regular expression). */
export function isWordChar(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (c < 128) return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 65 && c <= 90);
  return WORD_CHAR.test(text[i]!);
}
const WORD_CHAR = /[\p{L}\p{N}]/u;

/** What a word's forms start with: its Porter stem, cut to what the word and stem share ("happi" -> "happ"). */
export function prefixOf(word: string): string {
  const stem = stemmer(word);
  let n = 0;
  while (n < stem.length && n < word.length && stem[n] === word[n]) n++;
  return word
    .slice(0, Math.max(n, Math.min(word.length, 3)))
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");
}
