/**
 * Answer streaming: `npm run bench:stream [-- --runs 50 --streams 500]`. The API runs in this
 * process over real HTTP (SQLite in a temp dir, or DATABASE_URL) with the loopback fake model
 * (tests/helpers/fake-openai.ts) as an OpenAI-compatible provider.
 *
 * 1. Added latency: for `runs` questions one after another, the time from the fake model writing
 *    its first text token to the client parsing the first text_delta event (p50/p95/max). Both ends
 *    read the same clock. It covers the AI SDK's parsing, our event pipeline, the SSE response and
 *    the client's HTTP stack. Measured two ways, alternating question by question: through the web
 *    tier's relay as the browser gets it (the session cookie, `relaySse` with its keepalive
 *    wrapper, the in-process API transport of a single `npm start`, a second HTTP server), and
 *    straight to the API as the baseline; the difference is what the relay adds.
 *    Also the time from sending a question to its first event (the checks and the stored messages).
 * 2. Concurrency: `streams` questions at once through the relay, each answered with 40 tokens 25 ms
 *    apart; peak RSS and heap (sampled every 50 ms), errors (a non-200, a stream without done, an
 *    answer not stored complete) and wall time.
 * Don't run it at full scale while others run tests on the machine: `--streams 50` checks it works.
 */
import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { getRequestListener } from "@hono/node-server";
import type { AppLoadContext } from "react-router";
import { inProcessTransport } from "../app/lib/api-client.ts";
import { setSessionCookie } from "../app/lib/session.server.ts";
import { relaySse } from "../app/lib/sse-relay.server.ts";
import { streamQa } from "../contracts/agent.ts";
import { bootBackend } from "../backend/boot.ts";
import { loadConfig } from "../backend/config.ts";
import { startFakeOpenAI } from "../tests/helpers/fake-openai.ts";
import { openSse } from "../tests/helpers/sse.ts";

const { values: args } = parseArgs({
  options: { runs: { type: "string", default: "50" }, streams: { type: "string", default: "500" } },
});
const RUNS = Number(args.runs);
const STREAMS = Number(args.streams);

const fake = await startFakeOpenAI();
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "bench-stream-"));
const config = loadConfig({
  ...process.env,
  NODE_ENV: "production",
  DATA_DIR: dataDir,
  LOG_LEVEL: "error",
  LLM_PROVIDER: "openai-compatible",
  LLM_MODEL: "fake",
  LLM_BASE_URL: fake.baseURL,
});
const backend = await bootBackend({ config });
const server = http.createServer(getRequestListener(backend.api.fetch));
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const app = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };

