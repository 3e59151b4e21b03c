/**
 * `npm run bench:dataroom`: a data room at scale, through the real pipeline as the server runs it.
 *  1. One PDF of DATAROOM_LONG_PAGES (1,600) pages is uploaded and indexed alone: time, peak RSS.
 *  2. A room of DATAROOM_PAGES (80,000) pages generated from the shared PDFs (see
 *     dataroom-generate.ts; generation is timed apart and cached) is uploaded with storeStream
 *     while the worker loop (INGEST_JOBS jobs at once, default one per core) indexes it: total
 *     time from the first upload to the last indexed page, pages/s, peak RSS.
 *  3. DATAROOM_QUERIES (200) analyst questions through the search API (half whole-room, half one
 *     document): latency p50/p95.
 * Peak RSS is this process's, sampled every 100 ms (the parser workers are threads in it).
 * SQLite in a temp dir by default; DATABASE_URL=postgres://... runs in a fresh schema, dropped at
 * the end. DATAROOM_KEEP=1 keeps the data dir (and schema) to look at, or to time its searches
 * again (DATAROOM_SEARCH_ONLY=1 DATAROOM_DIR=<dir> [DATAROOM_SCHEMA=<schema>]). Needs `qpdf`.
 *
 * DATAROOM_SEARCH_ONLY=1 skips 1 and 2 and times only the queries (p50/p95/p99, a cold first pass
 * and a warm second one) over a kept index of DATAROOM_PAGES pages that dataroom-index.ts builds
 * on first use by copying the real pipeline's output in `bench:retrieval`'s cache
 * (DATAROOM_SEED_DIR or RETRIEVAL_CACHE_DIR) into DATAROOM_DIR (default
 * $TMPDIR/dataroom-index-<pages>-<dialect>), or into the database of DATABASE_URL (its public
 * schema is replaced: use a database of its own, e.g. bench_dataroom). DATAROOM_REBUILD=1
 * rebuilds it. Minutes instead of the 40 of a real ingest, for measuring search changes:
 *   RETRIEVAL_CACHE_DIR=/work/rcache DATAROOM_SEARCH_ONLY=1 npm run bench:dataroom
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_dataroom RETRIEVAL_CACHE_DIR=/work/rcache DATAROOM_SEARCH_ONLY=1 npm run bench:dataroom
 * Not part of `npm test`.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { bootBackend } from "../backend/boot.ts";
import { storeStream } from "../backend/files/upload.ts";
import { closeParsers } from "../backend/ingestion/run-parser.ts";
import { startWorkerLoop } from "../backend/ingestion/worker-loop.ts";
import { loadConfig } from "../backend/config.ts";
import { createDb, type Db } from "../backend/platform/db/index.ts";
import { createWorkspace } from "../backend/workspaces/service.ts";
import { buildLongPdf, buildRoom } from "./dataroom-generate.ts";
import { indexFile, type RoomIndex } from "./dataroom-index.ts";
import { roomQueries } from "./dataroom-queries.ts";
import { reportSearches, searchOnly, timeSearches } from "./dataroom-search.ts";
import { sampleRss, waitForQueue } from "./support.ts";

const DATA = path.resolve(process.env.SHARED_DATA_DIR ?? "../shared/data");
const PAGES = Number(process.env.DATAROOM_PAGES ?? 80_000);
const LONG_PAGES = Number(process.env.DATAROOM_LONG_PAGES ?? 1_600);
const QUERIES = Number(process.env.DATAROOM_QUERIES ?? 200);
const SEED = Number(process.env.DATAROOM_SEED ?? 1);
const JOBS = Number(process.env.INGEST_JOBS ?? os.availableParallelism());
const KEEP = process.env.DATAROOM_KEEP === "1";
const TARGET = { minutes: 20, rssMb: 1536, p95: { sqlite: 50, postgres: 100 } };

const mb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(0)} MB`;
const log = (s: string) => console.error(`[dataroom ${new Date().toISOString().slice(11, 19)}] ${s}`);

if (!fs.existsSync(path.join(DATA, "financebench"))) {
  console.log(`No shared data at ${DATA} (set SHARED_DATA_DIR): nothing to measure.`);
  process.exit(0);
}
if (process.env.DATAROOM_SEARCH_ONLY === "1") {
  await searchOnly({ dataDir: DATA, pages: PAGES, queries: QUERIES, seed: SEED, target: TARGET.p95, log });
  process.exit(0);
}
try {
  execFileSync("qpdf", ["--version"], { stdio: "ignore" });
} catch {
  console.error("bench:dataroom builds its PDFs with qpdf: install it (apt-get install qpdf) and run again.");
  process.exit(1);
}

log(`generating (or reusing) a ${PAGES}-page room and a ${LONG_PAGES}-page PDF`);
const room = await buildRoom({ dataDir: DATA, total: PAGES, seed: SEED, log });
const long = await buildLongPdf({ dataDir: DATA, pages: LONG_PAGES });
const roomBytes = room.docs.reduce((n, d) => n + fs.statSync(path.join(room.dir, "docs", d.file)).size, 0);

// A fresh database: SQLite in the temp data dir, or a new PostgreSQL schema.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-dataroom-"));
let db: Db | undefined;
let schema: string | null = null;
if (process.env.DATABASE_URL && /^postgres(ql)?:/.test(process.env.DATABASE_URL)) {
  schema = `dataroom_${Date.now().toString(36)}`;
  const admin = createDb({ url: process.env.DATABASE_URL, dataDir });
  await sql`create schema ${sql.id(schema)}`.execute(admin.kysely);
  await admin.close();
  db = createDb({ url: process.env.DATABASE_URL, dataDir, schema });
}
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: "error",
  STORAGE_QUOTA_BYTES: String(1024 ** 4),
});
const backend = await bootBackend({ config, db });
const { deps, api } = backend;
const { token, user } = await deps.identity.signUp({
  email: "bench@example.com",
  password: "bench-password",
  name: "",
});
const actor = { user, token };
const loop = startWorkerLoop(deps, { concurrency: JOBS, limits: { ocrPdfPages: false } });

async function upload(workspaceId: string, file: string, name: string): Promise<string> {
  const stored = await storeStream(deps, {
    actor,
    scope: "workspace",
    workspaceId,
    filename: name,
    contentType: "application/pdf",
    body: fs.createReadStream(file),
    maxBytes: config.MAX_UPLOAD_BYTES,
  });
  return stored.id;
}

async function pagesIndexed(workspaceId: string): Promise<number> {
  const row = await deps.db.kysely
    .selectFrom("documents")
    .select((eb) => eb.fn.sum<number>("page_count").as("n"))
    .where("workspace_id", "=", workspaceId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

// 1. The single long PDF, alone.
const longWs = await createWorkspace(deps, { actor, name: "Long PDF", isPublic: false });
let rss = sampleRss();
let t0 = performance.now();
await upload(longWs.id, long.file, `long-${LONG_PAGES}.pdf`);
const longQueue = await waitForQueue(deps);
const longSeconds = (performance.now() - t0) / 1000;
const longPeak = rss.stop();
const longPages = await pagesIndexed(longWs.id);
log(`long PDF: ${longPages} pages in ${longSeconds.toFixed(0)} s, peak RSS ${mb(longPeak)}`);

// 2. The room: uploads and indexing overlap, as when a user drops a folder in.
const ws = await createWorkspace(deps, { actor, name: "Data room", isPublic: false });
rss = sampleRss();
const cpu0 = process.cpuUsage();
t0 = performance.now();
const fileIds = new Map<string, string>();
for (const doc of room.docs)
  fileIds.set(doc.file, await upload(ws.id, path.join(room.dir, "docs", doc.file), doc.file));
const uploadSeconds = (performance.now() - t0) / 1000;
log(`uploaded ${room.docs.length} documents in ${uploadSeconds.toFixed(0)} s; indexing`);
let lastLog = performance.now();
const queue = await waitForQueue(deps, {
  everyMs: 500,
  onProgress: (done, total) => {
    if (performance.now() - lastLog < 30_000) return;
    lastLog = performance.now();
    log(
      `${done - longQueue.done - longQueue.failed}/${room.docs.length} documents, ${((performance.now() - t0) / 1000).toFixed(0)} s, RSS ${mb(process.memoryUsage.rss())} (peak ${mb(rss.peek())}), load ${os.loadavg()[0]!.toFixed(1)}; ${total} jobs`,
    );
  },
});
const ingestSeconds = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
const roomPeak = rss.stop();
await loop.close();
await closeParsers();
const roomPages = await pagesIndexed(ws.id);
const passages = await deps.db.kysely
  .selectFrom("passages")
  .select((eb) => eb.fn.countAll<number>().as("n"))
  .where("workspace_id", "=", ws.id)
  .executeTakeFirstOrThrow();

// PostgreSQL plans from table statistics; autovacuum gathers them within a minute or so of a bulk
// load, and a plan made without them (it guesses one row) was 2x slower here. Don't time that gap.
if (deps.db.dialect === "postgres") await sql`analyze`.execute(deps.db.kysely);

// 3. Search latency through the API (auth, validation, search, snippets), one query at a time.
const queries = roomQueries(DATA, room.docs, QUERIES, SEED);
const timings = await timeSearches(api, token, ws.id, queries, fileIds);

const dialect = deps.db.dialect;
const verdict = (ok: boolean) => (ok ? "meets" : "MISSES");
console.log(
  `\nbench:dataroom on ${dialect}, ${os.availableParallelism()} cores, ${JOBS} jobs at once, load average now ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
console.log(
  `generation: ${room.docs.length} documents, ${room.pages} pages, ${mb(roomBytes)} ${room.cached ? "(cached)" : `in ${room.seconds.toFixed(0)} s`}; long PDF ${long.cached ? "(cached)" : `in ${long.seconds.toFixed(0)} s`}`,
);
console.log(
  `long PDF: ${longPages}/${LONG_PAGES} pages indexed (${longQueue.failed} failed) in ${longSeconds.toFixed(1)} s, peak RSS ${mb(longPeak)}: ${verdict(longQueue.failed === 0 && longPeak < TARGET.rssMb * 1024 ** 2)} the ${TARGET.rssMb} MB cap`,
);
console.log(
  `room: ${roomPages}/${room.pages} pages, ${Number(passages.n)} passages, ${queue.done - longQueue.done} documents indexed, ${queue.failed - longQueue.failed} failed`,
);
console.log(
  `room: total ${(ingestSeconds / 60).toFixed(1)} min (uploads ${uploadSeconds.toFixed(0)} s, overlapping), ${(roomPages / ingestSeconds).toFixed(1)} pages/s, ${(roomPages / ((cpu.user + cpu.system) / 1e6)).toFixed(1)} pages/CPU-s: ${verdict(ingestSeconds < TARGET.minutes * 60)} the ${TARGET.minutes} min target`,
);
console.log(
  `room: peak RSS ${mb(roomPeak)}: ${verdict(roomPeak < TARGET.rssMb * 1024 ** 2)} the ${TARGET.rssMb} MB target`,
);
reportSearches(timings, TARGET.p95[dialect], "search", room.docs);

await backend.close();
if (KEEP) {
  // What the search-only mode needs to time queries over this room again (DATAROOM_DIR=dataDir).
  const kept: RoomIndex = {
    workspaceId: ws.id,
    email: "bench@example.com",
    password: "bench-password",
    fileIds: Object.fromEntries(fileIds),
    docs: room.docs,
  };
  fs.writeFileSync(indexFile(dataDir), JSON.stringify(kept));
  console.log(
    `kept: DATA_DIR=${dataDir}${schema ? `, schema ${schema}` : ""}; time its searches again with DATAROOM_SEARCH_ONLY=1 DATAROOM_DIR=${dataDir}${schema ? ` DATAROOM_SCHEMA=${schema}` : ""}`,
  );
} else {
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (schema && process.env.DATABASE_URL) {
    const admin = createDb({ url: process.env.DATABASE_URL, dataDir: os.tmpdir() });
    await sql`drop schema ${sql.id(schema)} cascade`.execute(admin.kysely);
    await admin.close();
  }
}
