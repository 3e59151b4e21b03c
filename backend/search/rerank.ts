import { stemmer } from "stemmer";
import { B, HEADING_WEIGHT, K1, WordTable } from "./file-rank.ts";
import type { QueryTerm } from "./query.ts";
import type { SearchHit } from "./search-index.ts";

/**
 * BM25 over candidate passages in this process. PostgreSQL's ts_rank has no IDF: a question's
 * commonest word ("total", "2015") counts as much as its rarest. Its best rows are scored again
 * here with FTS5's formula and columns, as SQLite scores them: per term,
 * IDF x tf(k1 + 1) / (tf + k1(1 - b + b * len / avglen)), tf summing the term's hits in the text
 * (weight 1), the section heading (0.5) and the document label (1), a phrase hit being its words
 * in a row (file-rank.ts does the same for one file's passages, which it keeps tokenized). IDF comes
 * from the index's word counts (`df`, `total`). Only the words that start like a term's are read,
 * found by one regular expression: about 2.5 ms per 300 passages on the bench machine, where a
 * loop over the characters took 4.5 and tokenizing and stemming every word 20. Lengths are in
 * words, counted once per passage (StemMemo); the average is the candidates' (FTS5's is the
 * whole index's).
 */
const WEIGHTS = { text: 1, heading: HEADING_WEIGHT, label: 1 } as const;
/** Words whose stems, and passages whose lengths, are remembered before each memo starts again. */
const MAX_MEMO = 200_000;

export type RankRow = Omit<SearchHit, "score"> & { heading: string; label: string };

/**
 * Stems of the words met (file-rank.ts's WordTable: each distinct word stemmed once), and
 * passages' lengths in words, shared between searches: counting a passage's words is a loop over
 * its characters (about 1.5 ms per 300 passages), and the passages a Pod's questions rank recur.
 */
export class StemMemo {
  private table = new WordTable();
  private lengths = new Map<string, number>();
  /** The word table for one call: started again here, between calls, once it holds too many words. */
  words(): WordTable {
    if (this.table.words.size > MAX_MEMO) this.table = new WordTable();
    return this.table;
  }
  length(passageId: string, text: string): number {
    let n = this.lengths.get(passageId);
    if (n === undefined) {
      if (this.lengths.size > MAX_MEMO) this.lengths.clear();
      this.lengths.set(passageId, (n = countWords(text)));
    }
    return n;
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
  // Each distinct word of the terms, by its stem; a text's words are stemmed only when they start
  // like one of them (one regular expression over the text finds those).
  const words = memo.words();
  const prefixes = new Set<string>();
  const seqs = terms.map((t) =>
    t.words.map((w) => {
      const prefix = prefixOf(w, stemmer(w));
      if (prefix) prefixes.add(prefix);
      return words.id(w);
    }),
  );
  if (prefixes.size === 0) return scores;
  const starts = new RegExp(`\\b(?:${[...prefixes].join("|")})[a-z0-9]*`, "gi");
  const counts = terms.map((t) => Math.min(...t.words.map(df)));
  // A table PostgreSQL has not analyzed yet says it holds no rows: take it as at least as large
  // as what the candidates and the counts show.
  const size = Math.max(total, rows.length, ...counts.filter((n) => Number.isFinite(n)).map((n) => n + 1));
  const idfs = counts.map((n) => (n > 0 ? Math.max(1e-6, Math.log((size - n + 0.5) / (n + 0.5))) : 0));
  // A file's passages share its label, and a section's their heading: each is read once.
  const seen = new Map<string, Scan>();
  const read = (text: string) => {
    let found = seen.get(text);
    if (!found) seen.set(text, (found = scan(text, starts, words, memo)));
    return found;
  };
  const scanned = rows.map((r) => [scan(r.text, starts, words, memo, r.passage_id), read(r.heading), read(r.label)]);
  const lengths = scanned.map((cols) => cols.reduce((n, c) => n + c.words, 0));
  const avg = Math.max(1, lengths.reduce((a, b) => a + b, 0) / rows.length);
  const weights = [WEIGHTS.text, WEIGHTS.heading, WEIGHTS.label];
  for (let t = 0; t < terms.length; t++) {
    const idf = idfs[t]!;
    if (idf === 0) continue;
    const seq = seqs[t]!;
    for (let i = 0; i < rows.length; i++) {
      const cols = scanned[i]!;
      let tf = 0;
      for (let c = 0; c < cols.length; c++) tf += weights[c]! * hits(cols[c]!, seq);
      if (tf > 0) scores[i]! += (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * lengths[i]!) / avg));
    }
  }
  return scores;
}

