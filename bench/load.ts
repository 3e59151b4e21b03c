/**
 * npm run bench:load [-- --db postgres --connections 150,200 --duration 15 --concurrency 1,2]
 *
 * Seeds an instance (bench/load-seed.ts: 20 users, Pods, threads with messages, a public Pod of 20
 * SEC filings ingested for real; SQLite by default, `--db postgres` uses LOAD_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/bench_load, which it empties), starts `server.ts` as its own
 * process (bench/load-server.ts, ROLES=api,worker) and runs autocannon against it with a mix of
 * one third Pod list, one third thread messages, one third search (half over the filings Pod, half
 * over the user's own Pod), each request as a random one of the 20 users. Prints req/s, p50/p99,
 * errors, timeouts and non-2xx, and the peak RSS of every server process.
 *
 * LOAD_BASELINE_ROOT=/path/to/old/checkout runs the same mix against that checkout's server.ts on
 * the same data in the same invocation, and prints this checkout's figures as ratios of it: the
 * machine is shared, so only figures taken side by side compare. `--concurrency 1,2` runs this
 * checkout with WEB_CONCURRENCY=1 and 2 (the baseline always with one process).
 * `--cpu-prof dir` writes V8 CPU profiles of this checkout's server processes there.
 * LOAD_DATA_DIR keeps the seeded instance there and reuses it (default: a fresh temp dir).
 * Not part of `npm test`.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import SQLite from "better-sqlite3";
import pg from "pg";
import { seedLoad, pickFilings, type LoadState } from "./load-seed.ts";
import { launchServer } from "./load-server.ts";

const { values: args } = parseArgs({
  options: {
    db: { type: "string", default: "sqlite" },
    connections: { type: "string", default: "150,200" },
    duration: { type: "string", default: "15" },
    concurrency: { type: "string", default: "1" },
    port: { type: "string", default: "3917" },
    "cpu-prof": { type: "string" },
  },
});
const ROOT = path.resolve(import.meta.dirname, "..");
const SHARED = path.resolve(process.env.SHARED_DATA_DIR ?? "../shared/data");
const CONNECTIONS = args.connections.split(",").map(Number);
const DURATION = Number(args.duration);
const CONCURRENCY = args.concurrency.split(",").map(Number);
const PORT = Number(args.port);
const BASELINE = process.env.LOAD_BASELINE_ROOT ? path.resolve(process.env.LOAD_BASELINE_ROOT) : null;
const databaseUrl =
  args.db === "postgres"
    ? (process.env.LOAD_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/bench_load")
    : undefined;

if (pickFilings(SHARED).length === 0) {
  console.log(`No FinanceBench filings under ${SHARED} (set SHARED_DATA_DIR): nothing to measure.`);
  process.exit(0);
}
if (BASELINE && !fs.existsSync(path.join(BASELINE, "server.ts"))) {
  console.error(`LOAD_BASELINE_ROOT=${BASELINE} has no server.ts`);
  process.exit(1);
}

const dataDir = process.env.LOAD_DATA_DIR
  ? path.resolve(process.env.LOAD_DATA_DIR)
  : fs.mkdtempSync(path.join(os.tmpdir(), "bench-load-"));
const state = await seedLoad({ dataDir, databaseUrl, sharedDataDir: SHARED, log: console.log });
console.log(`instance: ${args.db}, data in ${dataDir}; filings Pod ${state.filingPages} pages`);

const QUERIES = [
  "revenue growth",
  "operating income",
  "net cash provided by operating activities",
  "goodwill impairment",
  "dividends paid",
  "long-term debt",
  "effective tax rate",
  "capital expenditures",
  "share repurchase",
  "segment results",
];
const pick = <T>(xs: T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

/** One request of the mix, for a random user. */
function mixRequest(s: LoadState): {
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  body?: string;
} {
  const user = pick(s.users);
  const headers: Record<string, string> = { authorization: `Bearer ${user.token}` };
  const kind = Math.floor(Math.random() * 3);
  if (kind === 0) return { method: "GET", path: "/api/workspaces", headers };
  if (kind === 1)
    return {
      method: "GET",
      path: `/api/workspaces/${user.workspaceId}/threads/${pick(user.threadIds)}/messages`,
      headers,
    };
  const ws = Math.random() < 0.5 ? s.filingsWorkspaceId : user.workspaceId;
  return {
    method: "POST",
    path: `/api/workspaces/${ws}/search`,
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify({ query: pick(QUERIES), limit: 10 }),
  };
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  rss: string;
  load: string;
}

async function runMix(url: string, connections: number, duration: number): Promise<autocannon.Result> {
  return autocannon({
    url,
    connections,
    duration,
    timeout: 10,
    requests: [{ setupRequest: (req) => ({ ...req, ...mixRequest(state) }) }],
  });
}

/**
 * A copy of the seeded instance the baseline checkout accepts: the seed ran this checkout's
 * migrations, and an older migrator refuses a database that records ones it doesn't know. The
 * copy forgets them (their tables and indexes stay, unused by the old code); blobs are shared.
 */
