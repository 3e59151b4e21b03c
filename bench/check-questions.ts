/**
 * npx tsx bench/check-questions.ts [set...]: checks our own question sets (bench/questions/*.jsonl)
 * against the documents in SHARED_DATA_DIR: each line names a file of its corpus, and its
 * `evidence_text` is on one of its `pages`, read with `pdftotext -f N -l N file -` (a .txt file's
 * pages are the ones ingestion cuts it into). Whitespace, case and typographic quotes and dashes
 * are ignored. Exits 1 naming every line that fails.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pageTexts } from "./bm25-baseline.ts";
import { CORPORA, DATA, readOwnQuestions } from "./corpora.ts";

const OWN = ["berkshire", "constitutions", "irs", "paul_graham", "examples"];
const sets = process.argv.slice(2).length ? process.argv.slice(2) : OWN;

const normalize = (s: string) =>
  s
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2010-\u2014]/g, "-")
    .replace(/\s+/g, " ")
    .toLowerCase()
    .trim();

const txtPages = new Map<string, string[]>();
function pageText(key: string, page: number): string {
  const file = path.join(DATA, key);
  if (!key.endsWith(".txt"))
    return execFileSync("pdftotext", ["-f", String(page), "-l", String(page), file, "-"], { encoding: "utf8" });
  if (!txtPages.has(key)) txtPages.set(key, pageTexts(file));
  return txtPages.get(key)![page - 1] ?? "";
}

let failures = 0;
for (const name of sets) {
  const corpus = CORPORA.find((c) => c.name === name);
  if (!corpus) {
    console.log(`${name}: no such corpus under ${DATA}`);
    failures++;
    continue;
  }
  const questions = readOwnQuestions(name);
  const bad: string[] = [];
  questions.forEach((q, i) => {
    const where = `${name}.jsonl:${i + 1}`;
    if (!corpus.files.includes(q.doc)) return bad.push(`${where}: ${q.doc} is not a file of the corpus`);
    if (!q.question?.trim() || !q.evidence_text?.trim() || !q.pages?.length)
      return bad.push(`${where}: question, evidence_text and pages are required`);
    const found = q.pages.filter((p) => normalize(pageText(q.doc, p)).includes(normalize(q.evidence_text)));
    if (found.length === 0) bad.push(`${where}: "${q.evidence_text}" is not on page ${q.pages.join(", ")} of ${q.doc}`);
  });
  const docs = new Set(questions.map((q) => q.doc)).size;
  console.log(
    `${name}: ${questions.length - bad.length}/${questions.length} questions checked, over ${docs} of ${corpus.files.length} files`,
  );
  for (const b of bad) console.log(`  ${b}`);
  failures += bad.length;
}
if (!fs.existsSync(DATA)) console.log(`(no data under ${DATA})`);
process.exit(failures > 0 ? 1 : 0);
