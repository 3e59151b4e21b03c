/**
 * npm run bench:retrieval [-- --only berkshire,irs] [-- --db postgres]: page recall through the
 * real pipeline (upload -> queue -> isolated parse -> passages -> index) and the real search API,
 * next to a plain BM25 over whole pages computed in the same run (bench/bm25-baseline.ts, the
 * corpus README's method). SQLite by default; `--db postgres` uses RETRIEVAL_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/bench_retrieval, an empty database), as does DATABASE_URL.
 * A question counts as answered at k when one of its evidence pages (1-indexed, in its own
 * document) is among the first k results. Corpora: bench/corpora.ts (FinanceBench, uda_finqa,
 * mmlongbench and our own sets in bench/questions/). Settings:
 * - shared: the corpus's files in a workspace of their own, search over all of them;
 * - mixed: every corpus's files in one workspace (the realistic case: other kinds of document compete);
 * - blind: the files of berkshire, constitutions, irs, paul_graham and uda_finqa in one workspace,
 *   the make-up of the 40-question check written elsewhere (issue 17): our nearest measure of it;
 * - single: search limited to the question's own file.
 * BM25 gets the same scopes (its IDF over the corpus's pages, or over all of them for mixed).
 * RETRIEVAL_CACHE_DIR=dir keeps the ingested data there, and the baseline's pdftotext pages, and
 * reuses them on the next run, so ranking changes can be measured in minutes; with `--db postgres`
 * the index stays in that database and the dir keeps which workspaces and files it holds (use a
 * dir of its own per database).
 * `--settings shared,mixed` runs only those settings; `--misses` prints each question missed at 5
 * (`--miss-rank 1`: at 1) with our first five pages and BM25's rank. Benchmarks are not pass/fail: exits 0.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { bootBackend } from "../backend/boot.ts";
import { storeStream } from "../backend/files/upload.ts";
import { backfillProfiles } from "../backend/ingestion/backfill-profiles.ts";
import { backfillListing } from "../backend/search/backfill-listing.ts";
import { drainQueue } from "../backend/ingestion/worker-loop.ts";
import { loadConfig } from "../backend/config.ts";
import { createWorkspace } from "../backend/workspaces/service.ts";
import { PageBm25, pageTexts } from "./bm25-baseline.ts";
import { BLIND, CORPORA, DATA, rankOf, type Question } from "./corpora.ts";
import { RETRIEVAL_ACCOUNT, retrievalDatabaseUrl } from "./support.ts";

const K = [1, 5, 10];
const { values: args } = parseArgs({
  options: {
    only: { type: "string" },
    db: { type: "string" },
    settings: { type: "string" },
    misses: { type: "boolean" },
    "miss-rank": { type: "string" },
  },
});
/** `--settings shared,mixed` runs only those; `--misses` prints each question missed at 5 with our top 5. */
const onlySettings = args.settings?.split(",");
const missRank = Number(args["miss-rank"] ?? 5);
if (!Number.isInteger(missRank) || missRank < 1) {
  console.error(`--miss-rank takes a rank from 1 (was "${args["miss-rank"]}"): e.g. --miss-rank 1`);
  process.exit(2);
}
const only = args.only?.split(",");
if (CORPORA.length === 0) {
  console.log(`No benchmark data under ${DATA} (set SHARED_DATA_DIR): nothing to measure.`);
  process.exit(0);
}
const unknown = [
  ...(only ?? []).filter((n) => !CORPORA.some((c) => c.name === n)),
  ...(args.db && args.db !== "postgres" ? [`--db ${args.db}`] : []),
];
if (unknown.length > 0) {
  console.error(
    `Unknown: ${unknown.join(", ")} (corpora with data: ${CORPORA.map((c) => c.name).join(", ")}; --db postgres, or no --db for SQLite)`,
  );
  process.exit(2);
}
const corpora = CORPORA.filter((c) => !only || only.includes(c.name));
const databaseUrl = args.db === "postgres" ? retrievalDatabaseUrl() : process.env.DATABASE_URL;
/**
 * Every corpus's files, also with `--only`: a mixed workspace of the chosen few would be another
 * index (and, with a cache, change every later run's word statistics), not the setting measured.
 */
const mixedName = CORPORA.length > 1 ? `mixed:${CORPORA.map((c) => c.name).join("+")}` : undefined;
const mixedFiles = CORPORA.flatMap((c) => c.files);
/** The corpora of the blind check's workspace; the setting runs only when all of them have data. */
const blindCorpora = CORPORA.filter((c) => BLIND.includes(c.name));
const blindName = blindCorpora.length === BLIND.length ? `blind:${BLIND.join("+")}` : undefined;
const blindFiles = blindCorpora.flatMap((c) => c.files);

