/**
 * npm run bench:retrieval: page recall through the real pipeline (upload -> queue -> isolated
 * parse -> passages -> index) and the real search API, SQLite by default (DATABASE_URL=postgres://...
 * for PostgreSQL). A question counts as answered at k when one of its evidence pages (1-indexed PDF
 * pages, in its own document) is among the first k results.
 * Sets: FinanceBench (24 filings, 71 questions; the README's BM25 baseline to beat), and
 * uda_finqa and mmlongbench, so a gain is not tuned to one set. Each set is its own workspace.
 * Settings: "shared" searches every document of the set; "single" limits to the question's own.
 * RETRIEVAL_CACHE_DIR=dir keeps the ingested data there and reuses it on the next run (SQLite
 * only), so ranking changes can be measured in seconds. Not part of `npm test`.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { bootBackend } from "../backend/boot.ts";
import { storeStream } from "../backend/files/upload.ts";
import { drainQueue } from "../backend/ingestion/worker-loop.ts";
import { loadConfig } from "../backend/config.ts";
import { createWorkspace } from "../backend/workspaces/service.ts";

const DATA = path.resolve(process.env.SHARED_DATA_DIR ?? "../shared/data");
const K = [1, 5, 10, 20];
/** Plain BM25 over whole pages with the raw question (the corpus README's baseline, FinanceBench only). */
const BASELINE: Record<string, Record<"shared" | "single", number[]>> = {
  financebench: { shared: [0.15, 0.23, 0.27, 0.41], single: [0.2, 0.41, 0.51, 0.59] },
};

interface Question { doc: string; question: string; pages: number[] }
interface BenchSet { name: string; pdfDir: string; questions: () => Question[] }

const readJsonl = (file: string) => fs.readFileSync(file, "utf8").trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
const SETS: BenchSet[] = [
  {
    name: "financebench",
    pdfDir: path.join(DATA, "financebench/pdfs"),
    questions: () =>
      readJsonl(path.join(DATA, "financebench/qrels_subset.jsonl")).map((q) => ({
        doc: `${q.doc_name as string}.pdf`, question: q.question as string, pages: q.evidence_pages_1idx as number[],
      })),
  },
  {
    name: "uda_finqa",
    pdfDir: path.join(DATA, "uda_finqa"),
    questions: () =>
      readJsonl(path.join(DATA, "uda_finqa/qrels_subset.jsonl")).map((q) => ({
        doc: `${q.doc_name as string}.pdf`, question: q.question as string, pages: [q.evidence_page_1idx as number],
      })),
  },
  {
    name: "mmlongbench",
    pdfDir: path.join(DATA, "mmlongbench/pdfs"),
    questions: () =>
      (JSON.parse(fs.readFileSync(path.join(DATA, "mmlongbench/samples_subset.json"), "utf8")) as { doc_id: string; question: string; evidence_pages: string }[])
        .map((q) => ({ doc: q.doc_id, question: q.question, pages: JSON.parse(q.evidence_pages) as number[] }))
        .filter((q) => q.pages.length > 0),
  },
].filter((s) => fs.existsSync(s.pdfDir));

if (SETS.length === 0) {
  console.log(`No benchmark data under ${DATA} (set SHARED_DATA_DIR): nothing to measure.`);
  process.exit(0);
}

const cacheDir = process.env.DATABASE_URL ? undefined : process.env.RETRIEVAL_CACHE_DIR;
const dataDir = cacheDir ? path.resolve(cacheDir) : fs.mkdtempSync(path.join(os.tmpdir(), "bench-retrieval-"));
fs.mkdirSync(dataDir, { recursive: true });
const reuse = cacheDir !== undefined && fs.existsSync(path.join(dataDir, "bench-state.json"));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "error", STORAGE_QUOTA_BYTES: String(50 * 1024 ** 3) });
const backend = await bootBackend({ config });
const { deps, api } = backend;
const credentials = { email: "bench@example.com", password: "bench-password" };
const { token, user } = reuse ? await deps.identity.signIn(credentials) : await deps.identity.signUp({ ...credentials, name: "" });
const actor = { user, token };
const state: Record<string, { workspaceId: string; files: Record<string, string> }> = reuse
  ? JSON.parse(fs.readFileSync(path.join(dataDir, "bench-state.json"), "utf8"))
  : {};

const call = async <T>(url: string, body?: unknown): Promise<T> => {
  const res = await api.fetch(new Request(`http://bench${url}`, {
    method: body ? "POST" : "GET",
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  }));
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

const latencies: number[] = [];
const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))]!.toFixed(1);

for (const set of SETS) {
  if (!state[set.name]) {
    const ws = await createWorkspace(deps, { actor, name: set.name, isPublic: false });
    const files: Record<string, string> = {};
    const pdfs = fs.readdirSync(set.pdfDir).filter((f) => f.endsWith(".pdf")).sort();
    const t0 = performance.now();
    for (const name of pdfs) {
      const stored = await storeStream(deps, {
        actor, scope: "workspace", workspaceId: ws.id, filename: name, contentType: "application/pdf",
        body: fs.createReadStream(path.join(set.pdfDir, name)), maxBytes: config.MAX_UPLOAD_BYTES,
      });
      files[name] = stored.id;
    }
    await drainQueue(deps);
    const status = await call<{ files_done: number; files_failed: number; pages_total: number }>(`/workspaces/${ws.id}/indexing_status`);
    console.log(`${set.name}: ingested ${pdfs.length} files (${status.files_done} indexed, ${status.files_failed} failed), ${status.pages_total} pages in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    state[set.name] = { workspaceId: ws.id, files };
    if (cacheDir) fs.writeFileSync(path.join(dataDir, "bench-state.json"), JSON.stringify(state));
  }
}

console.log(`\npage recall, ${deps.db.dialect}${reuse ? " (cached index)" : ""}`);
console.log(`${"set".padEnd(14)}${"setting".padEnd(9)}${"n".padStart(4)}${K.map((k) => `R@${k}`.padStart(14)).join("")}`);
for (const set of SETS) {
  const { workspaceId, files } = state[set.name]!;
  const questions = set.questions().filter((q) => files[q.doc]);
  for (const setting of ["shared", "single"] as const) {
    const ranks: (number | null)[] = [];
    for (const q of questions) {
      const body = { query: q.question, limit: 20, ...(setting === "single" ? { file_ids: [files[q.doc]] } : {}) };
      const started = performance.now();
      const { results } = await call<{ results: { file_id: string; page: number }[] }>(`/workspaces/${workspaceId}/search`, body);
      latencies.push(performance.now() - started);
      const i = results.findIndex((r) => r.file_id === files[q.doc] && q.pages.includes(r.page));
      ranks.push(i < 0 ? null : i + 1);
    }
    const recall = K.map((k) => ranks.filter((r) => r !== null && r <= k).length / questions.length);
    const base = BASELINE[set.name]?.[setting];
    const cells = recall.map((r, i) => (base ? `${r.toFixed(2)} (${(r / base[i]!).toFixed(2)}x)` : r.toFixed(2)).padStart(14));
    console.log(`${set.name.padEnd(14)}${setting.padEnd(9)}${String(questions.length).padStart(4)}${cells.join("")}`);
  }
}
console.log("(x = ratio to the README's plain-BM25 page baseline, FinanceBench only)");
latencies.sort((a, b) => a - b);
console.log(`search latency over ${latencies.length} queries: p50 ${pct(latencies, 0.5)} ms, p95 ${pct(latencies, 0.95)} ms`);
await backend.close();
if (!cacheDir) fs.rmSync(dataDir, { recursive: true, force: true });
