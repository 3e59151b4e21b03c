/**
 * PDF ingest throughput: `npm run bench:ingest`. For every PDF under the shared corpora, times
 * (a) `pdftotext` on the file (a child process writing to /dev/null) and (b) our parse + passage
 * building, in this process, one file at a time (pdf.js's in-thread "fake worker"; no pool).
 * Each file runs both back to back, so load on the machine hits both alike. Indexing is not built
 * yet: the figure excludes it. Pages without a text layer are counted but not OCR'd here.
 * Reports wall-clock and CPU time (our main thread vs. pdftotext's user+sys).
 */
import { execFileSync } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { buildPassages } from "../backend/ingestion/passages.ts";
import { parsePdf } from "../backend/ingestion/parsers/pdf.ts";
import { defaultLimits } from "../backend/ingestion/types.ts";

const root = process.env.SHARED_DATA_DIR ?? resolve("../shared/data");
const folders = ["financebench/pdfs", "uda_finqa", "mmlongbench/pdfs", "berkshire", "constitutions", "irs"];
const only = process.argv[2]; // optional: a folder name to run alone

interface Totals { pages: number; oursWall: number; oursCpu: number; popWall: number; popCpu: number; passages: number; noText: number }
const t: Totals = { pages: 0, oursWall: 0, oursCpu: 0, popWall: 0, popCpu: 0, passages: 0, noText: 0 };

function runPdftotext(path: string): { wall: number; cpu: number } {
  const started = performance.now();
  // `times` prints the children's user and system time on its second line: "0m1.234s 0m0.012s".
  const out = execFileSync("bash", ["-c", 'pdftotext "$1" /dev/null 2>/dev/null; times', "_", path], { encoding: "utf8" });
  const wall = performance.now() - started;
  const secs = [...(out.trim().split("\n")[1] ?? "").matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
  return { wall, cpu: (secs[0] ?? 0) * 1000 + (secs[1] ?? 0) * 1000 };
}

for (const folder of folders) {
  if (only && !folder.startsWith(only)) continue;
  const dir = join(root, folder);
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.toLowerCase().endsWith(".pdf")).sort();
  for (const file of files) {
    const path = join(dir, file);
    const pop = runPdftotext(path);
    const bytes = new Uint8Array(await readFile(path));
    const wallStart = performance.now();
    const cpuStart = process.cpuUsage();
    const doc = await parsePdf(bytes, file, { ...defaultLimits, ocrPdfPages: false });
    const passages = buildPassages(doc, { fileVersionId: file });
    const cpu = process.cpuUsage(cpuStart);
    const wall = performance.now() - wallStart;
    const n = doc.pages.length;
    Object.assign(t, {
      pages: t.pages + n, oursWall: t.oursWall + wall, oursCpu: t.oursCpu + (cpu.user + cpu.system) / 1000,
      popWall: t.popWall + pop.wall, popCpu: t.popCpu + pop.cpu, passages: t.passages + passages.length,
      noText: t.noText + doc.pages.filter((p) => p.needsOcr).length,
    });
    console.log(`${folder}/${file}: ${n} pages, ours ${(wall / 1000).toFixed(2)} s, pdftotext ${(pop.wall / 1000).toFixed(2)} s, ratio ${(pop.wall / wall).toFixed(2)}`);
  }
}

const rate = (ms: number) => (t.pages / (ms / 1000)).toFixed(1);
console.log(`\n${t.pages} pages, ${t.passages} passages, ${t.noText} pages without a text layer (not OCR'd here)`);
console.log(`wall: ours ${rate(t.oursWall)} pages/s, pdftotext ${rate(t.popWall)} pages/s, ratio ours/pdftotext ${(t.popWall / t.oursWall).toFixed(2)}`);
console.log(`cpu:  ours ${rate(t.oursCpu)} pages/s, pdftotext ${rate(t.popCpu)} pages/s, ratio ours/pdftotext ${(t.popCpu / t.oursCpu).toFixed(2)}`);
console.log("(ours = parse + passages, sequential, in this process; indexing not built yet, so not included)");
