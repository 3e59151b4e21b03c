import type { Kysely } from "kysely";
import { stemmer } from "stemmer";
import type { Database } from "../platform/db/schema.ts";
import type { QueryTerm } from "./query.ts";
import { findFilePassageStamp, listVersionPassages } from "./repo.ts";
import { byPlace } from "./hit-order.ts";
import type { SearchHit } from "./search-index.ts";

/**
 * BM25 over one file's passages in this process, for searches within one file of a data-room-sized
 * SQLite index. FTS5's bm25() counts every passage of the whole index holding each term (its IDF)
 * on every query, also when only one file's passages are ranked: at 270,000 passages the common
 * words cost more than the search, so they were left out (one-document R@5 0.73, against 0.83
 * with every term). Here each term's IDF comes from the counts the planner already keeps, and the
 * file's passages are read, tokenized and stemmed once per version (cached), so every term counts.
 *
 * The formula is FTS5's: per term, IDF x tf(k1 + 1) / (tf + k1(1 - b + b * len / avglen)), tf
 * summing the term's hits weighted by column (text 1, heading 0.5), a phrase hit being its words
 * in a row. Tokens are FTS5 unicode61's (runs of letters and digits, lower-cased, diacritics
 * removed), stemmed with Porter's algorithm as its `porter` tokenizer does. The document label
 * column is left out: it is the same for every passage of the file.
 */

export const K1 = 1.2;
export const B = 0.75;
export const HEADING_WEIGHT = 0.5;
/**
 * Files with more passages than this are ranked by FTS5: tokenizing costs about 26 ms per 1,000
 * passages the first time a file is searched (a Map lookup per word is half of it).
 */
export const MAX_FILE_PASSAGES = 1_500;
/** Tokens of the files kept tokenized (4 bytes each), least recently searched dropped first. */
const CACHE_TOKENS = 8_000_000;
/** Distinct words remembered before everything is forgotten and started again. */
const MAX_WORDS = 1_000_000;

/** Word -> id of its stem, and stem -> id: each distinct word is stemmed once per table. */
export class WordTable {
  readonly words = new Map<string, number>();
  readonly stems = new Map<string, number>();

  id(word: string): number {
    let id = this.words.get(word);
    if (id === undefined) {
      const s = stemmer(word);
      id = this.stems.get(s);
      if (id === undefined) this.stems.set(s, (id = this.stems.size));
      this.words.set(word, id);
    }
    return id;
  }
}

/**
 * Files tokenized for ranking (least recently searched dropped first), and the word table their
 * ids come from. One per search index (search-index.ts), made at boot.
 */
export class FileRankCache {
  readonly files = new Map<string, FilePassages>();
  tokens = 0;
  words = new WordTable();

  forgetAll(): void {
    this.files.clear();
    this.tokens = 0;
    this.words = new WordTable();
  }
}

export interface FilePassages {
  hits: Omit<SearchHit, "score">[];
  /** Per passage: its text's and its heading's stems, as ids of `words`. */
  text: Int32Array[];
  heading: Int32Array[];
  avgLength: number;
  tokens: number;
  /** The table the ids come from. */
  words: WordTable;
}

/** Lower-cased, diacritics removed, runs of letters and digits, each Porter-stemmed. */
export function indexTokens(text: string): string[] {
  const out: string[] = [];
  eachWord(text, (w) => out.push(stemmer(w)));
  return out;
}

/**
 * Calls `f` with each word: one loop over the character codes. A character past ASCII is part of a
 * word when it is a letter, digit or mark (FTS5's unicode61 counts letters and digits; a mark is
 * dropped with the word's diacritics), and only the words holding one are folded (lower-cased,
 * NFKD, marks removed, cut again at anything the folding left that is not a letter or digit).
 * Folding whole texts (half of a filing's passages hold a curly quote or a dash) made tokenizing
 * them five times as slow as ASCII text.
 */
function eachWord(text: string, f: (word: string) => void): void {
  let start = -1;
  let folded = false;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 32;
    let part: boolean;
    if (c < 128) {
      const lower = c | 32;
      part = (lower >= 97 && lower <= 122) || (c >= 48 && c <= 57);
    } else {
      part = wordCode(c);
      if (part) folded = true;
    }
    if (part) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      const word = text.slice(start, i).toLowerCase();
      if (!folded) f(word);
      else for (const m of word.normalize("NFKD").replace(MARKS, "").matchAll(LETTERS_DIGITS)) f(m[0]);
      start = -1;
      folded = false;
    }
  }
}
const MARKS = /\p{M}/gu;
const LETTERS_DIGITS = /[\p{L}\p{N}]+/gu;
const WORD_PART = /^[\p{L}\p{N}\p{M}]$/u;
/** Per UTF-16 code past ASCII: 0 not yet known, 1 part of a word, 2 not. */
const codeKinds = new Uint8Array(65_536);
/** A surrogate (half of a character beyond the BMP) is kept with its word and judged when folded. */
function wordCode(c: number): boolean {
  if (c >= 0xd800 && c <= 0xdfff) return true;
  let kind = codeKinds[c]!;
  if (kind === 0) codeKinds[c] = kind = WORD_PART.test(String.fromCharCode(c)) ? 1 : 2;
  return kind === 1;
}

