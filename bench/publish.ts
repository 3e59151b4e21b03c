/**
 * `npm run bench:publish`: publishing at data-room scale (issue 14). Over the copied 80,000-page
 * room of `bench:dataroom`'s search-only mode (dataroom-index.ts: built on first use from a
 * `bench:retrieval` cache, DATAROOM_SEED_DIR or RETRIEVAL_CACHE_DIR, into DATAROOM_DIR or the
 * database of DATABASE_URL), with a thread of PUBLISH_QUESTIONS (20) cited answers made from the
 * room's own search results:
 *  1. the database's size, then the time to publish the whole Pod, then the size again: a
 *     snapshot shares the room's versions, bytes, pages and passages, so only rows of its own
 *     (workspace, threads, messages, files) are written;
 *  2. the same questions searched in the source and in the snapshot (p50/p95 each: the snapshot's
 *     search reads the source's index);
 *  3. a thread snapshot's time, then deleting both snapshots (time, and the size after).
 * Figures, not pass/fail. Not part of `npm test`.
 *   RETRIEVAL_CACHE_DIR=/work/rcache npm run bench:publish
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_dataroom RETRIEVAL_CACHE_DIR=/work/rcache npm run bench:publish
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import type { Citation } from "../contracts/citation.ts";
import { bootBackend } from "../backend/boot.ts";
import { loadConfig } from "../backend/config.ts";
import { now } from "../backend/platform/clock.ts";
import type { Db } from "../backend/platform/db/index.ts";
import { searchWorkspace } from "../backend/search/service.ts";
import { deleteSnapshot, publish } from "../backend/snapshots/service.ts";
import { insertQuestionAndAnswer, updateAnswer } from "../backend/threads/message-repo.ts";
import { createThread, deleteThread } from "../backend/threads/service.ts";
import { buildRoomIndex, indexFile, type RoomIndex } from "./dataroom-index.ts";
import { roomQueries } from "./dataroom-queries.ts";

const DATA = path.resolve(process.env.SHARED_DATA_DIR ?? "../shared/data");
const PAGES = Number(process.env.DATAROOM_PAGES ?? 80_000);
const QUESTIONS = Number(process.env.PUBLISH_QUESTIONS ?? 20);
const SEED = 42;
const log = (s: string) => console.log(`[bench:publish] ${s}`);

if (!fs.existsSync(path.join(DATA, "financebench"))) {
  console.log(`No shared data at ${DATA} (set SHARED_DATA_DIR): nothing to measure.`);
  process.exit(0);
}

const databaseUrl =
  process.env.DATABASE_URL && /^postgres(ql)?:/.test(process.env.DATABASE_URL) ? process.env.DATABASE_URL : undefined;
const dir = path.resolve(
  process.env.DATAROOM_DIR ?? path.join(os.tmpdir(), `dataroom-index-${PAGES}-${databaseUrl ? "postgres" : "sqlite"}`),
);
let index: RoomIndex;
if (fs.existsSync(indexFile(dir)) && process.env.DATAROOM_REBUILD !== "1") {
  index = JSON.parse(fs.readFileSync(indexFile(dir), "utf8")) as RoomIndex;
  log(`reusing the room in ${dir}`);
} else {
  const seedDir = path.resolve(process.env.DATAROOM_SEED_DIR ?? process.env.RETRIEVAL_CACHE_DIR ?? "");
  if (!fs.existsSync(path.join(seedDir, "bench-state.json"))) {
    console.error(
      "bench:publish copies a seed index: set RETRIEVAL_CACHE_DIR (or DATAROOM_SEED_DIR) to a bench:retrieval cache dir",
    );
    process.exit(1);
  }
  const t0 = performance.now();
  index = await buildRoomIndex({ seedDir, dir, pages: PAGES, seed: SEED, databaseUrl, log });
  log(`built the room in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

const backend = await bootBackend({ config: loadConfig({ ...process.env, DATA_DIR: dir, LOG_LEVEL: "error" }) });
const { deps } = backend;
const db = deps.db;
const { token, user } = await deps.identity.signIn({ email: index.email, password: index.password });
const actor = { user, token };

/** Bytes the database uses: SQLite's pages in use (after a checkpoint), PostgreSQL's database size. */
async function dbBytes(d: Db): Promise<number> {
  if (d.dialect === "postgres") {
    const { rows } = await sql<{ n: string }>`select pg_database_size(current_database()) as n`.execute(d.kysely);
    return Number(rows[0]!.n);
  }
  await sql`pragma wal_checkpoint(TRUNCATE)`.execute(d.kysely);
  const pages = await sql<{ page_count: number }>`pragma page_count`.execute(d.kysely);
  const free = await sql<{ freelist_count: number }>`pragma freelist_count`.execute(d.kysely);
  const size = await sql<{ page_size: number }>`pragma page_size`.execute(d.kysely);
  return (Number(pages.rows[0]!.page_count) - Number(free.rows[0]!.freelist_count)) * Number(size.rows[0]!.page_size);
}

