import { describe, expect, it } from "vitest";
import { processJob } from "../../backend/ingestion/ingest.ts";
import { makePdf } from "../helpers/documents/make-pdf.ts";
import { drainQueue } from "../../backend/ingestion/worker-loop.ts";
import { sql } from "kysely";
import { enqueueIngest } from "../../backend/ingestion/jobs.ts";
import { BACKOFF_BASE_MS, claim, fail, requeueStuck } from "../../backend/platform/jobs/queue.ts";
import { createUser, type CreatedUser } from "../helpers/factories.ts";
import { createWorkspace, uploadFile } from "../helpers/files.ts";
import type { TestApp } from "../helpers/test-app.ts";
import { useWorkspaceApp } from "../helpers/workspace-app.ts";
import * as workspacesApi from "../../contracts/workspaces.ts";
import type { EndpointInput } from "../../contracts/endpoint.ts";
import * as searchApi from "../../contracts/search.ts";
import * as filesApi from "../../contracts/files.ts";

let app: TestApp;
let alice: CreatedUser;
let ws: { id: string };
const noOcr = { limits: { ocrPdfPages: false } };

useWorkspaceApp((s) => ({ app, alice, ws } = s));

const status = async () =>
  (await app.api(workspacesApi.indexingStatus, { params: { id: ws.id }, token: alice.token })).body;
const search = (body: EndpointInput<typeof searchApi.searchWorkspace>["body"]) =>
  app.api(searchApi.searchWorkspace, { params: { id: ws.id }, token: alice.token, body });
const passagesOf = (versionId: string) =>
  app.deps.db.kysely.selectFrom("passages").select(["id", "page"]).where("version_id", "=", versionId).execute();

const TEXT = "Quarterly notes\n\nThe warehouse in Rotterdam shipped 4,200 pallets of tulip bulbs.\n";
const PDF = Buffer.from(
  makePdf([
    [{ text: "Annual report cover", x: 72, y: 700 }],
    [{ text: "Revenue grew because of the lighthouse subscription plan", x: 72, y: 700 }],
  ]),
);

