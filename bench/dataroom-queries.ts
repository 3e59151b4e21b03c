/**
 * Search queries for `bench:dataroom`: the analyst questions that come with the shared corpora
 * (FinanceBench, UDA FinQA, MMLongBench), as asked. Half search the whole room; half are limited
 * to one document that holds the question's source pages (its evidence page when one does).
 */
import fs from "node:fs";
import path from "node:path";
import { random, type RoomDoc } from "./dataroom-generate.ts";

export interface RoomQuery {
  query: string;
  /** The room document to search within; null searches the whole room. */
  file: string | null;
  /** The shared PDF the question is about, and its evidence pages there (1-indexed). */
  source: string;
  pages: number[];
}

interface Question {
  source: string;
  question: string;
  pages: number[];
}

function readQuestions(dataDir: string): Question[] {
  const out: Question[] = [];
  const lines = (rel: string) => {
    const file = path.join(dataDir, rel);
    return fs.existsSync(file)
      ? fs
          .readFileSync(file, "utf8")
          .trim()
          .split("\n")
          .map((l) => JSON.parse(l) as Record<string, unknown>)
      : [];
  };
  for (const q of lines("financebench/qrels_subset.jsonl")) {
    out.push({
      source: `financebench/pdfs/${q.doc_name as string}.pdf`,
      question: q.question as string,
      pages: q.evidence_pages_1idx as number[],
    });
  }
  for (const q of lines("uda_finqa/qrels_subset.jsonl")) {
    out.push({
      source: `uda_finqa/${q.doc_name as string}.pdf`,
      question: q.question as string,
      pages: [q.evidence_page_1idx as number],
    });
  }
  const mm = path.join(dataDir, "mmlongbench/samples_subset.json");
  if (fs.existsSync(mm)) {
    for (const q of JSON.parse(fs.readFileSync(mm, "utf8")) as {
      doc_id: string;
      question: string;
      evidence_pages: string;
    }[]) {
      out.push({
        source: `mmlongbench/pdfs/${q.doc_id}`,
        question: q.question,
        pages: (JSON.parse(q.evidence_pages) as number[]) ?? [],
      });
    }
  }
  return out;
}

/** `count` queries, alternating whole-room and one-document searches, in a seeded order. */
export function roomQueries(dataDir: string, docs: RoomDoc[], count: number, seed: number): RoomQuery[] {
  const rnd = random(seed);
  const questions = readQuestions(dataDir);
  if (questions.length === 0) return [];
  // Shuffle, so a smaller count still mixes the three sets.
  for (let i = questions.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [questions[i], questions[j]] = [questions[j]!, questions[i]!];
  }
  return Array.from({ length: count }, (_, i) => {
    const q = questions[i % questions.length]!;
    if (i % 2 === 0) return { query: q.question, file: null, source: q.source, pages: q.pages };
    const holding = docs.filter((d) => d.sections.some((s) => s.source === q.source));
    const withEvidence = holding.filter((d) =>
      d.sections.some((s) => s.source === q.source && q.pages.some((p) => p >= s.from && p <= s.to)),
    );
    const pool = withEvidence.length ? withEvidence : holding.length ? holding : docs;
    return { query: q.question, file: pool[Math.floor(rnd() * pool.length)]!.file, source: q.source, pages: q.pages };
  });
}

/** The shared PDF and page a room document's page was cut from. */
export function sourcePage(doc: RoomDoc, page: number): { source: string; page: number } | null {
  let first = 1;
  for (const s of doc.sections) {
    const len = s.to - s.from + 1;
    if (page < first + len) return { source: s.source, page: s.from + page - first };
    first += len;
  }
  return null;
}

/**
 * Page recall at `k` in the room: a result counts when its page was cut from one of the question's
 * evidence pages (any copy of it, in any document). Only questions whose scope holds an evidence
 * page count: the whole room may not (pages are sampled), a document chosen without one does not.
 */
export function roomRecall(
  asked: { q: RoomQuery; top: { file: string; page: number }[] }[],
  docs: RoomDoc[],
  k: number,
): { recall: number; n: number; missed: string[] } {
  const byFile = new Map(docs.map((d) => [d.file, d]));
  const isEvidence = (q: RoomQuery, file: string, page: number) => {
    const at = byFile.has(file) ? sourcePage(byFile.get(file)!, page) : null;
    return at !== null && at.source === q.source && q.pages.includes(at.page);
  };
  const holds = (q: RoomQuery, doc: RoomDoc) =>
    doc.sections.some((s) => s.source === q.source && q.pages.some((p) => p >= s.from && p <= s.to));
  const counted = asked.filter(
    ({ q }) => q.pages.length > 0 && (q.file ? holds(q, byFile.get(q.file)!) : docs.some((d) => holds(q, d))),
  );
  const hit = ({ q, top }: (typeof asked)[number]) => top.slice(0, k).some((r) => isEvidence(q, r.file, r.page));
  const found = counted.filter(hit).length;
  const missed = counted.filter((a) => !hit(a)).map(({ q }) => q.query);
  return { recall: counted.length ? found / counted.length : NaN, n: counted.length, missed };
}
