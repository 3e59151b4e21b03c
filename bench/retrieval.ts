/**
 * npm run bench:retrieval: FinanceBench page recall through the real pipeline (upload -> queue ->
 * isolated parse -> passages -> index) and the real search API, SQLite by default
 * (DATABASE_URL=postgres://... for PostgreSQL). A question counts as answered at k when one of its
 * evidence pages (1-indexed PDF pages, in its own filing) is among the first k results.
 * Settings: "shared" searches all 24 filings; "single" limits to the question's filing.
 * Not part of `npm test`.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { bootBackend } from "../backend/boot.ts";
import { storeStream } from "../backend/files/upload.ts";
import { drainQueue } from "../backend/ingestion/worker-loop.ts";
import { loadConfig } from "../backend/platform/config.ts";
import { createWorkspace } from "../backend/workspaces/service.ts";

const DATA = path.resolve(process.env.SHARED_DATA_DIR ?? "../shared/data");
const SET = path.join(DATA, "financebench");
const K = [1, 5, 10, 20];
/** Plain BM25 over whole pages with the raw question (the corpus README's baseline). */
const BASELINE = { shared: [0.15, 0.23, 0.27, 0.41], single: [0.2, 0.41, 0.51, 0.59] };

interface Question {
  doc_name: string;
  question: string;
  evidence_pages_1idx: number[];
}

if (!fs.existsSync(SET)) {
  console.log(`No FinanceBench data at ${SET} (set SHARED_DATA_DIR): nothing to measure.`);
  process.exit(0);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-retrieval-"));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "error", STORAGE_QUOTA_BYTES: String(50 * 1024 ** 3) });
const backend = await bootBackend({ config });
const { deps, api } = backend;
const { token, user } = await deps.identity.signUp({ email: "bench@example.com", password: "bench-password", name: "" });
const actor = { user, token };
const ws = await createWorkspace(deps, { actor, name: "FinanceBench", isPublic: false });

const pdfs = fs.readdirSync(path.join(SET, "pdfs")).filter((f) => f.endsWith(".pdf")).sort();
const fileIds = new Map<string, string>();
const t0 = performance.now();
for (const name of pdfs) {
  const stored = await storeStream(deps, {
    actor, scope: "workspace", workspaceId: ws.id, filename: name, contentType: "application/pdf",
    body: fs.createReadStream(path.join(SET, "pdfs", name)), maxBytes: config.MAX_UPLOAD_BYTES,
  });
  fileIds.set(name.replace(/\.pdf$/, ""), stored.id);
}
await drainQueue(deps);
const ingestSeconds = (performance.now() - t0) / 1000;
const status = (await (await api.fetch(new Request(`http://bench/workspaces/${ws.id}/indexing_status`, { headers: { authorization: `Bearer ${token}` } }))).json()) as { files_done: number; files_failed: number; pages_total: number };

const questions = fs.readFileSync(path.join(SET, "qrels_subset.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l) as Question);
const latencies: number[] = [];
async function firstHitRank(q: Question, single: boolean): Promise<number | null> {
  const body = { query: q.question, limit: 20, ...(single ? { file_ids: [fileIds.get(q.doc_name)!] } : {}) };
  const started = performance.now();
  const res = await api.fetch(new Request(`http://bench/workspaces/${ws.id}/search`, {
    method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify(body),
  }));
  latencies.push(performance.now() - started);
  const { results } = (await res.json()) as { results: { filename: string; page: number }[] };
  const i = results.findIndex((r) => r.filename === `${q.doc_name}.pdf` && q.evidence_pages_1idx.includes(r.page));
  return i < 0 ? null : i + 1;
}

const recall = async (single: boolean) => {
  const ranks: (number | null)[] = [];
  for (const q of questions) ranks.push(await firstHitRank(q, single));
  return K.map((k) => ranks.filter((r) => r !== null && r <= k).length / questions.length);
};
const shared = await recall(false);
const single = await recall(true);
latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!.toFixed(1);

console.log(`FinanceBench page recall, ${questions.length} questions, ${deps.db.dialect}`);
console.log(`ingest: ${pdfs.length} files (${status.files_done} indexed, ${status.files_failed} failed), ${status.pages_total} pages in ${ingestSeconds.toFixed(0)} s`);
console.log(`setting   ${K.map((k) => `R@${k}`.padStart(14)).join("")}`);
for (const [name, ours, base] of [["shared", shared, BASELINE.shared], ["single", single, BASELINE.single]] as const) {
  console.log(`${name.padEnd(9)} ${ours.map((r, i) => `${r.toFixed(2)} (${(r / base[i]!).toFixed(2)}x)`.padStart(14)).join("")}`);
}
console.log("(x = ratio to the README's plain-BM25 page baseline)");
console.log(`search latency over ${latencies.length} queries: p50 ${pct(0.5)} ms, p95 ${pct(0.95)} ms`);
await backend.close();
fs.rmSync(dataDir, { recursive: true, force: true });