/** A text (letters with diacritics folded) and its words that start like a term's: [start, end, stem id] each. */
interface Scan {
  text: string;
  found: number[];
  /** Words in all (runs of letters and digits). */
  words: number;
}

function scan(text: string, starts: RegExp, words: WordTable, memo: StemMemo, passageId?: string): Scan {
  // Diacritics folded as FTS5's unicode61 does ("Zürich" is "zurich"), and the ligatures PDFs
  // are full of read as their letters ("ﬁrm" is "firm").
  if (ACCENTED.test(text)) text = text.normalize("NFKD").replace(MARKS, "");
  // The expression's \b counts "_" as a letter: "____2016" of a form's blank holds the word 2016.
  if (text.includes("_")) text = text.replaceAll("_", " ");
  const found: number[] = [];
  starts.lastIndex = 0;
  for (let m = starts.exec(text); m; m = starts.exec(text)) {
    const end = m.index + m[0].length;
    // A word runs on past the ASCII letters ("caf" of a "café" left unfolded): not the word.
    if (end < text.length && text.charCodeAt(end) > 127 && WORD_CHAR.test(text[end]!)) continue;
    if (m.index > 0 && text.charCodeAt(m.index - 1) > 127 && WORD_CHAR.test(text[m.index - 1]!)) continue;
    found.push(m.index, end, words.id(m[0].toLowerCase()));
  }
  return { text, found, words: passageId ? memo.length(passageId, text) : countWords(text) };
}

/** Runs of letters and digits: a loop over the character codes, a regular expression only past ASCII. */
function countWords(text: string): number {
  let n = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const lower = c | 32;
    const part = (lower >= 97 && lower <= 122) || (c >= 48 && c <= 57) || (c > 127 && WORD_CHAR.test(text[i]!));
    if (part && !inWord) n++;
    inWord = part;
  }
  return n;
}
const ACCENTED = /[\u00c0-\u024f\u1e00-\u1eff\ufb00-\ufb06]/;
const MARKS = /[\u0300-\u036f]/g;
const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Occurrences of the stems in a row (a phrase's words, nothing but spaces and marks between; one word is a phrase of one). */
function hits(scan: Scan, seq: number[]): number {
  const { found, text } = scan;
  let n = 0;
  for (let i = 0; i < found.length; i += 3) {
    if (found[i + 2] !== seq[0]) continue;
    let whole = true;
    for (let j = 1; j < seq.length && whole; j++) {
      const k = i + 3 * j;
      whole = k < found.length && found[k + 2] === seq[j] && !GAP_WORD.test(text.slice(found[k - 2], found[k]));
    }
    if (whole) n++;
  }
  return n;
}
/** A letter or digit: a word between two found ones. */
const GAP_WORD = /[\p{L}\p{N}]/u;

/**
 * What the forms of a word start with: the part its Porter stem shares with it, less one letter,
 * as the stemmer puts back an "e" or an "i" ("trading" is "trade", "hoping" "hope", "happiness"
 * "happi"), and at least three letters.
 */
function prefixOf(word: string, stem: string): string {
  let n = 0;
  while (n < stem.length && n < word.length && stem[n] === word[n]) n++;
  return word.slice(0, Math.max(Math.min(3, word.length), n - 1)).replace(/[^a-z0-9]/g, "");
}