const mb = (n: number) => `${(n / 1024 ** 2).toFixed(1)} MB`;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
async function timed<T>(f: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const t0 = performance.now();
  const value = await f();
  return { value, ms: performance.now() - t0 };
}

// A thread of cited answers, each citing the top hits of its own question in the room.
const queries = roomQueries(DATA, index.docs, QUESTIONS, SEED).filter((q) => !q.file);
const thread = await createThread(deps, { actor, workspaceId: index.workspaceId, name: "Room questions" });
let citations = 0;
for (const q of queries) {
  const { results } = await searchWorkspace(deps, { actor, workspaceId: index.workspaceId, query: q.query, limit: 3 });
  const cites: Citation[] = results.map((r, i) => {
    const quote = r.text.slice(0, 120);
    return {
      n: i + 1,
      file_id: r.file_id,
      version_id: r.version_id,
      filename: r.filename,
      page: r.page,
      quote,
      start: null,
      end: null,
      verified: false,
    };
  });
  citations += cites.length;
  const answerId = crypto.randomUUID();
  await insertQuestionAndAnswer(db.kysely, {
    threadId: thread.id,
    userId: user.id,
    questionId: crypto.randomUUID(),
    answerId,
    query: q.query,
    fileIds: undefined,
    model: "search",
    askedAt: now(),
    answeredAt: now(),
  });
  const content = cites.map((c) => `${c.quote} [${c.n}]`).join("\n\n");
  await updateAnswer(db.kysely, {
    id: answerId,
    content,
    citations: JSON.stringify(cites),
    status: "complete",
    at: now(),
  });
}

const counts = await sql<{ files: number; pages: number; passages: number }>`
  select (select count(*) from files where workspace_id = ${index.workspaceId}) as files,
         (select coalesce(sum(page_count), 0) from documents where workspace_id = ${index.workspaceId}) as pages,
         (select count(*) from passages) as passages`.execute(db.kysely);
const c = counts.rows[0]!;
console.log(
  `\nbench:publish, ${db.dialect}, room: ${Number(c.files)} files, ${Number(c.pages)} pages, ${Number(c.passages)} passages in the index; thread of ${queries.length} answers, ${citations} citations; load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);

const before = await dbBytes(db);
const pod = await timed(() => publish(deps, { actor, workspaceId: index.workspaceId, isDiscoverable: true }));
const after = await dbBytes(db);
console.log(
  `publish Pod: ${(pod.ms / 1000).toFixed(2)} s; database ${mb(before)} -> ${mb(after)} (+${mb(after - before)}, +${(((after - before) / before) * 100).toFixed(2)}%)`,
);

// The same questions in the source and in the snapshot: the snapshot reads the source's index.
const source: number[] = [];
const copy: number[] = [];
let same = 0;
for (const q of queries) {
  const a = await timed(() =>
    searchWorkspace(deps, { actor, workspaceId: index.workspaceId, query: q.query, limit: 10 }),
  );
  const b = await timed(() =>
    searchWorkspace(deps, { actor: null, workspaceId: pod.value.workspace_id, query: q.query, limit: 10 }),
  );
  source.push(a.ms);
  copy.push(b.ms);
  const pages = (r: typeof a.value) => r.results.map((x) => `${x.filename}#${x.page}`).join(",");
  if (pages(a.value) === pages(b.value)) same++;
}
console.log(
  `search (${queries.length} questions, signed out in the snapshot): source p50 ${pct(source, 50).toFixed(1)} / p95 ${pct(source, 95).toFixed(1)} ms, snapshot p50 ${pct(copy, 50).toFixed(1)} / p95 ${pct(copy, 95).toFixed(1)} ms; same top 10 for ${same}/${queries.length}`,
);

const threadSnap = await timed(() =>
  publish(deps, { actor, workspaceId: index.workspaceId, threadId: thread.id, isDiscoverable: false }),
);
const afterThread = await dbBytes(db);
console.log(`publish thread: ${(threadSnap.ms / 1000).toFixed(2)} s (+${mb(afterThread - after)})`);

const del = await timed(async () => {
  await deleteSnapshot(deps, { actor, id: pod.value.id });
  await deleteSnapshot(deps, { actor, id: threadSnap.value.id });
});
const afterDelete = await dbBytes(db);
console.log(
  `delete both snapshots: ${(del.ms / 1000).toFixed(2)} s; database ${mb(afterDelete)} (the room's own index untouched)`,
);

await deleteThread(deps, { actor, workspaceId: index.workspaceId, threadId: thread.id });
await backend.close();
