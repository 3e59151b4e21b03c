/**
 * RETRIEVAL_CACHE_DIR=dir npm run bench:fit-ranking -- [--db postgres|both] [--train financebench,mmlongbench]
 * [--rounds 2] [--keep 1] [--weights '{"year":0.125}']: how far the ranking's weights (service.ts `RANKING`) are from the best this index
 * allows. Each question of bench:retrieval's cache is searched once (`searchCandidates`, every
 * setting), and its candidates ranked again in this process for each set of weights tried
 * (`rankCandidates`, the code searches run), so a weight costs seconds, not a bench run.
 * A coordinate search moves one weight at a time and keeps a step when it lifts the training
 * corpora's recall (R@1 + R@5 + R@10 over their questions) with no cell of any corpus under plain
 * page BM25 at any k (and, with `--keep n`, none more than n questions under where it started); the
 * other corpora are the check. `bm25Share` moves PostgreSQL's cells only (its passages' ts_rank
 * and BM25 parts, search-index.ts). Prints every cell at the start and the end, each step taken
 * and the cells that moved. `--weights` only ranks with the weights given (each over `RANKING`). A measure,
 * not a setting: weights it finds are worth a bench:retrieval run on both databases.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { bootBackend } from "../backend/boot.ts";
import { loadConfig } from "../backend/config.ts";
import { pageKey } from "../backend/search/hit-order.ts";
import {
  RANKING,
  rankCandidates,
  searchCandidates,
  type Candidates,
  type RankingWeights,
} from "../backend/search/service.ts";
import { PageBm25, type PageHit } from "./bm25-baseline.ts";
import { BLIND, CORPORA, rankOf, type Question } from "./corpora.ts";
import { retrievalDatabaseUrl } from "./support.ts";

const K = [1, 5, 10];
const { values: args } = parseArgs({
  options: {
    db: { type: "string" },
    train: { type: "string" },
    rounds: { type: "string" },
    weights: { type: "string", multiple: true },
    keep: { type: "string" },
  },
});
/**
 * The caches searched: RETRIEVAL_CACHE_DIR's index (SQLite, or with `--db postgres` the database
 * of RETRIEVAL_DATABASE_URL), and with `--db both` SQLite's there and PostgreSQL's in
 * RETRIEVAL_PG_CACHE_DIR: one set of weights judged on both indexes at once.
 */
const sources: { db: "sqlite" | "postgres"; dir: string | undefined }[] =
  args.db === "both"
    ? [
        { db: "sqlite", dir: process.env.RETRIEVAL_CACHE_DIR },
        { db: "postgres", dir: process.env.RETRIEVAL_PG_CACHE_DIR },
      ]
    : [{ db: args.db === "postgres" ? "postgres" : "sqlite", dir: process.env.RETRIEVAL_CACHE_DIR }];
for (const { dir } of sources)
  if (!dir || !fs.existsSync(path.join(dir, "bench-state.json"))) {
    console.error(
      "RETRIEVAL_CACHE_DIR (and with --db both RETRIEVAL_PG_CACHE_DIR) must name a bench:retrieval cache: run bench:retrieval with it first",
    );
    process.exit(2);
  }
const train = new Set(args.train?.split(",") ?? ["financebench", "mmlongbench"]);
const rounds = Number(args.rounds ?? 2);
/**
 * `--keep 1`: a step may cost no cell more than this many questions at any k against the weights
 * the search started from (counted with the questions under BM25).
 */
const keep = args.keep === undefined ? Infinity : Number(args.keep);
const wrong = [
  ...(args.db && !["sqlite", "postgres", "both"].includes(args.db)
    ? [`--db ${args.db} (sqlite, postgres or both)`]
    : []),
  ...[...train]
    .filter((n) => !CORPORA.some((c) => c.name === n))
    .map((n) => `--train ${n} (corpora with data: ${CORPORA.map((c) => c.name).join(", ")})`),
  ...(Number.isInteger(rounds) && rounds >= 1 ? [] : [`--rounds ${args.rounds} (a whole number from 1)`]),
  ...(keep >= 0 ? [] : [`--keep ${args.keep} (a number of questions from 0)`]),
];
/** `--weights` objects, each over `RANKING`: only `RANKING`'s field names are taken (their values are not checked). */
const given = (args.weights ?? []).map((json) => {
  let w: unknown;
  try {
    w = JSON.parse(json);
  } catch {
    wrong.push(`--weights ${json} (not JSON: e.g. '{"year":0.125}')`);
    return {};
  }
  const unknown = w && typeof w === "object" ? Object.keys(w).filter((k) => !(k in RANKING)) : ["(not an object)"];
  if (unknown.length)
    wrong.push(`--weights ${json}: ${unknown.join(", ")} (fields: ${Object.keys(RANKING).join(", ")})`);
  return w as Partial<RankingWeights>;
});
if (wrong.length > 0) {
  console.error(`Unknown or malformed: ${wrong.join("; ")}`);
  process.exit(2);
}

