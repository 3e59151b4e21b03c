/**
 * The page-labelled corpora of ../shared/data that bench:retrieval measures: the three published
 * sets (FinanceBench, uda_finqa, mmlongbench) and our own question sets in bench/questions/ over
 * the other folders. A file is keyed by its path inside the data folder (`berkshire/2019ltr.pdf`)
 * and uploaded under its base name, as a user would. Pages are 1-indexed PDF pages; for a .txt
 * file, the pages ingestion cuts it into (backend/ingestion/parsers/text.ts).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export const DATA = path.resolve(process.env.SHARED_DATA_DIR ?? "../shared/data");
const QUESTIONS_DIR = path.join(import.meta.dirname, "questions");

export interface Question {
  doc: string;
  question: string;
  pages: number[];
}
/**
 * The corpora of the blind setting's workspace: the make-up of the 40-question check written
 * elsewhere (issue 17).
 */
export const BLIND = ["berkshire", "constitutions", "irs", "paul_graham", "uda_finqa"];

/** The 1-based rank of the first hit on one of the question's evidence pages, or null. */
export function rankOf(hits: { doc: string; page: number }[], q: Question): number | null {
  const i = hits.findIndex((h) => h.doc === q.doc && q.pages.includes(h.page));
  return i < 0 ? null : i + 1;
}
export interface Corpus {
  name: string;
  files: string[];
  questions: () => Question[];
}
/** A line of bench/questions/*.jsonl: `doc` is the file's key; `evidence_text` is on the evidence page. */
export interface OwnQuestion extends Question {
  evidence_text: string;
  source?: string;
}

const readJsonl = (file: string) =>
  fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, unknown>);

/** The files with one of `exts` under `dir` (one level of sub-folders too), keys relative to DATA. */
function listFiles(dir: string, exts: string[]): string[] {
  const abs = path.join(DATA, dir);
  if (!fs.existsSync(abs)) return [];
  const out: string[] = [];
  for (const entry of fs.readdirSync(abs, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.isDirectory()) out.push(...listFiles(path.join(dir, entry.name), exts));
    else if (exts.some((e) => entry.name.endsWith(e)) && !entry.name.startsWith("LICENSE"))
      out.push(path.join(dir, entry.name));
  }
  return out;
}

/** Drops a file whose bytes an earlier one already has (examples/ holds DeepSeek_R1.pdf twice). */
function distinct(keys: string[]): string[] {
  const seen = new Set<string>();
  return keys.filter((k) => {
    const hash = crypto
      .createHash("sha256")
      .update(fs.readFileSync(path.join(DATA, k)))
      .digest("hex");
    if (seen.has(hash)) return false;
    seen.add(hash);
    return true;
  });
}

/** A set not written yet has no questions: its corpus is still ingested (and in the mixed workspace). */
export function readOwnQuestions(name: string): OwnQuestion[] {
  const file = path.join(QUESTIONS_DIR, `${name}.jsonl`);
  return fs.existsSync(file) ? (readJsonl(file) as unknown as OwnQuestion[]) : [];
}

const own = (name: string, dir: string, exts = [".pdf"]): Corpus => ({
  name,
  files: distinct(listFiles(dir, exts)),
  questions: () => readOwnQuestions(name),
});

export const CORPORA: Corpus[] = [
  {
    name: "financebench",
    files: listFiles("financebench/pdfs", [".pdf"]),
    questions: () =>
      readJsonl(path.join(DATA, "financebench/qrels_subset.jsonl")).map((q) => ({
        doc: `financebench/pdfs/${q.doc_name as string}.pdf`,
        question: q.question as string,
        pages: q.evidence_pages_1idx as number[],
      })),
  },
  {
    name: "uda_finqa",
    files: listFiles("uda_finqa", [".pdf"]),
    questions: () =>
      readJsonl(path.join(DATA, "uda_finqa/qrels_subset.jsonl")).map((q) => ({
        doc: `uda_finqa/${q.doc_name as string}.pdf`,
        question: q.question as string,
        pages: [q.evidence_page_1idx as number],
      })),
  },
  {
    name: "mmlongbench",
    files: listFiles("mmlongbench/pdfs", [".pdf"]),
    questions: () =>
      (
        JSON.parse(fs.readFileSync(path.join(DATA, "mmlongbench/samples_subset.json"), "utf8")) as {
          doc_id: string;
          question: string;
          evidence_pages: string;
        }[]
      )
        .map((q) => ({
          doc: `mmlongbench/pdfs/${q.doc_id}`,
          question: q.question,
          pages: JSON.parse(q.evidence_pages) as number[],
        }))
        .filter((q) => q.pages.length > 0),
  },
  own("berkshire", "berkshire"),
  own("constitutions", "constitutions"),
  own("irs", "irs"),
  own("paul_graham", "paul_graham", [".txt"]),
  own("examples", "examples"),
].filter((c) => c.files.length > 0);
