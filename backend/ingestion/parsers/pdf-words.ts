import { readFileSync } from "node:fs";
import wordListPath from "word-list";
import type { Span } from "../types.ts";

/**
 * Words a PDF's text layer breaks, put back together. Every edit moves the page's spans with it.
 *
 * Ligatures whose ToUnicode entry says U+0000 (`LigatureRepair`). Some PDF producers map the "fi"
 * and "fl" glyphs to nothing (constituteproject.org's constitutions among them): pdf.js then gives
 * "\0ag" for "flag" and "re\0ect" for "reflect", and the index held "ag" and "re ect". Which
 * ligature a NUL stood for is read from the document's own words ("FLAG" in a heading, "flag" set in
 * another font), then an English word list (the `word-list` package, read only when a document
 * needs it: "reflect", whose every "fl" is the ligature), then the document's other forms of the
 * word ("reflects"), else "fi", the commonest ligature in English.
 */
const LIGATURES = ["fi", "fl", "ff", "ffi", "ffl"];
/** A word with more NULs than this is not guessed at (5^k candidates): its NULs stay as they are. */
const MAX_NULS = 2;
/** Distinct words remembered per document: a bound on memory for a 10,000-page file. */
const MAX_WORDS = 200_000;
const FORMS = ["s", "es", "ed", "ing", "er", "ers", "ly", "al", "ion", "ions", "ive", "ity", "ure"];

export class LigatureRepair {
  private readonly words = new Map<string, number>();
  private readonly chosen = new Map<string, string[]>();

  /** A repair that has learnt every one of a document's pages. */
  static of(texts: string[]): LigatureRepair {
    const repair = new LigatureRepair();
    for (const t of texts) repair.learn(t);
    return repair;
  }

  /** Counts a page's words (those not touching a NUL) toward the document's vocabulary. */
  learn(text: string): void {
    for (const m of text.matchAll(/[\p{L}\0]+/gu)) {
      const word = m[0];
      if (word.includes("\0")) continue;
      const key = word.toLowerCase();
      const n = this.words.get(key);
      if (n !== undefined) this.words.set(key, n + 1);
      else if (this.words.size < MAX_WORDS) this.words.set(key, 1);
    }
  }

  /**
   * The page with each NUL inside a word replaced by its ligature and the spans moved to match;
   * a NUL standing alone (no letter beside it) is left for `storableText` to blank.
   */
  repair(page: { text: string; spans: Span[] }): { text: string; spans: Span[] } {
    if (!page.text.includes("\0")) return page;
    // Where each NUL was, and how many code units its replacement added.
    const shifts: Shift[] = [];
    const text = page.text.replace(/[\p{L}\0]*\0[\p{L}\0]*/gu, (word, offset: number) => {
      const nuls = [...word.matchAll(/\0/g)].map((m) => m.index!);
      if (nuls.length > MAX_NULS || nuls.length === word.length) return word;
      const fixed = this.resolve(word);
      for (const [i, at] of nuls.entries()) shifts.push({ at: offset + at, by: fixed.ligatures[i]!.length - 1 });
      return fixed.word;
    });
    return { text, spans: shiftSpans(page.spans, shifts) };
  }

  private resolve(word: string): { word: string; ligatures: string[] } {
    const key = word.toLowerCase();
    let best = this.chosen.get(key);
    if (best === undefined) {
      let bestScore = -1;
      for (const candidate of fillings(key)) {
        const score = this.score(candidate.word);
        if (score > bestScore) [best, bestScore] = [candidate.ligatures, score];
      }
      this.chosen.set(key, best!);
    }
    // Cased like the word: an all-capitals word gets "FL".
    const upper = /\p{Lu}/u.test(word) && !/\p{Ll}/u.test(word);
    const ligatures = best!.map((l) => (upper ? l.toUpperCase() : l));
    let n = 0;
    return { word: word.replace(/\0/g, () => ligatures[n++]!), ligatures };
  }

