/**
 * npm run bench:stream-processes [-- --streams 500 --processes 1,2]
 *
 * `streams` questions arriving at once at `server.ts` run as its own process (bench/load-server.ts,
 * ROLES=api,worker, SQLite in a temp dir or `--db postgres` with LOAD_DATABASE_URL), with
 * WEB_CONCURRENCY set to each of `--processes`; the model is the loopback fake
 * (tests/helpers/fake-openai.ts) answering 40 tokens 25 ms apart. Prints the time from sending
 * all of them to each one's first event (p50/p95/max), errors, wall time and peak RSS per process.
 * LOAD_BASELINE_ROOT=/old/checkout runs the same against that checkout (one process) first and
 * prints ratios. The goal (issue 12): 500 at once, first event p95 < 2 s.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { createDb } from "../backend/platform/db/index.ts";
import { startFakeOpenAI } from "../tests/helpers/fake-openai.ts";
import { openSse } from "../tests/helpers/sse.ts";
import { launchServer } from "./load-server.ts";

const { values: args } = parseArgs({
  options: {
    streams: { type: "string", default: "500" },
    processes: { type: "string", default: "1,2" },
    db: { type: "string", default: "sqlite" },
    port: { type: "string", default: "3918" },
  },
});
const STREAMS = Number(args.streams);
const PROCESSES = args.processes.split(",").map(Number);
const ROOT = path.resolve(import.meta.dirname, "..");
const BASELINE = process.env.LOAD_BASELINE_ROOT ? path.resolve(process.env.LOAD_BASELINE_ROOT) : null;
const databaseUrl =
  args.db === "postgres"
    ? (process.env.LOAD_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/bench_load")
    : undefined;
const tokens = (n: number) => Array.from({ length: n }, (_, i) => `token${i} `);
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? NaN;

const fake = await startFakeOpenAI();

interface Figures {
  p50: number;
  p95: number;
  max: number;
  errors: number;
  wall: number;
  rss: string;
  load: string;
}

async function measure(root: string, processes: number): Promise<Figures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-streams-"));
  if (databaseUrl) {
    const db = createDb({ url: databaseUrl, dataDir });
    await sql`drop schema public cascade; create schema public`.execute(db.kysely);
    await db.close();
  }
  const server = await launchServer({
    root,
    dataDir,
    databaseUrl,
    port: Number(args.port),
    env: {
      WEB_CONCURRENCY: String(processes),
      LLM_PROVIDER: "openai-compatible",
      LLM_MODEL: "fake",
      LLM_BASE_URL: fake.baseURL,
    },
  });
  const api = { url: `${server.url}/api` };
  try {
    const call = async (method: string, p: string, body: unknown, token?: string) => {
      const res = await fetch(api.url + p, {
        method,
        headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    const { token } = await call("POST", "/auth/sign-up", {
      email: `bench-${Date.now()}@example.com`,
      password: "bench-password-1",
    });
    const ws = await call("POST", "/workspaces", { name: "Bench" }, token);
    const threads: string[] = [];
    for (let i = 0; i < STREAMS; i++)
      threads.push((await call("POST", `/workspaces/${ws.id}/threads`, { name: "Bench" }, token)).id);
    // One question per process first: modules the answer path loads on first use are loaded then.
    for (let i = 0; i < processes * 2; i++) {
      fake.script({ text: tokens(2), delayMs: 0 });
      await (
        await openSse(api, "POST", `/workspaces/${ws.id}/threads/${threads[i]}/stream_qa`, {
          token,
          body: { query: "Warm up" },
        })
      ).done();
    }
    for (let i = 0; i < STREAMS; i++) fake.script({ text: tokens(40), delayMs: 25 });
    server.resetRss();
    const started = performance.now();
    const firstEvent: number[] = [];
    const outcomes = await Promise.all(
      threads.map(async (tid) => {
        try {
          const sse = await openSse(api, "POST", `/workspaces/${ws.id}/threads/${tid}/stream_qa`, {
            token,
            body: { query: "Stream with the others" },
          });
          if (sse.status !== 200) return `HTTP ${sse.status}`;
          const events = await sse.done();
          firstEvent.push(events[0]!.at - started);
          const last = events.at(-1)?.data;
          return last?.type === "done" && last.status === "complete" ? null : `ended with ${JSON.stringify(last)}`;
        } catch (err) {
          return String(err);
        }
      }),
    );
    const wall = performance.now() - started;
    const errors = outcomes.filter(Boolean) as string[];
    for (const e of errors.slice(0, 3)) console.log(`  error: ${e}`);
    const rss = [...server.peakRss().values()].map((b) => (b / 1024 / 1024).toFixed(0)).join("+");
    return {
      p50: pct(firstEvent, 50),
      p95: pct(firstEvent, 95),
      max: Math.max(...firstEvent),
      errors: errors.length,
      wall,
      rss: `${rss} MB`,
      load: os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" "),
    };
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const runs: { label: string; f: Figures }[] = [];
if (BASELINE) runs.push({ label: "baseline, 1 process", f: await measure(BASELINE, 1) });
for (const n of PROCESSES) runs.push({ label: `this, ${n} process${n > 1 ? "es" : ""}`, f: await measure(ROOT, n) });
console.log(`\n${STREAMS} questions at once (${args.db}), time to each one's first event, ${os.cpus().length} cores`);
for (const { label, f } of runs) {
  console.log(
    `${label.padEnd(22)} p50 ${f.p50.toFixed(0).padStart(6)} ms  p95 ${f.p95.toFixed(0).padStart(6)} ms  max ${f.max.toFixed(0).padStart(6)} ms  errors ${f.errors}  wall ${(f.wall / 1000).toFixed(1)} s  RSS ${f.rss}  load avg ${f.load}`,
  );
}
if (BASELINE) {
  const b = runs[0]!.f;
  for (const { label, f } of runs.slice(1))
    console.log(
      `${label.padEnd(22)} vs baseline: p50 x${(f.p50 / b.p50).toFixed(2)}  p95 x${(f.p95 / b.p95).toFixed(2)}`,
    );
}
if (fake.unexpected.length) console.log(`fake model: ${fake.unexpected.length} unexpected requests`);
await fake.close();
process.exit(runs.some((r) => r.f.errors > 0) ? 1 : 0);
