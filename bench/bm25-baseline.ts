/**
 * The plain page baseline of ../shared/data/financebench/bm25_page_baseline.py, in TypeScript so
 * bench:retrieval computes it in the same run over every corpus: `pdftotext -layout` per file,
 * split at form feeds into 1-indexed pages, lower-cased [a-z0-9]+ tokens less a few stop words,
 * BM25 (k1 1.2, b 0.75, IDF log(1 + (N - n + 0.5) / (n + 0.5))) over whole pages, the raw question
 * as the query. A .txt file's pages are the ones ingestion cuts it into. IDF and the average page
 * length come from all the pages indexed together, also when one file is searched (as the script does).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseText } from "../backend/ingestion/parsers/text.ts";

const STOP = new Set(
  "the of and to in a for is on by as what was were with that from this be are or at an its it how which has have fy".split(
    " ",
  ),
);
const K1 = 1.2;
const B = 0.75;

export const tokenize = (s: string): string[] =>
  (s.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((w) => !STOP.has(w));

/** The text of each page of a file, page 1 first. */
export function pageTexts(file: string): string[] {
  if (file.endsWith(".txt"))
    return parseText(fs.readFileSync(file), path.basename(file), false).pages.map((p) => p.text);
  // stderr ignored: poppler complains about harmless oddities of some files ("Syntax Error: ...").
  const quiet = { encoding: "utf8" as const, stdio: ["ignore", "pipe", "ignore"] as ("ignore" | "pipe")[] };
  const info = execFileSync("pdfinfo", [file], quiet);
  const count = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
  const pages = execFileSync("pdftotext", ["-layout", file, "-"], { ...quiet, maxBuffer: 1 << 30 }).split("\f");
  return Array.from({ length: count }, (_, i) => pages[i] ?? "");
}

export interface PageHit {
  doc: string;
  page: number;
}

export class PageBm25 {
  private readonly pages: { doc: string; page: number; tf: Map<string, number>; length: number }[] = [];
  private readonly byDoc = new Map<string, number[]>();
  private idf = new Map<string, number>();
  private avg = 0;

  /** `files` maps a document key to its page texts. */
  constructor(files: Map<string, string[]>) {
    const df = new Map<string, number>();
    for (const [doc, texts] of files) {
      texts.forEach((text, i) => {
        const tokens = tokenize(text);
        const tf = new Map<string, number>();
        for (const w of tokens) tf.set(w, (tf.get(w) ?? 0) + 1);
        for (const w of tf.keys()) df.set(w, (df.get(w) ?? 0) + 1);
        this.byDoc.set(doc, [...(this.byDoc.get(doc) ?? []), this.pages.length]);
        this.pages.push({ doc, page: i + 1, tf, length: tokens.length });
      });
    }
    const n = this.pages.length;
    this.avg = this.pages.reduce((sum, p) => sum + p.length, 0) / n;
    for (const [w, count] of df) this.idf.set(w, Math.log(1 + (n - count + 0.5) / (count + 0.5)));
  }

  get size(): number {
    return this.pages.length;
  }

  /** The first `limit` pages for the question, over every page or over one document's. */
  search(question: string, o: { doc?: string; limit: number }): PageHit[] {
    const terms = tokenize(question);
    const candidates = o.doc ? (this.byDoc.get(o.doc) ?? []) : this.pages.map((_, i) => i);
    const scored = candidates.map((i) => {
      const p = this.pages[i]!;
      let s = 0;
      for (const w of terms) {
        const f = p.tf.get(w);
        if (f) s += this.idf.get(w)! * ((f * (K1 + 1)) / (f + K1 * (1 - B + (B * p.length) / this.avg)));
      }
      return { s, i };
    });
    // Python sorts (score, index) pairs in reverse: equal scores put the later page first.
    scored.sort((a, b) => b.s - a.s || b.i - a.i);
    return scored.slice(0, o.limit).map(({ i }) => ({ doc: this.pages[i]!.doc, page: this.pages[i]!.page }));
  }
}
