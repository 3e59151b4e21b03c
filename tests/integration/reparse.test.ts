import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueueIngest } from "../../backend/ingestion/jobs.ts";
import { PARSE_RULES } from "../../backend/ingestion/parse-rules.ts";
import { queueReparse, reparseWhenIdle } from "../../backend/ingestion/reparse.ts";
import { drainQueue } from "../../backend/ingestion/worker-loop.ts";
import { sweepStuckJobs } from "../../backend/ingestion/sweep-stuck.ts";
import { MAX_ATTEMPTS } from "../../backend/platform/jobs/queue.ts";
import * as filesApi from "../../contracts/files.ts";
import * as searchApi from "../../contracts/search.ts";
import { indexingStatus } from "../../contracts/workspaces.ts";
import { makePdf } from "../helpers/documents/make-pdf.ts";
import { createUser, type CreatedUser } from "../helpers/factories.ts";
import { createWorkspace, uploadFile } from "../helpers/files.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

/**
 * PDFs indexed by older text rules are parsed again in the background (backend/ingestion/reparse.ts):
 * only when no upload waits, without OCR, and without the file or the workspace ever looking like
 * it is being indexed; what cannot be re-parsed keeps the index it has.
 */
let app: TestApp;
let alice: CreatedUser;
let ws: { id: string };
const noOcr = { limits: { ocrPdfPages: false } };
type File = { id: string; version_id: string | null };

const REPORT = Buffer.from(
  makePdf([
    [{ text: "Annual report cover", x: 72, y: 700 }],
    [{ text: "Revenue grew because of the lighthouse subscription plan", x: 72, y: 700 }],
  ]),
);

beforeAll(async () => {
  app = await createTestApp();
  alice = await createUser(app);
  ws = await createWorkspace(app, alice.token);
});
afterAll(() => app?.close());

const db = () => app.deps.db.kysely;
const upload = (filename: string, bytes: Buffer) =>
  uploadFile(app, alice.token, ws.id, { filename, bytes, contentType: "application/pdf" });
const parsedBy = async (f: File) =>
  (
    await db()
      .selectFrom("documents")
      .select("parsed")
      .where("version_id", "=", f.version_id!)
      .executeTakeFirstOrThrow()
  ).parsed;
const pageText = async (f: File, page: number) =>
  (
    await db()
      .selectFrom("pages")
      .select("text")
      .where("version_id", "=", f.version_id!)
      .where("page", "=", page)
      .executeTakeFirstOrThrow()
  ).text;
/** As an index written before the rules were recorded, with a page read worse than the rules now read it. */
async function makeOld(f: File, page = 2) {
  await db().updateTable("documents").set({ parsed: null }).where("version_id", "=", f.version_id!).execute();
  await db()
    .updateTable("pages")
    .set({ text: "Revenue grew" })
    .where("version_id", "=", f.version_id!)
    .where("page", "=", page)
    .execute();
}
async function fileStatus(f: File) {
  const res = await app.api(filesApi.listFiles, { params: { id: ws.id }, query: {}, token: alice.token });
  return res.body.files.find((x) => x.id === f.id)?.status;
}
async function workspaceState() {
  const res = await app.api(indexingStatus, { params: { id: ws.id }, token: alice.token });
  return res.body.state;
}