describe("ingestion", () => {
  let txtFile: { id: string; version_id: string | null };
  let pdfFile: { id: string; version_id: string | null };

  it("indexes uploaded files: status settles with files and pages counted", async () => {
    txtFile = await uploadFile(app, alice.token, ws.id, {
      filename: "notes.txt",
      bytes: Buffer.from(TEXT),
      contentType: "text/plain",
    });
    pdfFile = await uploadFile(app, alice.token, ws.id, {
      filename: "report.pdf",
      bytes: PDF,
      contentType: "application/pdf",
    });
    expect(await status()).toMatchObject({ state: "indexing", files_total: 2, files_done: 0 });
    expect(await drainQueue(app.deps, noOcr)).toBe(2);
    expect(await status()).toMatchObject({
      state: "idle",
      files_total: 2,
      files_done: 2,
      files_failed: 0,
      pages_total: 3,
      pages_done: 3,
      failures: [],
    });
    const list = (await app.api(filesApi.listFiles, { params: { id: ws.id }, query: {}, token: alice.token })).body
      .files;
    expect(list.map((f: { status: string }) => f.status)).toEqual(["indexed", "indexed"]);
  });

  it("fails a corrupt PDF with a reason while the others stay indexed", async () => {
    const junk = Buffer.from("%PDF-1.7\n" + "garbage ".repeat(500));
    const bad = await uploadFile(app, alice.token, ws.id, {
      filename: "broken.pdf",
      bytes: junk,
      contentType: "application/pdf",
    });
    await drainQueue(app.deps, noOcr);
    const s = await status();
    expect(s).toMatchObject({ state: "idle", files_total: 3, files_done: 2, files_failed: 1, pages_total: 3 });
    expect(s.failures).toEqual([{ file_id: bad.id, filename: "broken.pdf", reason: expect.stringMatching(/\w/) }]);
    const job = await app.deps.db.kysely
      .selectFrom("jobs")
      .selectAll()
      .where("file_id", "=", bad.id)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: "failed", attempts: 1 });

    // Viewers of a public workspace see the counts of what its file list shows them: no failures.
    const viewer = await createUser(app);
    const pub = await createWorkspace(app, alice.token, { is_public: true });
    await uploadFile(app, alice.token, pub.id, { filename: "broken.pdf", bytes: junk, contentType: "application/pdf" });
    await drainQueue(app.deps, noOcr);
    const statusOf = async (token: string) =>
      (await app.api(workspacesApi.indexingStatus, { params: { id: pub.id }, token })).body;
    expect(await statusOf(alice.token)).toMatchObject({ files_total: 1, files_failed: 1 });
    expect(await statusOf(viewer.token)).toMatchObject({ files_total: 0, files_failed: 0, failures: [] });
  });

  it("re-running a job for the same version doesn't duplicate passages", async () => {
    const before = await passagesOf(pdfFile.version_id!);
    expect(before.length).toBeGreaterThan(0);
    await enqueueIngest(app.deps.db.kysely, { fileId: pdfFile.id, versionId: pdfFile.version_id! });
    const job = (await claim(app.deps.db, "test-worker"))!;
    await processJob(app.deps, job, noOcr);
    await processJob(app.deps, job, noOcr);
    expect((await passagesOf(pdfFile.version_id!)).sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      before.sort((a, b) => a.id.localeCompare(b.id)),
    );
    const pages = await app.deps.db.kysely
      .selectFrom("pages")
      .select("page")
      .where("version_id", "=", pdfFile.version_id!)
      .execute();
    expect(pages.map((p) => p.page).sort()).toEqual([1, 2]);
    if (app.deps.db.dialect === "sqlite") {
      // The FTS index holds exactly one row per passage (old rows went with their passages).
      const count = async (q: ReturnType<typeof sql<{ n: number }>>) =>
        (await q.execute(app.deps.db.kysely)).rows[0]!.n;
      expect(await count(sql<{ n: number }>`select count(*) as n from passages_fts`)).toBe(
        await count(sql<{ n: number }>`select count(*) as n from passages`),
      );
    }
  });

  it("requeueStuck puts a stale running job back in the queue", async () => {
    await enqueueIngest(app.deps.db.kysely, { fileId: txtFile.id, versionId: txtFile.version_id! });
    const job = (await claim(app.deps.db, "gone-worker"))!;
    expect(job.status).toBe("running");
    expect(await requeueStuck(app.deps.db.kysely, 60_000)).toBe(0);
    expect(await requeueStuck(app.deps.db.kysely, 60_000, Date.now() + 120_000)).toBe(1);
    const row = await app.deps.db.kysely
      .selectFrom("jobs")
      .selectAll()
      .where("id", "=", job.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "queued", locked_by: null });
    expect(await drainQueue(app.deps, noOcr)).toBe(1);
    expect(await status()).toMatchObject({ state: "idle", files_done: 2 });
  });

  it("search finds a phrase on its page, best first, within the given files", async () => {
    const res = await search({ query: "lighthouse subscription" });
    expect(res.status).toBe(200);
    expect(res.body.results[0]).toMatchObject({
      file_id: pdfFile.id,
      version_id: pdfFile.version_id,
      filename: "report.pdf",
      page: 2,
      passage_id: expect.any(String),
    });
    expect(res.body.results[0].text).toContain("lighthouse subscription");
    expect(res.body.results[0].snippet).toContain("lighthouse");
    expect(res.body.results[0].score).toBeGreaterThan(0);
    // The contract's fields only: the ranking's own marks (a listing page, PostgreSQL's score parts) stay on the server.
    expect(Object.keys(res.body.results[0]).sort()).toEqual(
      ["file_id", "filename", "page", "passage_id", "score", "snippet", "text", "version_id"].sort(),
    );
    // Stemming: "pallet" finds "pallets"; punctuation and FTS syntax are just ignored.
    const txt = await search({ query: 'pallet" OR NEAR( * tulip: -' });
    expect(txt.body.results.map((r: { file_id: string; page: number }) => [r.file_id, r.page])).toEqual([
      [txtFile.id, 1],
    ]);
    expect((await search({ query: "lighthouse", file_ids: [txtFile.id] })).body.results).toEqual([]);
    expect((await search({ query: "?!" })).body.results).toEqual([]);
    expect((await search({ query: "revenue", limit: 1 })).body.results).toHaveLength(1);
  });

  it("search refuses bad input and hides a private workspace from others", async () => {
    expect((await search({ query: "" })).status).toBe(400);
    expect((await search({ query: "x".repeat(1001) })).status).toBe(400);
    expect((await search({ query: "x", limit: 101 })).status).toBe(400);
    const bob = await createUser(app);
    const res = await app.api(searchApi.searchWorkspace, {
      params: { id: ws.id },
      token: bob.token,
      body: { query: "revenue" },
    });
    expect(res.status).toBe(404);
  });

  it("a failed attempt is retried with an exponential backoff, then fails for good", async () => {
    await enqueueIngest(app.deps.db.kysely, { fileId: txtFile.id, versionId: txtFile.version_id! });
    const t0 = Date.now();
    const job = (await claim(app.deps.db, "w", t0))!;
    expect(await fail(app.deps.db.kysely, job, "network", { nowMs: t0 })).toBe(false);
    const get = () =>
      app.deps.db.kysely.selectFrom("jobs").selectAll().where("id", "=", job.id).executeTakeFirstOrThrow();
    expect(Date.parse((await get()).run_after)).toBe(t0 + BACKOFF_BASE_MS);
    expect(await claim(app.deps.db, "w", t0)).toBeNull();
    const second = (await claim(app.deps.db, "w", t0 + BACKOFF_BASE_MS))!;
    expect(second.attempts).toBe(2);
    await fail(app.deps.db.kysely, second, "network", { nowMs: t0 });
    expect(Date.parse((await get()).run_after)).toBe(t0 + 2 * BACKOFF_BASE_MS);
    const third = (await claim(app.deps.db, "w", t0 + 2 * BACKOFF_BASE_MS))!;
    expect(await fail(app.deps.db.kysely, third, "network", { nowMs: t0 })).toBe(true);
    expect(await get()).toMatchObject({ status: "failed", attempts: 3, error: "network" });
  });

  it("deleting a file removes its index: search no longer finds it", async () => {
    expect(
      (await app.api(filesApi.deleteFile, { params: { id: ws.id, fid: pdfFile.id }, token: alice.token })).status,
    ).toBe(200);
    expect(await passagesOf(pdfFile.version_id!)).toEqual([]);
    expect((await search({ query: "lighthouse" })).body.results).toEqual([]);
    expect(await status()).toMatchObject({ files_done: 1, pages_total: 1 });
  });
});
