import { stemmer } from "stemmer";
import { B, HEADING_WEIGHT, K1 } from "./file-rank.ts";
import type { QueryTerm } from "./query.ts";
import type { SearchHit } from "./search-index.ts";

/**
 * BM25 over candidate passages in this process. PostgreSQL's ts_rank has no IDF: a question's
 * commonest word ("total", "2015") counts as much as its rarest. Its best rows are scored again
 * here with FTS5's formula and columns, as SQLite scores them: per term,
 * IDF x tf(k1 + 1) / (tf + k1(1 - b + b * len / avglen)), tf summing the term's hits in the text
 * (weight 1), the section heading (0.5) and the document label (1), a phrase hit being its words
 * in a row (file-rank.ts does the same for one file's passages, which it keeps tokenized). IDF comes
 * from the index's word counts (`df`, `total`). Each text is read once, and only its words that
 * start like a term's are stemmed: about 3 ms per 300 passages on the bench machine, where
 * tokenizing and stemming every word cost 20. The average length is the candidates' (FTS5's is
 * the whole index's).
 */
const WEIGHTS = { text: 1, heading: HEADING_WEIGHT, label: 1 } as const;
/** Words whose stems are remembered before the memo is started again. */
const MAX_MEMO = 200_000;

export type RankRow = Omit<SearchHit, "score"> & { heading: string; label: string };

/** Stems of the words met, shared between searches. */
export class StemMemo {
  private memo = new Map<string, string>();
  stem(word: string): string {
    let s = this.memo.get(word);
    if (s === undefined) {
      if (this.memo.size > MAX_MEMO) this.memo.clear();
      this.memo.set(word, (s = stemmer(word)));
    }
    return s;
  }
}

/** The rows' BM25 scores, in their order. */
export function bm25Scores(
  rows: RankRow[],
  terms: QueryTerm[],
  df: (word: string) => number,
  total: number,
  memo: StemMemo,
): Float64Array {
  const scores = new Float64Array(rows.length);
  if (rows.length === 0) return scores;
  // Each distinct word of the terms, by its stem; a text's words are stemmed only when their
  // first three letters are some term word's.
  const stems = new Map<string, number>();
  const keys = new Set<number>();
  const seqs = terms.map((t) =>
    t.words.map((w) => {
      const stem = memo.stem(w);
      if (!stems.has(stem)) stems.set(stem, stems.size);
      keys.add(keyOf(w, 0, w.length));
      keys.add(keyOf(stem, 0, stem.length));
      return stems.get(stem)!;
    }),
  );
  const counts = terms.map((t) => Math.min(...t.words.map(df)));
  // A table PostgreSQL has not analyzed yet says it holds no rows: take it as at least as large
  // as what the candidates and the counts show.
  const size = Math.max(total, rows.length, ...counts.filter((n) => Number.isFinite(n)).map((n) => n + 1));
  const idfs = counts.map((n) => (n > 0 ? Math.max(1e-6, Math.log((size - n + 0.5) / (n + 0.5))) : 0));
  const scanned = rows.map((r) => [r.text, r.heading, r.label].map((text) => scan(text, keys, stems, memo)));
  const lengths = scanned.map((cols) => cols.reduce((n, c) => n + c.length, 0));
  const avg = Math.max(1, lengths.reduce((a, b) => a + b, 0) / rows.length);
  const weights = [WEIGHTS.text, WEIGHTS.heading, WEIGHTS.label];
  for (let t = 0; t < terms.length; t++) {
    const idf = idfs[t]!;
    if (idf === 0) continue;
    const seq = seqs[t]!;
    for (let i = 0; i < rows.length; i++) {
      const cols = scanned[i]!;
      let tf = 0;
      for (let c = 0; c < cols.length; c++) tf += weights[c]! * hits(cols[c]!.found, seq);
      if (tf > 0) scores[i]! += (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * lengths[i]!) / avg));
    }
  }
  return scores;
}

/**
 * A word's first three characters (0 for those it lacks), 10 bits each: a small integer, as a Set
 * key cheaper than a string. Letters that share one (past the 10 bits) only cost a stem more.
 */
function keyOf(text: string, start: number, end: number): number {
  const a = text.charCodeAt(start) & 0x3ff;
  const b = start + 1 < end ? text.charCodeAt(start + 1) & 0x3ff : 0;
  const c = start + 2 < end ? text.charCodeAt(start + 2) & 0x3ff : 0;
  return (a << 20) | (b << 10) | c;
}

/**
 * A text's length in words and, in order, [position, stem index] of its words whose stem is one of
 * `stems` (FTS5 unicode61's tokens: runs of letters and digits, lower-cased, diacritics removed).
 */
function scan(
  text: string,
  keys: Set<number>,
  stems: Map<string, number>,
  memo: StemMemo,
): { length: number; found: number[] } {
  const found: number[] = [];
  let length = 0;
  let start = -1;
  let key = 0;
  let accented = false;
  for (let i = 0; i <= text.length; i++) {
    let c = i < text.length ? text.charCodeAt(i) : 0;
    if (c >= 65 && c <= 90) c |= 32;
    const ascii = (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
    if (ascii || (c > 127 && letterOrDigit(c, text, i))) {
      if (start < 0) {
        start = i;
        key = 0;
        accented = false;
      }
      // The first three characters, 10 bits each, as keyOf() makes them.
      if (i - start < 3) key |= (c & 0x3ff) << (10 * (2 - (i - start)));
      if (!ascii) accented = true;
      continue;
    }
    if (start < 0) continue;
    let word: string | null = null;
    if (accented) word = text.slice(start, i).toLowerCase().normalize("NFKD").replace(/\p{M}/gu, "");
    else if (keys.has(key)) word = text.slice(start, i).toLowerCase();
    if (word !== null) {
      const id = stems.get(memo.stem(word));
      if (id !== undefined) found.push(length, id);
    }
    length++;
    start = -1;
  }
  return { length, found };
}
const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Whether the non-ASCII character at `i` is a letter or digit; punctuation PDFs are full of is ruled out first. */
function letterOrDigit(c: number, text: string, i: number): boolean {
  // No-break space, general punctuation (quotes, dashes, bullets), and the × and ÷ of Latin-1.
  if (c === 0xa0 || (c >= 0x2000 && c <= 0x206f) || c === 0xd7 || c === 0xf7) return false;
  // Latin-1 and Latin Extended letters.
  if (c >= 0xc0 && c <= 0x24f) return true;
  return WORD_CHAR.test(text[i]!);
}

/** Occurrences of the stems in a row (a phrase's words; one word is a phrase of one). */
function hits(found: number[], seq: number[]): number {
  let n = 0;
  for (let i = 0; i < found.length; i += 2) {
    if (found[i + 1] !== seq[0]) continue;
    let whole = true;
    for (let j = 1; j < seq.length && whole; j++) {
      const k = i + 2 * j;
      whole = k < found.length && found[k] === found[i]! + j && found[k + 1] === seq[j];
    }
    if (whole) n++;
  }
  return n;
}