  /** How often the document writes the word (most), whether it is an English word, then its other forms. */
  private score(candidate: string): number {
    const exact = this.words.get(candidate);
    if (exact) return 1_000_000 + exact;
    if (isEnglish(candidate)) return 500_000;
    let forms = 0;
    for (const f of FORMS) {
      forms += this.words.get(candidate + f) ?? 0;
      if (candidate.endsWith(f) && candidate.length - f.length >= 3)
        forms += this.words.get(candidate.slice(0, -f.length)) ?? 0;
    }
    return forms;
  }
}

/**
 * A word broken at a line's end by a hyphen, joined: "applica-" over "tions" is "applications"
 * (papers, executive orders and annual reports set in narrow columns break hundreds of words; the
 * index held "applica" and "tions", which no question asks for). Joined only when the whole is an
 * English word and the second part is not one after a prefix that keeps its hyphen: "long-term",
 * "mixed-signal" and "pre-tax" stay as written. Not across a blank line.
 */
export function joinBrokenWords(page: { text: string; spans: Span[] }): { text: string; spans: Span[] } {
  if (!page.text.includes("-\n")) return page;
  const shifts: Shift[] = [];
  const text = page.text.replace(
    /(\p{L}{2,})-\n(\p{Ll}{2,})/gu,
    (whole, first: string, second: string, offset: number) => {
      const joined = `${first}${second}`.toLowerCase();
      if (!isEnglish(joined)) return whole;
      if (HYPHEN_PREFIXES.has(first.toLowerCase()) && isEnglish(second)) return whole;
      const at = offset + first.length;
      shifts.push({ at, by: -1 }, { at: at + 1, by: -1 });
      return first + second;
    },
  );
  return shifts.length === 0 ? page : { text, spans: shiftSpans(page.spans, shifts) };
}
/** Prefixes written with a hyphen before a word: "pre-tax", "non-recurring", "co-chairs". */
const HYPHEN_PREFIXES = new Set("pre post non co semi self anti multi cross counter mid".split(" "));

/** A code unit count added (or, negative, removed) at a position of the old text. */
type Shift = { at: number; by: number };

/** Spans of the old text moved into the new: a position moves by the shifts before it (in text order). */
function shiftSpans(spans: Span[], shifts: Shift[]): Span[] {
  const sums = [0];
  for (const x of shifts) sums.push(sums.at(-1)! + x.by);
  const moved = (pos: number) => pos + sums[firstIndex(shifts.length, (i) => shifts[i]!.at >= pos)]!;
  return spans.map((s) => ({ ...s, start: moved(s.start), end: moved(s.end) }));
}

/**
 * 274,000 lower-case English words, read once per thread on first need: one sorted string and the
 * offsets of its words (about 4 MB), searched by halves. A Set of them held 34 MB in every parser
 * worker.
 */
let englishWords: { text: string; starts: Uint32Array } | undefined;
function isEnglish(word: string): boolean {
  if (!englishWords) {
    const text = readFileSync(wordListPath, "utf8").split("\n").filter(Boolean).sort().join("\n");
    const starts = [0];
    for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
    englishWords = { text, starts: Uint32Array.from(starts) };
  }
  const { text, starts } = englishWords;
  const at = (i: number) => text.slice(starts[i]!, i + 1 < starts.length ? starts[i + 1]! - 1 : text.length);
  const i = firstIndex(starts.length, (k) => at(k) >= word);
  return i < starts.length && at(i) === word;
}

/** The first of 0..n-1 where `past` holds (it holds for all after it), or n: a search by halves. */
function firstIndex(n: number, past: (i: number) => boolean): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (past(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Every way of filling a word's NULs with ligatures, "fi" first so that it wins ties. */
function fillings(word: string): { word: string; ligatures: string[] }[] {
  let out = [{ word: "", ligatures: [] as string[] }];
  for (const ch of word)
    out = out.flatMap((w) =>
      ch === "\0"
        ? LIGATURES.map((l) => ({ word: w.word + l, ligatures: [...w.ligatures, l] }))
        : [{ word: w.word + ch, ligatures: w.ligatures }],
    );
  return out;
}
