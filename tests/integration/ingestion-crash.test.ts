import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseFile } from "../../backend/ingestion/parse-file.ts";
import { buildPassages } from "../../backend/ingestion/passages.ts";
import { makePdf } from "../helpers/documents/make-pdf.ts";
import { createUser, type CreatedUser } from "../helpers/factories.ts";
import { createWorkspace, uploadFile } from "../helpers/files.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { startWorkerProcess, type WorkerProcess } from "../helpers/worker-process.ts";
import * as workspacesApi from "../../contracts/workspaces.ts";
import * as filesApi from "../../contracts/files.ts";
import * as searchApi from "../../contracts/search.ts";

// Acceptance (issue 5): kill the worker during ingestion of 20 files; after a restart all 20 are
// indexed, none twice. The worker is a real process (tests/helpers/worker-child.ts) on this
// test's own database, killed with SIGKILL while it parses a PDF, so its job is left `running`
// with a lock nobody refreshes; the restarted worker's sweep must give it back to the queue.

let app: TestApp;
let alice: CreatedUser;
let ws: { id: string };
let tmp: string;
const workers: WorkerProcess[] = [];

beforeAll(async () => {
  app = await createTestApp();
  alice = await createUser(app);
  ws = await createWorkspace(app, alice.token);
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), "crash-"));
});
afterAll(async () => {
  for (const w of workers) await w.kill();
  await fs.rm(tmp, { recursive: true, force: true });
  await app?.close();
});

const ANIMALS = [
  "aardvark",
  "badger",
  "capybara",
  "dromedary",
  "echidna",
  "flamingo",
  "gazelle",
  "hedgehog",
  "ibex",
  "jackal",
  "kingfisher",
  "lemur",
  "marmot",
  "narwhal",
  "ocelot",
  "pangolin",
  "quokka",
  "raccoon",
  "salamander",
  "tapir",
];
/** These are PDFs (slow: pdf.js loads in each parse); the rest are text files. */
const PDF_AT = new Set([3, 12]);

function fileFor(i: number): { filename: string; bytes: Buffer; animal: string } {
  const animal = ANIMALS[i]!;
  if (PDF_AT.has(i)) {
    const pages = Array.from({ length: 6 }, (_, p) => [
      { text: `Field survey ${i} page ${p + 1}`, x: 72, y: 720, size: 16 },
      { text: `The ${animal} census counted ${(i + 1) * (p + 3)} animals near station ${p}.`, x: 72, y: 680 },
    ]);
    return { filename: `survey-${i}.pdf`, bytes: Buffer.from(makePdf(pages)), animal };
  }
  const lines = Array.from(
    { length: 400 },
    (_, n) =>
      `Line ${n}: the ${n % 50 === 0 ? animal : "warehouse"} ledger records ${n * 7 + i} crates shipped on day ${n % 31}.`,
  );
  return { filename: `ledger-${i}.txt`, bytes: Buffer.from(lines.join("\n") + "\n"), animal };
}