interface Cell {
  db: string;
  corpus: string;
  setting: string;
  bm25: (number | null)[];
  found: { c: Candidates; q: Question; keyOf: Map<string, string> }[];
}
const cells: Cell[] = [];
const backends: Awaited<ReturnType<typeof bootBackend>>[] = [];
const started = performance.now();
for (const source of sources) {
  const cacheDir = source.dir!;
  const state: Record<string, { workspaceId: string; files: Record<string, string> }> = JSON.parse(
    fs.readFileSync(path.join(cacheDir, "bench-state.json"), "utf8"),
  );
  const texts: Record<string, string[]> = JSON.parse(fs.readFileSync(path.join(cacheDir, "bm25-pages.json"), "utf8"));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: path.resolve(cacheDir),
    LOG_LEVEL: "error",
    ...(source.db === "postgres" ? { DATABASE_URL: retrievalDatabaseUrl() } : { DATABASE_URL: "" }),
  });
  const backend = await bootBackend({ config });
  backends.push(backend);
  const { deps } = backend;
  if (deps.db.dialect === "postgres") await sql`analyze passages`.execute(deps.db.kysely);
  const workspaceOf = (prefix: string) => Object.keys(state).find((k) => k === prefix || k.startsWith(`${prefix}:`));
  const mixed = workspaceOf("mixed");
  const blind = workspaceOf("blind");
  const bm25For = (keys: string[]) => new PageBm25(new Map(keys.map((k) => [k, texts[k]!])));
  // Built once: each holds every page of its workspace.
  const mixedBm25 = mixed ? bm25For(Object.keys(texts)) : undefined;
  const blindBm25 = blind ? bm25For(Object.keys(state[blind]!.files)) : undefined;
  for (const corpus of CORPORA) {
    const ws = state[corpus.name];
    if (!ws) continue;
    const questions = corpus.questions().filter((q) => ws.files[q.doc]);
    const own = bm25For(corpus.files);
    const settings: [string, string, PageBm25, boolean][] = [[corpus.name, "shared", own, false]];
    if (mixed) settings.push([mixed, "mixed", mixedBm25!, false]);
    if (blind && BLIND.includes(corpus.name)) settings.push([blind, "blind", blindBm25!, false]);
    settings.push([corpus.name, "single", own, true]);
    for (const [workspace, setting, bm25, single] of settings) {
      const { workspaceId, files } = state[workspace]!;
      const keyOf = new Map(Object.entries(files).map(([key, id]) => [id, key]));
      const cell: Cell = { db: source.db, corpus: corpus.name, setting, bm25: [], found: [] };
      for (const q of questions) {
        cell.bm25.push(rankOf(bm25.search(q.question, { doc: single ? q.doc : undefined, limit: 10 }), q));
        const c = await searchCandidates(deps, {
          workspaceId,
          query: q.question,
          fileIds: single ? [files[q.doc]!] : undefined,
        });
        cell.found.push({ c, q, keyOf });
      }
      cells.push(cell);
    }
  }
}
console.log(
  `searched ${cells.reduce((n, c) => n + c.found.length, 0)} questions in ${((performance.now() - started) / 1000).toFixed(0)} s`,
);
const closeAll = () => Promise.all(backends.map((b) => b.close()));

/** Each cell's ranks under the weights. */
function ranks(w: RankingWeights): (number | null)[][] {
  return cells.map((cell) =>
    cell.found.map(({ c, q, keyOf }) => {
      const pages: PageHit[] = [];
      const seen = new Set<string>();
      for (const { hit } of rankCandidates(c, w)) {
        if (seen.has(pageKey(hit))) continue;
        seen.add(pageKey(hit));
        pages.push({ doc: keyOf.get(hit.file_id) ?? "", page: hit.page });
        if (pages.length === 10) break;
      }
      return rankOf(pages, q);
    }),
  );
}
const hitsAt = (rs: (number | null)[], k: number) => rs.filter((r) => r !== null && r <= k).length;

let start: (number | null)[][] | null = null;

/** Training recall (questions found at 1, 5 and 10), and the questions missing to reach BM25 (or, with `--keep`, the start) anywhere. */
function judge(rs: (number | null)[][]): { gain: number; under: number; check: number } {
  let gain = 0;
  let under = 0;
  let check = 0;
  cells.forEach((cell, i) => {
    for (const k of K) {
      const ours = hitsAt(rs[i]!, k);
      under += Math.max(0, hitsAt(cell.bm25, k) - ours);
      if (start) under += Math.max(0, hitsAt(start[i]!, k) - keep - ours);
      if (train.has(cell.corpus)) gain += ours;
      else check += ours;
    }
  });
  return { gain, under, check };
}