describe("background re-parse", () => {
  let report: File;

  it("records the rules a new index is parsed by, and finds nothing to do", async () => {
    report = await upload("report.pdf", REPORT);
    await drainQueue(app.deps, noOcr);
    expect(await parsedBy(report)).toBe(PARSE_RULES);
    expect((await queueReparse(db())).status).toBe("none");
  });

  it("waits while an upload is queued, then parses an older index again with the file indexed throughout", async () => {
    await makeOld(report);
    const waiting = await upload("later.pdf", REPORT);
    expect((await queueReparse(db())).status).toBe("busy");
    await drainQueue(app.deps, noOcr);
    expect(await fileStatus(waiting)).toBe("indexed");

    expect((await queueReparse(db())).status).toBe("queued");
    // Queued, the file is still indexed and the workspace idle: no progress bar for it.
    expect(await fileStatus(report)).toBe("indexed");
    expect(await workspaceState()).toBe("idle");
    // One at a time: the queued re-parse is work pending.
    expect((await queueReparse(db())).status).toBe("busy");

    expect(await drainQueue(app.deps, noOcr)).toBe(1);
    expect(await pageText(report, 2)).toContain("lighthouse subscription plan");
    expect(await parsedBy(report)).toBe(PARSE_RULES);
    expect(await fileStatus(report)).toBe("indexed");
    const res = await app.api(searchApi.searchWorkspace, {
      params: { id: ws.id },
      token: alice.token,
      body: { query: "lighthouse subscription", file_ids: [report.id] },
    });
    expect(res.body.results.map((r) => r.page)).toContain(2);
    expect((await queueReparse(db())).status).toBe("none");
  });

  it("keeps the text OCR read from a scanned page rather than parse without it", async () => {
    const scan = await upload(
      "scan0042.pdf",
      Buffer.from(makePdf([[{ text: "Cover of the scan", x: 72, y: 700 }], []])),
    );
    await drainQueue(app.deps, noOcr);
    // What OCR had read from the page without a text layer when the file was indexed.
    await db()
      .updateTable("pages")
      .set({ text: "Total due 41.20" })
      .where("version_id", "=", scan.version_id!)
      .where("page", "=", 2)
      .execute();
    await db().updateTable("documents").set({ parsed: null }).where("version_id", "=", scan.version_id!).execute();

    expect((await queueReparse(db())).status).toBe("queued");
    expect(await drainQueue(app.deps, noOcr)).toBe(1);
    expect(await pageText(scan, 2)).toBe("Total due 41.20");
    expect(await parsedBy(scan)).toBe(PARSE_RULES);
    expect(await fileStatus(scan)).toBe("indexed");
    expect((await queueReparse(db())).status).toBe("none");
  });

  it("re-parses a document whose page without text was blank", async () => {
    const blank = await upload("blank-page.pdf", Buffer.from(makePdf([[{ text: "Only page", x: 72, y: 700 }], []])));
    await drainQueue(app.deps, noOcr);
    await makeOld(blank, 1);
    expect((await queueReparse(db())).status).toBe("queued");
    expect(await drainQueue(app.deps, noOcr)).toBe(1);
    expect(await pageText(blank, 1)).toBe("Only page");
    expect(await parsedBy(blank)).toBe(PARSE_RULES);
  });

  it("keeps the index of a file whose bytes no longer parse, and the file indexed", async () => {
    const spoilt = await upload("spoilt.pdf", REPORT);
    await drainQueue(app.deps, noOcr);
    await makeOld(spoilt, 1);
    // The stored bytes are no PDF any more: the parse fails for good (a ParseError).
    const { blob_key } = await db()
      .selectFrom("file_versions")
      .select("blob_key")
      .where("id", "=", spoilt.version_id!)
      .executeTakeFirstOrThrow();
    await app.deps.blobs.delete(blob_key);
    await app.deps.blobs.put(blob_key, Readable.from([Buffer.from("not a pdf at all")]), {
      contentType: "application/pdf",
      maxBytes: 1024,
    });
    expect((await queueReparse(db())).status).toBe("queued");
    expect(await drainQueue(app.deps, noOcr)).toBe(1);
    expect(await fileStatus(spoilt)).toBe("indexed");
    expect(await pageText(spoilt, 1)).toBe("Revenue grew");
    expect(await parsedBy(spoilt)).toBe(PARSE_RULES);
    expect((await queueReparse(db())).status).toBe("none");
  });

  it("gives up a re-parse that cannot be done without failing the file, and does not try it again", async () => {
    const broken = await upload("broken.pdf", REPORT);
    await drainQueue(app.deps, noOcr);
    await makeOld(broken, 1);
    // The worker died on it every time: the stuck sweep fails the job, not the file.
    await enqueueIngest(db(), { fileId: broken.id, versionId: broken.version_id!, reparse: true });
    const long = new Date(Date.now() - 10 * 60_000).toISOString();
    await db()
      .updateTable("jobs")
      .set({ status: "running", attempts: MAX_ATTEMPTS, locked_at: long, locked_by: "gone" })
      .where("version_id", "=", broken.version_id!)
      .where("status", "=", "queued")
      .execute();
    expect((await sweepStuckJobs(app.deps)).failed).toBe(1);
    expect(await fileStatus(broken)).toBe("indexed");
    expect(await parsedBy(broken)).toBe(PARSE_RULES);
    expect(await pageText(broken, 1)).toBe("Revenue grew");
    expect((await queueReparse(db())).status).toBe("none");
  });

  it("as the worker's idle work: answers whether it queued one, and stops looking once none is left", async () => {
    await makeOld(report);
    const idle = reparseWhenIdle(app.deps);
    expect(await idle.run()).toBe(true);
    // One at a time: the queued one is pending work.
    expect(await idle.run()).toBe(false);
    await drainQueue(app.deps, noOcr);
    expect(await parsedBy(report)).toBe(PARSE_RULES);
    expect(await idle.run()).toBe(false);
    // Documents indexed from now on are read by the current rules: this process looks no more.
    await makeOld(report);
    expect(await idle.run()).toBe(false);
    expect((await queueReparse(db())).status).toBe("queued");
    await drainQueue(app.deps, noOcr);
  });

  it("walks the backlog in order, and takes a file passed while it was being indexed on a last pass from the start", async () => {
    const docs = await db()
      .selectFrom("documents")
      .select(["version_id", "file_id"])
      .where("workspace_id", "=", ws.id)
      .orderBy("version_id")
      .execute();
    expect(docs.length).toBeGreaterThanOrEqual(3);
    await db().updateTable("documents").set({ parsed: null }).where("workspace_id", "=", ws.id).execute();
    const first = docs[0]!;
    await db().updateTable("files").set({ status: "indexing" }).where("id", "=", first.file_id).execute();
    const before = new Date(Date.now() - 1).toISOString();
    const idle = reparseWhenIdle(app.deps);
    expect(await idle.run()).toBe(true);
    await db().updateTable("files").set({ status: "indexed" }).where("id", "=", first.file_id).execute();
    for (let i = 0; i < docs.length + 2; i++) {
      await drainQueue(app.deps, noOcr);
      if (!(await idle.run())) break;
    }
    const jobs = await db()
      .selectFrom("jobs")
      .select("version_id")
      .where("payload", "is not", null)
      .where("created_at", ">=", before)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    expect(jobs.map((j) => j.version_id)).toEqual([...docs.slice(1), first].map((d) => d.version_id));
    const left = await db()
      .selectFrom("documents")
      .select("version_id")
      .where("workspace_id", "=", ws.id)
      .where("parsed", "is", null)
      .execute();
    expect(left).toEqual([]);
  });
});