async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs: number,
  log: () => string,
  state?: () => Promise<unknown>,
) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline)
      throw new Error(
        `timed out waiting for ${what}; state: ${JSON.stringify(await state?.())}; worker output:\n${log()}`,
      );
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("crash recovery", () => {
  it(
    "a worker killed mid-ingestion of 20 files: after a restart all 20 are indexed, none twice",
    { timeout: 150_000 },
    async () => {
      const db = app.deps.db.kysely;
      const files = Array.from({ length: 20 }, (_, i) => fileFor(i));
      const uploaded: Awaited<ReturnType<typeof uploadFile>>[] = [];
      for (const f of files)
        uploaded.push(await uploadFile(app, alice.token, ws.id, { filename: f.filename, bytes: f.bytes }));
      const pdfIds: (string | null)[] = [...PDF_AT].map((i) => uploaded[i]!.id);

      const first = startWorkerProcess(app);
      workers.push(first);
      const indexed = async () =>
        Number(
          (
            await db
              .selectFrom("files")
              .select((eb) => eb.fn.countAll<string | number>().as("n"))
              .where("workspace_id", "=", ws.id)
              .where("status", "=", "indexed")
              .executeTakeFirstOrThrow()
          ).n,
        );
      const runningJobs = () =>
        db
          .selectFrom("jobs")
          .select(["id", "file_id", "attempts", "locked_by"])
          .where("status", "=", "running")
          .execute();
      // Kill it while it parses a PDF, after some text files are indexed. Either PDF will do: on a
      // busy machine this poll can miss the first one's parse.
      const parsingPdf = async () => (await runningJobs()).some((j) => pdfIds.includes(j.file_id));
      await waitFor(
        "the first worker to index some files and start on a PDF",
        async () => (await indexed()) >= 3 && (await parsingPdf()),
        60_000,
        first.output,
        async () => ({ indexed: await indexed(), running: await runningJobs(), pdfIds }),
      );
      await first.kill();

      // The worker runs one job per core at a time: the PDF, and perhaps one more, are left running.
      const stuck = await runningJobs();
      expect(stuck.some((j) => pdfIds.includes(j.file_id))).toBe(true);
      expect(stuck.length).toBeLessThanOrEqual(Math.max(2, os.availableParallelism()));
      const indexedAtCrash = await indexed();
      expect(indexedAtCrash).toBeGreaterThanOrEqual(3);
      expect(indexedAtCrash).toBeLessThan(20);

      const second = startWorkerProcess(app, { INGEST_STUCK_AFTER_MS: "1500" });
      workers.push(second);
      const status = async () =>
        (await app.api(workspacesApi.indexingStatus, { params: { id: ws.id }, token: alice.token })).body;
      await waitFor(
        "the restarted worker to settle the workspace",
        async () => {
          const s = await status();
          return s.state === "idle" && s.files_done + s.files_failed === s.files_total;
        },
        90_000,
        second.output,
      );
      await second.kill();

      expect(await status()).toMatchObject({
        state: "idle",
        files_total: 20,
        files_done: 20,
        files_failed: 0,
        failures: [],
      });
      const list = (
        await app.api(filesApi.listFiles, { params: { id: ws.id }, query: { limit: 100 }, token: alice.token })
      ).body.files as { id: string; status: string }[];
      expect(list).toHaveLength(20);
      expect(list.every((f) => f.status === "indexed")).toBe(true);

      // The killed job ran again (its second attempt) and finished; every other job ran once.
      const jobs = await db.selectFrom("jobs").select(["file_id", "status", "attempts"]).execute();
      expect(jobs).toHaveLength(20);
      expect(jobs.every((j) => j.status === "done")).toBe(true);
      for (const j of stuck) expect(jobs.find((k) => k.file_id === j.file_id)!.attempts).toBe(2);

      // Exactly one document per file version, and exactly the passages one parse produces.
      const docs = await db
        .selectFrom("documents")
        .select(["version_id", "file_id"])
        .where("workspace_id", "=", ws.id)
        .execute();
      expect(docs.map((d) => d.version_id).sort()).toEqual(uploaded.map((u) => u.version_id).sort());
      for (const [i, f] of files.entries()) {
        const versionId = uploaded[i]!.version_id!;
        const p = path.join(tmp, f.filename);
        await fs.writeFile(p, f.bytes);
        const expected = buildPassages(await parseFile(p, { limits: { ocrPdfPages: false } }), {
          fileVersionId: versionId,
        })
          .map((x) => x.id)
          .sort();
        const stored = (await db.selectFrom("passages").select("id").where("version_id", "=", versionId).execute())
          .map((x) => x.id)
          .sort();
        expect(stored.length, f.filename).toBeGreaterThan(0);
        expect(stored, f.filename).toEqual(expected);
      }
      if (app.deps.db.dialect === "sqlite") {
        const count = async (q: ReturnType<typeof sql<{ n: number }>>) => (await q.execute(db)).rows[0]!.n;
        expect(await count(sql<{ n: number }>`select count(*) as n from passages_fts`)).toBe(
          await count(sql<{ n: number }>`select count(*) as n from passages`),
        );
      }

      // Search finds each file by the word only it contains.
      for (const [i, f] of files.entries()) {
        const res = await app.api(searchApi.searchWorkspace, {
          params: { id: ws.id },
          token: alice.token,
          body: { query: f.animal },
        });
        expect(res.status).toBe(200);
        expect(
          res.body.results.map((r: { file_id: string }) => r.file_id),
          f.animal,
        ).toContain(uploaded[i]!.id);
        expect(new Set(res.body.results.map((r: { file_id: string }) => r.file_id)), f.animal).toEqual(
          new Set([uploaded[i]!.id]),
        );
      }
    },
  );
});