async function baselineInstance(root: string): Promise<{ dataDir: string; databaseUrl?: string }> {
  const known = [
    ...fs
      .readFileSync(path.join(root, "backend/platform/db/migrate.ts"), "utf8")
      .matchAll(/"(\d{4}-\d\d-\d\d-\d{4}-[\w-]+)":/g),
  ].map((m) => m[1]!);
  const copyDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-load-baseline-"));
  fs.symlinkSync(path.join(dataDir, "blobs"), path.join(copyDir, "blobs"));
  if (!databaseUrl) {
    const source = new SQLite(path.join(dataDir, "app.db"));
    await source.backup(path.join(copyDir, "app.db"));
    source.close();
    const copy = new SQLite(path.join(copyDir, "app.db"));
    copy.prepare(`delete from kysely_migration where name not in (${known.map(() => "?").join(",")})`).run(...known);
    copy.close();
    return { dataDir: copyDir };
  }
  const url = new URL(databaseUrl);
  const name = `${url.pathname.slice(1)}_baseline`;
  // Copied from another database: TEMPLATE needs no open connection to the one it copies.
  const other = new URL(databaseUrl);
  other.pathname = "/postgres";
  const maint = new pg.Client({ connectionString: other.href });
  await maint.connect();
  await maint.query(`drop database if exists "${name}"`);
  await maint.query(`create database "${name}" template "${url.pathname.slice(1)}"`);
  await maint.end();
  url.pathname = `/${name}`;
  const copy = new pg.Client({ connectionString: url.href });
  await copy.connect();
  await copy.query("delete from kysely_migration where not (name = any($1))", [known]);
  await copy.end();
  return { dataDir: copyDir, databaseUrl: url.href };
}

async function measure(root: string, concurrency: number): Promise<Figures[]> {
  const prof =
    args["cpu-prof"] && root === ROOT ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(args["cpu-prof"])}`] : [];
  const instance = root === ROOT ? { dataDir, databaseUrl } : await baselineInstance(root);
  const server = await launchServer({
    root,
    dataDir: instance.dataDir,
    databaseUrl: instance.databaseUrl,
    port: PORT,
    env: { WEB_CONCURRENCY: String(concurrency) },
    nodeArgs: prof,
  });
  try {
    // Workers start, statements are prepared, the index's pages come into the cache.
    await runMix(server.url, 20, 3);
    const out: Figures[] = [];
    for (const connections of CONNECTIONS) {
      server.resetRss();
      const r = await runMix(server.url, connections, DURATION);
      const rss = [...server.peakRss().values()].map((b) => `${(b / 1024 / 1024).toFixed(0)}`).join("+");
      console.log(
        `  ${path.basename(root)} WEB_CONCURRENCY=${concurrency}, ${connections} connections: ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${r.errors} errors, ${r.timeouts} timeouts`,
      );
      out.push({
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        errors: r.errors,
        timeouts: r.timeouts,
        non2xx: r.non2xx,
        rss: `${rss} MB`,
        load: os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(" "),
      });
    }
    return out;
  } finally {
    await server.stop();
  }
}

const runs: { label: string; figures: Figures[] }[] = [];
if (BASELINE) runs.push({ label: "baseline, 1 process", figures: await measure(BASELINE, 1) });
for (const n of CONCURRENCY) runs.push({ label: `this, WEB_CONCURRENCY=${n}`, figures: await measure(ROOT, n) });

console.log(
  `\nmix (1/3 Pod list, 1/3 thread messages, 1/3 search, half of it over the filings), ${DURATION} s per run, ${os.cpus().length} cores`,
);
console.log(
  `${"run".padEnd(26)}${"conns".padStart(6)}${"req/s".padStart(9)}${"p50 ms".padStart(9)}${"p99 ms".padStart(9)}${"errors".padStart(8)}${"timeouts".padStart(10)}${"non-2xx".padStart(9)}  RSS per process   load avg after`,
);
for (const run of runs) {
  run.figures.forEach((f, i) => {
    console.log(
      `${run.label.padEnd(26)}${String(CONNECTIONS[i]).padStart(6)}${f.rps.toFixed(0).padStart(9)}${String(f.p50).padStart(9)}${String(f.p99).padStart(9)}${String(f.errors).padStart(8)}${String(f.timeouts).padStart(10)}${String(f.non2xx).padStart(9)}  ${f.rss.padEnd(17)} ${f.load}`,
    );
  });
}
if (BASELINE) {
  const base = runs[0]!.figures;
  console.log("\nratios to the baseline (req/s higher is better; p50/p99 lower is better):");
  for (const run of runs.slice(1)) {
    run.figures.forEach((f, i) => {
      const b = base[i]!;
      console.log(
        `${run.label.padEnd(26)}${String(CONNECTIONS[i]).padStart(6)}  req/s x${(f.rps / b.rps).toFixed(2)}  p50 x${(f.p50 / b.p50).toFixed(2)}  p99 x${(f.p99 / b.p99).toFixed(2)}`,
      );
    });
  }
}
if (!process.env.LOAD_DATA_DIR && !databaseUrl) fs.rmSync(dataDir, { recursive: true, force: true });