const cacheDir = process.env.RETRIEVAL_CACHE_DIR;
const dataDir = cacheDir ? path.resolve(cacheDir) : fs.mkdtempSync(path.join(os.tmpdir(), "bench-retrieval-"));
fs.mkdirSync(dataDir, { recursive: true });
const reuse = cacheDir !== undefined && fs.existsSync(path.join(dataDir, "bench-state.json"));
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: "error",
  STORAGE_QUOTA_BYTES: String(50 * 1024 ** 3),
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
const backend = await bootBackend({ config });
const { deps, api } = backend;
const { token, user } = reuse
  ? await deps.identity.signIn(RETRIEVAL_ACCOUNT)
  : await deps.identity.signUp({ ...RETRIEVAL_ACCOUNT, name: "" });
const actor = { user, token };
/** Workspace name (a corpus's, or the mixed one) -> its id and file key -> file id. */
const state: Record<string, { workspaceId: string; files: Record<string, string> }> = reuse
  ? JSON.parse(fs.readFileSync(path.join(dataDir, "bench-state.json"), "utf8"))
  : {};

const call = async <T>(url: string, body?: unknown): Promise<T> => {
  const res = await api.fetch(
    new Request(`http://bench${url}`, {
      method: body ? "POST" : "GET",
      headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    }),
  );
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

async function ingest(name: string, keys: string[]) {
  if (state[name]) return;
  const ws = await createWorkspace(deps, { actor, name: name.slice(0, 80), isPublic: false });
  const files: Record<string, string> = {};
  const t0 = performance.now();
  for (const key of keys) {
    const stored = await storeStream(deps, {
      actor,
      scope: "workspace",
      workspaceId: ws.id,
      filename: path.basename(key),
      contentType: key.endsWith(".txt") ? "text/plain" : "application/pdf",
      body: fs.createReadStream(path.join(DATA, key)),
      maxBytes: config.MAX_UPLOAD_BYTES,
    });
    files[key] = stored.id;
  }
  await drainQueue(deps);
  const status = await call<{ files_done: number; files_failed: number; pages_total: number }>(
    `/workspaces/${ws.id}/indexing_status`,
  );
  console.log(
    `${name}: ingested ${keys.length} files (${status.files_done} indexed, ${status.files_failed} failed), ${status.pages_total} pages in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );
  state[name] = { workspaceId: ws.id, files };
  if (cacheDir) fs.writeFileSync(path.join(dataDir, "bench-state.json"), JSON.stringify(state));
}

// An index cached before document profiles existed, or profiled by older rules, gets them from its stored pages.
const profiled = await backfillProfiles(deps.db.kysely);
if (profiled > 0) console.log(`profiled ${profiled} documents indexed before profiles existed or by older rules`);
const listed = await backfillListing(deps.db.kysely);
if (listed > 0) console.log(`read ${listed} versions' pages for listings (tables of contents, indexes)`);
for (const c of corpora) await ingest(c.name, c.files);
if (mixedName) await ingest(mixedName, mixedFiles);
// Also with `--settings` or `--only`, as the mixed one: the word statistics stay those of one index.
if (blindName) await ingest(blindName, blindFiles);

// PostgreSQL's autovacuum analyzes a table soon after a large load; a bench that searches at once
// would meet a `tsv` without statistics and count every common word through the GIN index.
if (deps.db.dialect === "postgres") await sql`analyze passages`.execute(deps.db.kysely);

// The baseline's pages (pdftotext of every file: minutes on a loaded machine) are cached with the index.
const textsFile = cacheDir ? path.join(dataDir, "bm25-pages.json") : undefined;
const cachedTexts: Record<string, string[]> =
  textsFile && fs.existsSync(textsFile) ? JSON.parse(fs.readFileSync(textsFile, "utf8")) : {};
const texts = new Map(
  (mixedName ? mixedFiles : corpora.flatMap((c) => c.files)).map((key) => [
    key,
    cachedTexts[key] ?? pageTexts(path.join(DATA, key)),
  ]),
);
if (textsFile) fs.writeFileSync(textsFile, JSON.stringify(Object.fromEntries(texts)));
const bm25For = (keys: string[]) => new PageBm25(new Map(keys.map((k) => [k, texts.get(k)!])));
const mixedBm25 = mixedName ? bm25For([...texts.keys()]) : undefined;
const blindBm25 = blindName ? bm25For(blindFiles) : undefined;

const latencies: number[] = [];
const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))]!.toFixed(1);
const recall = (ranks: (number | null)[]) =>
  K.map((k) => ranks.filter((r) => r !== null && r <= k).length / ranks.length);