/**
 * The best `limit` passages of the file's current version, or null when the file has too many
 * passages to rank here (the caller uses FTS5). `df`: passages of the whole index holding a word;
 * `total`: passages in the index.
 */
export async function rankFilePassages(
  db: Kysely<Database>,
  cache: FileRankCache,
  q: { workspaceId: string; fileId: string; terms: QueryTerm[]; limit: number },
  df: (word: string) => number,
  total: number,
): Promise<SearchHit[] | null> {
  const row = await findFilePassageStamp(db, { workspaceId: q.workspaceId, fileId: q.fileId });
  if (!row?.version_id || Number(row.n) === 0) return [];
  if (Number(row.n) > MAX_FILE_PASSAGES) return null;
  const key = `${row.version_id}:${Number(row.n)}:${Number(row.last)}`;
  let file = cache.files.get(key);
  if (file) cache.files.delete(key);
  else {
    if (cache.words.words.size > MAX_WORDS) cache.forgetAll();
    file = await loadFile(db, cache.words, row.version_id, row.filename);
    cache.tokens += file.tokens;
  }
  cache.files.set(key, file);
  for (const [oldest, dropped] of cache.files) {
    if (cache.tokens <= CACHE_TOKENS || oldest === key) break;
    cache.files.delete(oldest);
    cache.tokens -= dropped.tokens;
  }
  // Cached by version, which a snapshot's copy of the file shares: the hits name the file asked.
  return scoreFile(file, q.terms, df, total)
    .slice(0, q.limit)
    .map((h) => ({ ...h, file_id: q.fileId }));
}

async function loadFile(
  db: Kysely<Database>,
  words: WordTable,
  versionId: string,
  filename: string,
): Promise<FilePassages> {
  const rows = await listVersionPassages(db, versionId);
  return tokenizeFile(
    rows.map((r) => ({ ...r, filename, page: Number(r.page), heading: r.heading ?? "", listing: Boolean(r.listing) })),
    words,
  );
}

/** A file's passages as stem ids of `words` (a table of its own unless given), ready to score. */
export function tokenizeFile(
  rows: (Omit<SearchHit, "score"> & { heading: string })[],
  words = new WordTable(),
): FilePassages {
  const ids = (text: string) => {
    const out: number[] = [];
    eachWord(text, (w) => out.push(words.id(w)));
    return Int32Array.from(out);
  };
  const text = rows.map((r) => ids(r.text));
  const heading = rows.map((r) => ids(r.heading));
  const tokens = text.reduce((n, t, i) => n + t.length + heading[i]!.length, 0);
  return {
    hits: rows.map(({ heading: _, ...hit }) => hit),
    text,
    heading,
    avgLength: rows.length ? tokens / rows.length : 1,
    tokens,
    words,
  };
}

/** BM25 of each passage holding any of the terms, best first. */
export function scoreFile(
  file: FilePassages,
  terms: QueryTerm[],
  df: (word: string) => number,
  total: number,
): SearchHit[] {
  const scores = new Float64Array(file.hits.length);
  for (const term of terms) {
    const ids = term.words.map((w) => file.words.stems.get(stemmer(w)));
    if (ids.some((id) => id === undefined)) continue;
    // A phrase holds at most as many passages as its rarest word.
    const n = Math.min(...term.words.map(df));
    const idf = Math.max(1e-6, Math.log((total - n + 0.5) / (n + 0.5)));
    const seq = ids as number[];
    for (let i = 0; i < scores.length; i++) {
      const tf = hits(file.text[i]!, seq) + HEADING_WEIGHT * hits(file.heading[i]!, seq);
      if (tf === 0) continue;
      const length = file.text[i]!.length + file.heading[i]!.length;
      scores[i]! += (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * length) / file.avgLength));
    }
  }
  const ranked: SearchHit[] = [];
  scores.forEach((s, i) => {
    if (s > 0) ranked.push({ ...file.hits[i]!, score: s });
  });
  return ranked.sort((a, b) => b.score - a.score || byPlace(a, b));
}

/** Occurrences of the token sequence (one word, or a phrase's words in a row). */
function hits(tokens: Int32Array, seq: number[]): number {
  let n = 0;
  const first = seq[0]!;
  outer: for (let i = 0; i + seq.length <= tokens.length; i++) {
    if (tokens[i] !== first) continue;
    for (let j = 1; j < seq.length; j++) if (tokens[i + j] !== seq[j]) continue outer;
    n++;
  }
  return n;
}
