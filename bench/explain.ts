/**
 * npm run bench:explain -- --workspace berkshire [--file berkshire/2020ltr.pdf] [--want 12] "question"
 *
 * Why a question ranks its pages as it does, over the index `bench:retrieval` cached in
 * RETRIEVAL_CACHE_DIR (`--db postgres` reads RETRIEVAL_DATABASE_URL, as bench:retrieval does).
 * `--workspace` is a corpus's workspace, `mixed` or `blind`; `--file` searches that one file (the
 * single setting); `--want` names the page that answers (of `--file`, or `doc.pdf:12`), which is
 * shown even below the first ten. For each page: its score, its candidate passages, and its best
 * passage's score after each step of the ranking (service.ts: the legs summed, coverage,
 * proximity, years, then the document, table and listing weights); the page's score adds its
 * other passages' (fuse-pages.ts) and halves a copy's (duplicates.ts).
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { bootBackend } from "../backend/boot.ts";
import { loadConfig } from "../backend/config.ts";
import { searchWorkspace, type SearchTrace } from "../backend/search/service.ts";
import { pageKey } from "../backend/search/hit-order.ts";
import type { QueryTerm } from "../backend/search/query.ts";
import type { SearchHit } from "../backend/search/search-index.ts";
import { RETRIEVAL_ACCOUNT, retrievalDatabaseUrl } from "./support.ts";

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    workspace: { type: "string" },
    file: { type: "string" },
    want: { type: "string" },
    db: { type: "string" },
    limit: { type: "string", default: "10" },
  },
});
const question = positionals.join(" ").trim();
const cacheDir = process.env.RETRIEVAL_CACHE_DIR;
if (!args.workspace || !question || !cacheDir) {
  console.error(
    'Usage: RETRIEVAL_CACHE_DIR=dir npm run bench:explain -- --workspace berkshire [--file berkshire/2020ltr.pdf] [--want 12] [--db postgres] "question"',
  );
  process.exit(2);
}
const stateFile = path.join(path.resolve(cacheDir), "bench-state.json");
if (!fs.existsSync(stateFile)) {
  console.error(`${stateFile} is missing: run bench:retrieval with RETRIEVAL_CACHE_DIR=${cacheDir} first`);
  process.exit(2);
}
const state: Record<string, { workspaceId: string; files: Record<string, string> }> = JSON.parse(
  fs.readFileSync(stateFile, "utf8"),
);
const name = Object.keys(state).find((k) => k === args.workspace || k.startsWith(`${args.workspace}:`));
if (!name) {
  console.error(`No workspace "${args.workspace}" in the cache (it holds ${Object.keys(state).join(", ")})`);
  process.exit(2);
}
const { workspaceId, files } = state[name]!;
const keyOf = new Map(Object.entries(files).map(([key, id]) => [id, key]));
if (args.file && !files[args.file]) {
  console.error(`No file "${args.file}" in ${name.split(":")[0]}`);
  process.exit(2);
}
const want = args.want
  ? args.want.includes(":")
    ? { doc: args.want.slice(0, args.want.lastIndexOf(":")), page: Number(args.want.split(":").at(-1)) }
    : { doc: args.file ?? "", page: Number(args.want) }
  : null;

const config = loadConfig({
  ...process.env,
  DATA_DIR: path.resolve(cacheDir),
  LOG_LEVEL: "error",
  ...(args.db === "postgres" ? { DATABASE_URL: retrievalDatabaseUrl() } : {}),
});
const backend = await bootBackend({ config });
const { deps } = backend;
const { user, token } = await deps.identity.signIn(RETRIEVAL_ACCOUNT);

const steps: [string, Map<string, number>][] = [];
let candidates: { hit: SearchHit; score: number }[] = [];
let analysis: Parameters<SearchTrace["analysis"]>[0] | null = null;
const { results } = await searchWorkspace(deps, {
  actor: { user, token },
  workspaceId,
  query: question,
  fileIds: args.file ? [files[args.file]!] : undefined,
  limit: 1000,
  trace: {
    analysis: (a) => (analysis = a),
    step: (step, entries) => {
      steps.push([step, new Map(entries.map((e) => [e.hit.passage_id, e.score]))]);
      candidates = entries;
    },
  },
});
const { terms, named, confirmed } = analysis ?? { terms: [], named: new Map(), confirmed: new Map() };

const termText = (t: QueryTerm) =>
  `${t.words.join(" ")}${t.weight < 1 ? ` (${t.weight})` : ""}${t.name ? " [name]" : ""}`;
console.log(`terms: ${terms.map(termText).join(", ")}`);
for (const [id, weight] of named) {
  const after = confirmed.get(id) ?? 0;
  console.log(
    `named: ${keyOf.get(id) ?? id} ${weight.toFixed(2)}${after !== weight ? ` -> ${after.toFixed(2)} (confirmNaming)` : ""}`,
  );
}

// A page's candidates and the final scores of those its best one does not carry (fuse-pages.ts adds a share of them).
const byPage = new Map<string, number[]>();
for (const c of candidates) {
  const key = pageKey(c.hit);
  const scores = byPage.get(key);
  if (scores) scores.push(c.score);
  else byPage.set(key, [c.score]);
}
const isWanted = (r: { file_id: string; page: number }) =>
  want !== null && keyOf.get(r.file_id) === want.doc && r.page === want.page;
const header = ["rank", "page", "score", "passages", "others", ...steps.map(([s]) => s)];
const rows: string[][] = [];
results.forEach((r, i) => {
  const wanted = isWanted(r);
  if (i >= Number(args.limit) && !wanted) return;
  const scores = byPage.get(pageKey(r)) ?? [];
  const best = steps.at(-1)![1].get(r.passage_id) ?? 0;
  rows.push([
    `${i + 1}${wanted ? "*" : ""}`,
    `${keyOf.get(r.file_id) ?? r.file_id} p${r.page}`,
    r.score.toFixed(3),
    String(scores.length),
    (scores.reduce((a, b) => a + b, 0) - best).toFixed(2),
    ...steps.map(([, s]) => (s.get(r.passage_id) ?? 0).toFixed(2)),
  ]);
});
const widths = header.map((h, c) => Math.max(h.length, ...rows.map((row) => row[c]!.length)));
const line = (cells: string[]) =>
  cells.map((cell, c) => (c === 1 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join("  ");
console.log(`\n${line(header)}`);
for (const row of rows) console.log(line(row));
if (want && !results.some(isWanted)) console.log(`\n${want.doc} p${want.page}: no candidate passage`);
await backend.close();