const misses: string[] = [];
async function ours(workspace: string, q: Question, single: boolean, setting = ""): Promise<number | null> {
  const { workspaceId, files } = state[workspace]!;
  const byId = new Map(Object.entries(files).map(([key, id]) => [id, key]));
  const body = { query: q.question, limit: Math.max(...K), ...(single ? { file_ids: [files[q.doc]] } : {}) };
  const started = performance.now();
  const { results } = await call<{ results: { file_id: string; page: number }[] }>(
    `/workspaces/${workspaceId}/search`,
    body,
  );
  latencies.push(performance.now() - started);
  const hits = results.map((r) => ({ doc: byId.get(r.file_id) ?? "", page: r.page }));
  const rank = rankOf(hits, q);
  if (args.misses && (rank === null || rank > missRank))
    misses.push(
      `${setting} rank ${rank ?? "-"}: ${q.question}\n  want ${q.doc} p${q.pages.join(",")}\n  got  ${hits
        .slice(0, 5)
        .map((h) => `${h.doc === q.doc ? "" : h.doc}:${h.page}`)
        .join("  ")}`,
    );
  return rank;
}

const cell = (o: number, b: number) =>
  `${o.toFixed(2)} ${b.toFixed(2)} ${b > 0 ? `${(o / b).toFixed(2)}x` : o > 0 ? "inf" : "-"}`.padStart(18);
const row = (corpus: string, setting: string, o: (number | null)[], b: (number | null)[]) => {
  const [ro, rb] = [recall(o), recall(b)];
  console.log(
    `${corpus.padEnd(15)}${setting.padEnd(8)}${String(o.length).padStart(4)}${K.map((_, i) => cell(ro[i]!, rb[i]!)).join("")}`,
  );
};
/** Every question of every corpus, per setting ("all": each question counts once, so larger sets weigh more). */
const all: Record<string, { ours: (number | null)[]; bm25: (number | null)[] }> = {};
console.log(`\npage recall, ${deps.db.dialect}${reuse ? " (cached index)" : ""}: ours, plain page BM25, ratio`);
console.log(
  `${"corpus".padEnd(15)}${"setting".padEnd(8)}${"n".padStart(4)}${K.map((k) => `R@${k}`.padStart(18)).join("")}`,
);
for (const c of corpora) {
  const questions = c.questions().filter((q) => state[c.name]!.files[q.doc]);
  const dropped = c.questions().length - questions.length;
  if (dropped > 0) console.log(`${c.name}: ${dropped} questions name a file that is not in the corpus, left out`);
  if (questions.length === 0) continue;
  const corpusBm25 = bm25For(c.files);
  const settings: [string, string, PageBm25, boolean][] = [
    ["shared", c.name, corpusBm25, false],
    ["single", c.name, corpusBm25, true],
  ];
  if (mixedName) settings.splice(1, 0, ["mixed", mixedName, mixedBm25!, false]);
  if (blindBm25 && BLIND.includes(c.name)) settings.splice(2, 0, ["blind", blindName!, blindBm25, false]);
  for (const [setting, workspace, bm25, single] of settings) {
    if (onlySettings && !onlySettings.includes(setting)) continue;
    const oursRanks: (number | null)[] = [];
    const bmRanks: (number | null)[] = [];
    for (const q of questions) {
      const bmRank = rankOf(bm25.search(q.question, { doc: single ? q.doc : undefined, limit: Math.max(...K) }), q);
      oursRanks.push(await ours(workspace, q, single, `${c.name} ${setting} (BM25 rank ${bmRank ?? "-"})`));
      bmRanks.push(bmRank);
    }
    row(c.name, setting, oursRanks, bmRanks);
    const sum = (all[setting] ??= { ours: [], bm25: [] });
    sum.ours.push(...oursRanks);
    sum.bm25.push(...bmRanks);
  }
}
if (corpora.length > 1) for (const [setting, { ours: o, bm25: b }] of Object.entries(all)) row("all", setting, o, b);
if (misses.length > 0) console.log(`\nmissed at ${missRank}:\n${misses.join("\n")}`);
latencies.sort((a, b) => a - b);
console.log(
  `search latency over ${latencies.length} queries: p50 ${pct(latencies, 0.5)} ms, p95 ${pct(latencies, 0.95)} ms`,
);
await backend.close();
if (!cacheDir) fs.rmSync(dataDir, { recursive: true, force: true });
