/**
 * Search latency for `bench:dataroom`: the room's queries through the search API, one at a time,
 * and the search-only mode (DATAROOM_SEARCH_ONLY=1) that times them over a kept copied index
 * (dataroom-index.ts) instead of ingesting a room first.
 */
import os from "node:os";
import path from "node:path";
import fs from "node:fs";
import { sql } from "kysely";
import { bootBackend } from "../backend/boot.ts";
import { loadConfig } from "../backend/config.ts";
import { createDb } from "../backend/platform/db/index.ts";
import { createApi } from "../backend/app.ts";
import { buildRoomIndex, indexFile, type RoomIndex } from "./dataroom-index.ts";
import type { RoomQuery } from "./dataroom-queries.ts";
import { roomQueries, roomRecall } from "./dataroom-queries.ts";
import type { RoomDoc } from "./dataroom-generate.ts";

export interface Timing {
  ms: number;
  cpuMs: number;
  scoped: boolean;
  query: string;
  hits: number;
  q: RoomQuery;
  /** The first results as room file and page, for recall. */
  top: { file: string; page: number }[];
}

type Fetch = (req: Request) => Response | Promise<Response>;

/** `fileIds`: room file name -> file id. */
export async function timeSearches(
  api: { fetch: Fetch },
  token: string,
  workspaceId: string,
  queries: RoomQuery[],
  fileIds: Map<string, string>,
): Promise<Timing[]> {
  const timings: Timing[] = [];
  const roomFile = new Map([...fileIds].map(([file, id]) => [id, file]));
  for (const q of queries) {
    const body = { query: q.query, limit: 20, ...(q.file ? { file_ids: [fileIds.get(q.file)!] } : {}) };
    const cpuStart = process.cpuUsage();
    const started = performance.now();
    const res = await api.fetch(
      new Request(`http://bench/workspaces/${workspaceId}/search`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    );
    const json = (await res.json()) as { results?: { file_id: string; page: number }[] };
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpuStart);
    if (res.status !== 200) throw new Error(`search answered ${res.status}: ${JSON.stringify(json)}`);
    const top = (json.results ?? []).slice(0, 10).map((r) => ({ file: roomFile.get(r.file_id) ?? "", page: r.page }));
    timings.push({
      ms,
      cpuMs: (used.user + used.system) / 1000,
      scoped: q.file !== null,
      query: q.query,
      hits: json.results?.length ?? 0,
      q,
      top,
    });
  }
  return timings;
}

const pct = (list: number[], p: number) => {
  const s = [...list].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(p * s.length))]! : NaN;
};
const lat = (list: Timing[]) =>
  `p50 ${pct(
    list.map((t) => t.ms),
    0.5,
  ).toFixed(1)} ms, p95 ${pct(
    list.map((t) => t.ms),
    0.95,
  ).toFixed(1)} ms, p99 ${pct(
    list.map((t) => t.ms),
    0.99,
  ).toFixed(1)} ms (n=${list.length})`;
const cpuLat = (list: Timing[]) =>
  `p50 ${pct(
    list.map((t) => t.cpuMs),
    0.5,
  ).toFixed(1)} ms, p95 ${pct(
    list.map((t) => t.cpuMs),
    0.95,
  ).toFixed(1)} ms`;

export function reportSearches(timings: Timing[], target: number, label = "search", docs?: RoomDoc[]): void {
  const p95 = pct(
    timings.map((t) => t.ms),
    0.95,
  );
  console.log(
    `${label}: ${lat(timings)}; whole room ${lat(timings.filter((t) => !t.scoped))}; one document ${lat(timings.filter((t) => t.scoped))}; ${timings.filter((t) => t.hits === 0).length} with no hit: ${p95 < target ? "meets" : "MISSES"} the ${target} ms p95 target`,
  );
  // On a loaded machine a query waits for a core; this process's CPU time per query shows the work
  // itself (on PostgreSQL the query runs in the server, so this is the client's share only).
  console.log(
    `${label} CPU time in this process: ${cpuLat(timings)}; whole room ${cpuLat(timings.filter((t) => !t.scoped))}; one document ${cpuLat(timings.filter((t) => t.scoped))}`,
  );
  if (docs) {
    const r = (scoped: boolean, k: number) => {
      const { recall, n } = roomRecall(
        timings.filter((t) => t.scoped === scoped),
        docs,
        k,
      );
      return `R@${k} ${recall.toFixed(2)}` + (k === 10 ? ` (n=${n})` : "");
    };
    console.log(
      `${label} page recall (a copy of an evidence page in the first k): whole room ${r(false, 5)}, ${r(false, 10)}; one document ${r(true, 5)}, ${r(true, 10)}`,
    );
  }
  // DATAROOM_MISSES=1 lists the whole-room questions missed at 5, to compare two indexes question by question.
  if (docs && process.env.DATAROOM_MISSES === "1")
    for (const q of roomRecall(
      timings.filter((t) => !t.scoped),
      docs,
      5,
    ).missed)
      console.log(`  missed at 5 [room]: ${q.slice(0, 100)}`);
  for (const t of timings.filter((t) => t.hits === 0))
    console.log(`  no hit: ${t.scoped ? "[one doc]" : "[room]   "} ${t.query.slice(0, 100)}`);
  console.log("slowest queries:");
  for (const t of [...timings].sort((a, b) => b.ms - a.ms).slice(0, 5))
    console.log(
      `  ${t.ms.toFixed(0)} ms (cpu ${t.cpuMs.toFixed(0)}) ${t.scoped ? "[one doc]" : "[room]   "} ${t.query.slice(0, 100)}`,
    );
}

