/**
 * Builds the data room for `bench:dataroom` from the shared real PDFs, with qpdf (Debian package
 * `qpdf`): each document merges 1-3 page runs cut from different filings, reports and
 * constitutions, in a random order, and every page gets a Bates-style stamp (project name and a
 * running page number) as data rooms have. So pages keep real fonts, layouts and content streams
 * (parsing costs what it would), documents differ in size and mix, and each page carries a word
 * of its own. Page text still repeats: a source page lands in about pages/3,900 documents.
 * Deterministic for a seed, and cached in the temp dir: the cache is reused when it exists.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { makePdf } from "../tests/helpers/documents/make-pdf.ts";
import { mapLimit } from "./support.ts";

const run = promisify(execFile);
const FORMAT = 2; // bump when the generation changes, so stale caches are not reused
const FOLDERS = ["financebench/pdfs", "uda_finqa", "mmlongbench/pdfs", "berkshire", "constitutions", "irs"];

export interface Source {
  /** Relative to the shared data folder, e.g. "financebench/pdfs/3M_2022_10K.pdf". */
  rel: string;
  pages: number;
}

export interface Section {
  source: string;
  /** 1-indexed, inclusive. */
  from: number;
  to: number;
}

export interface RoomDoc {
  file: string;
  pages: number;
  sections: Section[];
}

export interface Room {
  dir: string;
  docs: RoomDoc[];
  pages: number;
  /** Seconds spent generating now (0 when the cache was used). */
  seconds: number;
  cached: boolean;
}

/** A small seeded PRNG (mulberry32): the same seed gives the same room. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function listSources(dataDir: string): Promise<Source[]> {
  const rels = FOLDERS.flatMap((folder) => {
    const dir = path.join(dataDir, folder);
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir)
      .filter((f) => f.toLowerCase().endsWith(".pdf"))
      .sort()
      .map((f) => `${folder}/${f}`);
  });
  return mapLimit(rels, 4, async (rel) => {
    const { stdout } = await run("qpdf", ["--show-npages", path.join(dataDir, rel)]);
    return { rel, pages: Number(stdout.trim()) };
  });
}

/** Cuts the plan: documents of 1-3 page runs until exactly `total` pages. */
export function planRoom(sources: Source[], total: number, seed: number): RoomDoc[] {
  const rnd = random(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const weight = sources.reduce((n, s) => n + s.pages, 0);
  const pick = () => {
    let x = rnd() * weight;
    for (const s of sources) if ((x -= s.pages) < 0) return s;
    return sources[sources.length - 1]!;
  };
  const docs: RoomDoc[] = [];
  let pages = 0;
  while (pages < total) {
    const sections: Section[] = [];
    // Most documents are one run, some merge two or three; runs are mostly short (3-120 pages,
    // skewed low: about 40 on average), so a few long documents sit among many short ones.
    for (let k = rnd() < 0.6 ? 1 : int(2, 3); k > 0 && pages < total; k--) {
      const s = pick();
      const len = Math.min(3 + Math.floor(118 * rnd() ** 2), s.pages, total - pages);
      const from = int(1, s.pages - len + 1);
      sections.push({ source: s.rel, from, to: from + len - 1 });
      pages += len;
    }
    const n = sections.reduce((a, s) => a + s.to - s.from + 1, 0);
    const main = path.basename(sections[0]!.source, ".pdf");
    const file = `${String(docs.length + 1).padStart(5, "0")} ${main} pp${sections[0]!.from}-${sections[0]!.to}${sections.length > 1 ? ` +${sections.length - 1}` : ""}.pdf`;
    docs.push({ file, pages: n, sections });
  }
  return docs;
}

/** Bates-style stamps, one page each: a project name and a running number. */
function stampPdf(project: string, firstNumber: number, pages: number): Uint8Array {
  return makePdf(
    Array.from({ length: pages }, (_, i) => [
      {
        text: `PROJECT ${project.toUpperCase()} - CONFIDENTIAL   ${project.toUpperCase()}-${String(firstNumber + i).padStart(7, "0")}`,
        x: 36,
        y: 14,
        size: 7,
      },
    ]),
  );
}

const PROJECTS = ["Falcon", "Harbor", "Juniper", "Meridian", "Sequoia", "Tundra", "Vantage", "Willow"];

/** Generates (or finds cached) a room of `total` pages. */
export async function buildRoom(o: {
  dataDir: string;
  total: number;
  seed: number;
  parallel?: number;
  log?: (s: string) => void;
}): Promise<Room> {
  const dir = path.join(os.tmpdir(), `dataroom-${o.total}-s${o.seed}-f${FORMAT}`);
  const manifest = path.join(dir, "manifest.json");
  if (fs.existsSync(manifest)) {
    const docs = JSON.parse(fs.readFileSync(manifest, "utf8")) as RoomDoc[];
    return { dir, docs, pages: docs.reduce((n, d) => n + d.pages, 0), seconds: 0, cached: true };
  }
  const started = performance.now();
  const sources = await listSources(o.dataDir);
  if (sources.length === 0) throw new Error(`No PDFs under ${o.dataDir}`);
  const docs = planRoom(sources, o.total, o.seed);
  fs.mkdirSync(path.join(dir, "docs"), { recursive: true });
  let bates = 1;
  const firstNumbers = docs.map((d) => ((bates += d.pages), bates - d.pages));
  let done = 0;
  await mapLimit(docs, o.parallel ?? os.availableParallelism(), async (doc, i) => {
    const out = path.join(dir, "docs", doc.file);
    const stamp = `${out}.stamp.pdf`;
    fs.writeFileSync(stamp, stampPdf(PROJECTS[i % PROJECTS.length]!, firstNumbers[i]!, doc.pages));
    const pages = doc.sections.flatMap((s) => [path.join(o.dataDir, s.source), `${s.from}-${s.to}`]);
    // Exit code 3 is "succeeded with warnings" (some source PDFs have small defects qpdf repairs).
    await run("qpdf", ["--empty", "--pages", ...pages, "--", "--overlay", stamp, "--", `${out}.tmp`]).catch(
      (err: { code?: number }) => {
        if (err.code !== 3) throw err;
      },
    );
    fs.renameSync(`${out}.tmp`, out);
    fs.rmSync(stamp);
    if (++done % 200 === 0) o.log?.(`generated ${done}/${docs.length} documents`);
  });
  fs.writeFileSync(manifest, JSON.stringify(docs));
  return { dir, docs, pages: o.total, seconds: (performance.now() - started) / 1000, cached: false };
}

/** One PDF of exactly `pages` pages: the shared filings concatenated (for the single-large-file case). */
export async function buildLongPdf(o: {
  dataDir: string;
  pages: number;
}): Promise<{ file: string; seconds: number; cached: boolean }> {
  const file = path.join(os.tmpdir(), `dataroom-long-${o.pages}-f${FORMAT}.pdf`);
  if (fs.existsSync(file)) return { file, seconds: 0, cached: true };
  const started = performance.now();
  const sources = await listSources(o.dataDir);
  const args: string[] = [];
  for (let left = o.pages, i = 0; left > 0; i++) {
    const s = sources[i % sources.length]!;
    const n = Math.min(left, s.pages);
    args.push(path.join(o.dataDir, s.rel), `1-${n}`);
    left -= n;
  }
  await run("qpdf", ["--empty", "--pages", ...args, "--", `${file}.tmp`]).catch((err: { code?: number }) => {
    if (err.code !== 3) throw err;
  });
  fs.renameSync(`${file}.tmp`, file);
  return { file, seconds: (performance.now() - started) / 1000, cached: false };
}
