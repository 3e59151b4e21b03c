import { readFileSync } from "node:fs";
import wordListPath from "word-list";
import type { Span } from "../types.ts";

/**
 * Ligatures whose ToUnicode entry says U+0000. Some PDF producers map the "fi" and "fl" glyphs to
 * nothing (constituteproject.org's constitutions among them): pdf.js then gives "\0ag" for "flag"
 * and "re\0ect" for "reflect", and the index held "ag" and "re ect". Which ligature a NUL stood for
 * is read from the document's own words ("FLAG" in a heading, "flag" set in another font): the
 * candidate the document uses most, or one of its forms ("reflects" for "reflect"), else "fi", the
 * commonest ligature in English.
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
    const shifts: { at: number; by: number }[] = [];
    const text = page.text.replace(/[\p{L}\0]*\0[\p{L}\0]*/gu, (word, offset: number) => {
      const nuls = [...word.matchAll(/\0/g)].map((m) => m.index!);
      if (nuls.length > MAX_NULS || nuls.length === word.length) return word;
      const fixed = this.resolve(word);
      for (const [i, at] of nuls.entries()) shifts.push({ at: offset + at, by: fixed.ligatures[i]!.length - 1 });
      return fixed.word;
    });
    // The shifts come in text order: a position moves by the sum of those before it (binary search).
    const sums = [0];
    for (const x of shifts) sums.push(sums.at(-1)! + x.by);
    const moved = (pos: number) => {
      let lo = 0;
      let hi = shifts.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (shifts[mid]!.at < pos) lo = mid + 1;
        else hi = mid;
      }
      return pos + sums[lo]!;
    };
    return { text, spans: page.spans.map((s) => ({ ...s, start: moved(s.start), end: moved(s.end) })) };
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
    if (english().has(candidate)) return 500_000;
    let forms = 0;
    for (const f of FORMS) {
      forms += this.words.get(candidate + f) ?? 0;
      if (candidate.endsWith(f) && candidate.length - f.length >= 3)
        forms += this.words.get(candidate.slice(0, -f.length)) ?? 0;
    }
    return forms;
  }
}

let englishWords: Set<string> | undefined;
/** 274,000 lower-case English words, read once per process on first need (2.8 MB). */
function english(): Set<string> {
  englishWords ??= new Set(readFileSync(wordListPath, "utf8").split("\n"));
  return englishWords;
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