async function call(method: string, p: string, body: unknown, token?: string) {
  const res = await fetch(app.url + p, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
  return res.json();
}
const { token } = await call("POST", "/auth/sign-up", {
  email: `bench-${Date.now()}@example.com`,
  password: "bench-password-1",
});

// The web tier's relay, as in a single `npm start`: the browser's cookie becomes the bearer, the
// API is called in process, and the stream is passed through by relaySse on its own HTTP server.
const relayContext = {
  apiTransport: inProcessTransport(backend.api),
  cookieSecure: "false",
  publicEnv: {},
} as unknown as AppLoadContext;
const relayServer = http.createServer(
  getRequestListener((req) => {
    // Every request here is a stream_qa: /workspaces/{id}/threads/{tid}/stream_qa.
    const [, , id = "", , tid = ""] = new URL(req.url).pathname.split("/");
    return relaySse(req, relayContext, streamQa, {
      params: { id: decodeURIComponent(id), tid: decodeURIComponent(tid) },
      body: req.body,
    });
  }),
);
await new Promise<void>((resolve) => relayServer.listen(0, "127.0.0.1", resolve));
const relay = { url: `http://127.0.0.1:${(relayServer.address() as AddressInfo).port}` };
const cookie = (await setSessionCookie(new Request("http://127.0.0.1/"), relayContext, token)).split(";")[0]!;
const viaRelay = { headers: { cookie } };
const ws = await call("POST", "/workspaces", { name: "Bench" }, token);
const newThread = async (): Promise<string> =>
  (await call("POST", `/workspaces/${ws.id}/threads`, { name: "Bench" }, token)).id;
const tokens = (n: number) => Array.from({ length: n }, (_, i) => `token${i} `);
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

// 1. Latency from the model's first token to the client's first text event, via the relay and direct.
const added = { relay: [] as number[], direct: [] as number[] };
const preflight: number[] = [];
for (let i = 0; i < RUNS * 2; i++) {
  const through = i % 2 === 0 ? "relay" : "direct";
  const before = fake.requests.length;
  fake.script({ text: tokens(10), delayMs: 5 });
  const tid = await newThread();
  const asked = performance.now();
  const path = `/workspaces/${ws.id}/threads/${tid}/stream_qa`;
  const body = { query: `Question ${i}` };
  const sse =
    through === "relay"
      ? await openSse(relay, "POST", path, { ...viaRelay, body })
      : await openSse(app, "POST", path, { token, body });
  if (sse.status !== 200) throw new Error(`${through}: HTTP ${sse.status} ${JSON.stringify(sse.error)}`);
  const started = (await sse.waitFor((e) => e.data.type === "message_started")).at - asked;
  if (through === "direct") preflight.push(started);
  const first = await sse.waitFor((e) => e.data.type === "text_delta");
  await sse.done();
  added[through].push(first.at - fake.requests[before]!.firstTextAt!);
}
const figures = (xs: number[]) =>
  `p50 ${pct(xs, 50).toFixed(2)} ms, p95 ${pct(xs, 95).toFixed(2)} ms, max ${Math.max(...xs).toFixed(2)} ms`;
console.log(`added latency, model's first token -> client's first text_delta (${RUNS} runs each, alternating):`);
console.log(`  through the relay (as the browser): ${figures(added.relay)}`);
console.log(`  straight to the API (baseline):     ${figures(added.direct)}`);
console.log(
  `  the relay adds: p50 ${(pct(added.relay, 50) - pct(added.direct, 50)).toFixed(2)} ms, p95 ${(pct(added.relay, 95) - pct(added.direct, 95)).toFixed(2)} ms`,
);
console.log(
  `question -> message_started (checks, messages stored, first byte): p50 ${pct(preflight, 50).toFixed(1)} ms, p95 ${pct(preflight, 95).toFixed(1)} ms`,
);

// 2. Many streams at once.
const threads = await Promise.all(Array.from({ length: STREAMS }, newThread));
for (let i = 0; i < STREAMS; i++) fake.script({ text: tokens(40), delayMs: 25 });
global.gc?.();
const base = process.memoryUsage();
let peakRss = base.rss;
let peakHeap = base.heapUsed;
const sampler = setInterval(() => {
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  peakHeap = Math.max(peakHeap, m.heapUsed);
}, 50);
const started = performance.now();
const firstEvent: number[] = [];
const durations: number[] = [];
const outcomes = await Promise.all(
  threads.map(async (tid) => {
    try {
      const sse = await openSse(relay, "POST", `/workspaces/${ws.id}/threads/${tid}/stream_qa`, {
        ...viaRelay,
        body: { query: "Stream with the others" },
      });
      if (sse.status !== 200) return { ok: false, why: `HTTP ${sse.status}`, id: null };
      const events = await sse.done();
      firstEvent.push(events[0]!.at - started);
      durations.push(events.at(-1)!.at - events[0]!.at);
      const last = events.at(-1)?.data;
      const id = events[0]?.data.type === "message_started" ? events[0].data.message_id : null;
      return last?.type === "done" && last.status === "complete"
        ? { ok: true, why: "", id }
        : { ok: false, why: `ended with ${JSON.stringify(last)}`, id };
    } catch (err) {
      return { ok: false, why: String(err), id: null };
    }
  }),
);
const wall = performance.now() - started;
clearInterval(sampler);
const ids = outcomes.map((o) => o.id).filter((id): id is string => Boolean(id));
const stored = ids.length
  ? await backend.deps.db.kysely.selectFrom("messages").select(["status", "content"]).where("id", "in", ids).execute()
  : [];
const notStored =
  ids.length - stored.filter((r) => r.status === "complete" && r.content === tokens(40).join("")).length;
const failures = outcomes.filter((o) => !o.ok);
const mb = (b: number) => (b / 1024 / 1024).toFixed(0);
console.log(
  `${STREAMS} concurrent streams through the relay (${backend.deps.db.dialect}): ${(wall / 1000).toFixed(2)} s wall, ${failures.length} stream errors, ${notStored} not stored complete; ` +
    `peak RSS ${mb(peakRss)} MB (+${mb(peakRss - base.rss)}), peak heap ${mb(peakHeap)} MB (+${mb(peakHeap - base.heapUsed)})`,
);
if (durations.length) {
  console.log(
    `  first event after p50 ${pct(firstEvent, 50).toFixed(0)} ms, p95 ${pct(firstEvent, 95).toFixed(0)} ms; stream length p50 ${pct(durations, 50).toFixed(0)} ms, p95 ${pct(durations, 95).toFixed(0)} ms (the model alone takes ~1,000 ms)`,
  );
}
for (const f of failures.slice(0, 5)) console.log(`  error: ${f.why}`);
if (fake.unexpected.length) console.log(`  fake model: ${fake.unexpected.length} unexpected requests`);

for (const srv of [relayServer, server]) {
  srv.closeAllConnections();
  await new Promise<void>((resolve) => srv.close(() => resolve()));
}
await backend.close();
await fake.close();
await fs.rm(dataDir, { recursive: true, force: true });
process.exit(failures.length || notStored ? 1 : 0);