function print(title: string, rs: (number | null)[][]) {
  console.log(`\n${title}`);
  cells.forEach((cell, i) => {
    const r = rs[i]!;
    const n = r.length;
    const line = K.map((k) => {
      const o = hitsAt(r, k) / n;
      const b = hitsAt(cell.bm25, k) / n;
      return `${o < b ? "*" : " "}${o.toFixed(2)} (${b.toFixed(2)})`;
    }).join("  ");
    console.log(
      `${sources.length > 1 ? cell.db.padEnd(9) : ""}${cell.corpus.padEnd(14)}${cell.setting.padEnd(8)}${String(n).padStart(4)}  ${line}`,
    );
  });
}

type Knob = { name: string; get: (w: RankingWeights) => number; set: (w: RankingWeights, v: number) => RankingWeights };
const knob = (name: keyof RankingWeights): Knob => ({
  name,
  get: (w) => w[name] as number,
  set: (w, v) => ({ ...w, [name]: v }),
});
const knobs: Knob[] = [
  ...(
    [
      "expansion",
      "document",
      "table",
      "listing",
      "proximity",
      "year",
      "pageSupport",
      "pageSupportCap",
      "copy",
      "otherFormInOneFile",
    ] as const
  ).map(knob),
  { ...knob("bm25Share"), set: (w, v) => ({ ...w, bm25Share: Math.min(1, v) }) },
  {
    name: "coverage.doc",
    get: (w) => w.coverage.doc,
    set: (w, v) => ({ ...w, coverage: { ...w.coverage, doc: v } }),
  },
  {
    name: "coverage.page",
    get: (w) => w.coverage.page,
    set: (w, v) => ({ ...w, coverage: { ...w.coverage, page: v } }),
  },
];
const FACTORS = [0, 0.5, 0.75, 0.9, 1.1, 1.25, 1.5, 2];
/** A weight as printed (0.07500000000000001 is 0.075). */
const round4 = (v: number) => Number(v.toPrecision(4));

/** The cells whose recall moved, before -> after. */
function changes(before: (number | null)[][], after: (number | null)[][]) {
  cells.forEach((cell, i) => {
    const moved = K.flatMap((k) => {
      const [a, b] = [hitsAt(before[i]!, k), hitsAt(after[i]!, k)];
      return a === b ? [] : [`R@${k} ${a} -> ${b}`];
    });
    if (moved.length)
      console.log(`  ${sources.length > 1 ? `${cell.db} ` : ""}${cell.corpus} ${cell.setting}: ${moved.join(", ")}`);
  });
}

// `--weights '{"pageSupport":0.075}'` (repeatable): only print those weights' cells next to the current ones.
if (args.weights?.length) {
  const now = ranks(RANKING);
  const base = judge(now);
  print(`current: train ${base.gain}, check ${base.check}, under BM25 by ${base.under}`, now);
  for (const [i, json] of args.weights.entries()) {
    const w: RankingWeights = { ...RANKING, ...given[i] };
    const rs = ranks(w);
    const s = judge(rs);
    print(`${json}: train ${s.gain}, check ${s.check}, under BM25 by ${s.under}`, rs);
    changes(now, rs);
  }
  await closeAll();
  process.exit(0);
}

let best = RANKING;
let bestRanks = ranks(best);
if (Number.isFinite(keep)) start = bestRanks;
let score = judge(bestRanks);
print(`start: train ${score.gain}, check ${score.check}, under BM25 by ${score.under} questions`, bestRanks);
const better = (a: ReturnType<typeof judge>, b: ReturnType<typeof judge>) =>
  a.under < b.under || (a.under === b.under && a.gain > b.gain);
for (let round = 0; round < rounds; round++) {
  let moved = false;
  for (const k of knobs) {
    const now = k.get(best);
    const values = [...new Set(FACTORS.map((f) => (now === 0 ? f * 0.2 : now * f)))].filter((v) => v !== now);
    for (const v of values) {
      const w = k.set(best, v);
      const rs = ranks(w);
      const s = judge(rs);
      if (better(s, score)) {
        console.log(
          `${k.name} ${round4(k.get(best))} -> ${round4(v)}: train ${score.gain} -> ${s.gain}, check ${score.check} -> ${s.check}, under ${score.under} -> ${s.under}`,
        );
        [best, bestRanks, score, moved] = [w, rs, s, true];
      }
    }
  }
  if (!moved) break;
}
print(
  `end: train ${score.gain}, check ${score.check}, under BM25 by ${score.under} questions\n${JSON.stringify(best)}`,
  bestRanks,
);
changes(ranks(RANKING), bestRanks);
await closeAll();