/**
 * DATAROOM_SEARCH_ONLY=1: latency over a copied index of `pages` pages, built on first use into
 * DATAROOM_DIR (or the PostgreSQL database of DATABASE_URL) and reused after. The queries run
 * DATAROOM_PASSES times (2): the first pass meets cold caches (the process's and the database's),
 * the second is the steady state; each is reported. DATAROOM_EXACT_BASELINE=1 first runs them
 * without the pruning of plan-terms.ts (every term, no required ones), for its recall.
 */
export async function searchOnly(o: {
  dataDir: string;
  pages: number;
  queries: number;
  seed: number;
  target: { sqlite: number; postgres: number };
  log: (s: string) => void;
}): Promise<void> {
  const databaseUrl =
    process.env.DATABASE_URL && /^postgres(ql)?:/.test(process.env.DATABASE_URL) ? process.env.DATABASE_URL : undefined;
  const dir = path.resolve(
    process.env.DATAROOM_DIR ??
      path.join(os.tmpdir(), `dataroom-index-${o.pages}-${databaseUrl ? "postgres" : "sqlite"}`),
  );
  let index: RoomIndex;
  if (fs.existsSync(indexFile(dir)) && process.env.DATAROOM_REBUILD !== "1") {
    index = JSON.parse(fs.readFileSync(indexFile(dir), "utf8")) as RoomIndex;
    o.log(`reusing the index in ${dir}`);
  } else {
    const seedDir = path.resolve(process.env.DATAROOM_SEED_DIR ?? process.env.RETRIEVAL_CACHE_DIR ?? "");
    if (!fs.existsSync(path.join(seedDir, "bench-state.json"))) {
      throw new Error(
        "DATAROOM_SEARCH_ONLY=1 copies a seed index: set DATAROOM_SEED_DIR (or RETRIEVAL_CACHE_DIR) to a bench:retrieval cache dir",
      );
    }
    const t0 = performance.now();
    index = await buildRoomIndex({ seedDir, dir, pages: o.pages, seed: o.seed, databaseUrl, log: o.log });
    o.log(`built the index in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
  const config = loadConfig({ ...process.env, DATA_DIR: dir, LOG_LEVEL: "error" });
  // A room that `DATAROOM_KEEP=1 npm run bench:dataroom` kept in a PostgreSQL schema of its own.
  const schema = databaseUrl ? process.env.DATAROOM_SCHEMA : undefined;
  const backend = await bootBackend({
    config,
    ...(schema ? { db: createDb({ url: databaseUrl, dataDir: dir, schema }) } : {}),
  });
  const { deps, api } = backend;
  const { token } = await deps.identity.signIn({ email: index.email, password: index.password });
  const passages = await deps.db.kysely
    .selectFrom("passages")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("workspace_id", "=", index.workspaceId)
    .executeTakeFirstOrThrow();
  const all = await sql<{ n: number }>`select count(*) as n from passages`.execute(deps.db.kysely);
  const queries = roomQueries(o.dataDir, index.docs, o.queries, o.seed);
  const dialect = deps.db.dialect;
  console.log(
    `\nbench:dataroom search only, ${dialect}, ${index.docs.length} documents, ${index.docs.reduce((n, d) => n + d.pages, 0)} pages, ${Number(passages.n)} passages in the room (${Number(all.rows[0]!.n)} in all workspaces), load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  const passes = Number(process.env.DATAROOM_PASSES ?? 2);
  if (process.env.DATAROOM_EXACT_BASELINE === "1") {
    // What the pruning costs: the same queries as the exact plain OR of all their terms (slow).
    // An API over the same backend whose index (caches shared) plans every query exactly.
    const exactApi = createApi({ ...deps, search: deps.search.withOptions({ exactPlans: true }) });
    reportSearches(
      await timeSearches(exactApi, token, index.workspaceId, queries, new Map(Object.entries(index.fileIds))),
      o.target[dialect],
      "exact baseline",
      index.docs,
    );
  }
  for (let pass = 1; pass <= passes; pass++) {
    reportSearches(
      await timeSearches(api, token, index.workspaceId, queries, new Map(Object.entries(index.fileIds))),
      o.target[dialect],
      pass === 1 ? "first pass" : `pass ${pass}`,
      index.docs,
    );
  }
  await backend.close();
}
