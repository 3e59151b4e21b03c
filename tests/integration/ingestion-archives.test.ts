import yazl from "yazl";
import { describe, expect, it } from "vitest";
import { processJob } from "../../backend/ingestion/ingest.ts";
import { makePdf } from "../helpers/documents/make-pdf.ts";
import { drainQueue } from "../../backend/ingestion/worker-loop.ts";
import { enqueueIngest } from "../../backend/ingestion/jobs.ts";
import { claim } from "../../backend/platform/jobs/queue.ts";
import { createUser, type CreatedUser } from "../helpers/factories.ts";
import { createWorkspace, uploadFile } from "../helpers/files.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { useWorkspaceApp } from "../helpers/workspace-app.ts";
import * as filesApi from "../../contracts/files.ts";
import * as workspacesApi from "../../contracts/workspaces.ts";
import * as searchApi from "../../contracts/search.ts";

// Archives expand into files of the workspace: ZIP entries and EML attachments, nested up to two
// levels, each stored and indexed like an upload, exactly once however often the archive's job runs.

let app: TestApp;
let alice: CreatedUser;
let ws: { id: string };
const noOcr = { limits: { ocrPdfPages: false } };

useWorkspaceApp((s) => ({ app, alice, ws } = s));

function zip(entries: [string, Buffer][]): Promise<Buffer> {
  const z = new yazl.ZipFile();
  for (const [name, data] of entries) z.addBuffer(data, name);
  z.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    z.outputStream
      .on("data", (c: Buffer) => chunks.push(c))
      .on("end", () => resolve(Buffer.concat(chunks)))
      .on("error", reject);
  });
}

type Listed = { id: string; filename: string; status: string; error: string | null; version_id: string };
const listFiles = async (on = { app, token: alice.token, wsId: ws.id }): Promise<Listed[]> =>
  (await on.app.api(filesApi.listFiles, { params: { id: on.wsId }, query: { limit: 100 }, token: on.token })).body
    .files as Listed[];
const status = async () =>
  (await app.api(workspacesApi.indexingStatus, { params: { id: ws.id }, token: alice.token })).body;
const search = async (query: string) =>
  (await app.api(searchApi.searchWorkspace, { params: { id: ws.id }, token: alice.token, body: { query } })).body
    .results as { file_id: string; filename: string; page: number }[];
const blobText = async (versionId: string) => {
  const v = await app.deps.db.kysely
    .selectFrom("file_versions")
    .select("blob_key")
    .where("id", "=", versionId)
    .executeTakeFirstOrThrow();
  const chunks: Buffer[] = [];
  for await (const c of await app.deps.blobs.get(v.blob_key)) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

describe("archives", () => {
  let bundle: Listed;

  it("a ZIP expands into files named after their path, nested archives two levels deep, deeper ones fail", async () => {
    const innermost = await zip([["x.txt", Buffer.from("Never read: three levels down.\n")]]);
    const inner = await zip([
      ["deep/minutes.txt", Buffer.from("The board approved the lighthouse restoration budget.\n")],
      ["innermost.zip", innermost],
    ]);
    const outer = await zip([
      [
        "docs/report.pdf",
        Buffer.from(makePdf([[{ text: "Quarterly tonnage through the Kiel canal", x: 72, y: 700 }]])),
      ],
      ["notes.txt", Buffer.from("Ferry timetable for the winter season.\n")],
      ["inner.zip", inner],
      ["tools/setup.exe", Buffer.from("MZ not a document")],
      ["__MACOSX/._notes.txt", Buffer.from("resource fork")],
    ]);
    const up = await uploadFile(app, alice.token, ws.id, {
      filename: "bundle.zip",
      bytes: outer,
      contentType: "application/zip",
    });
    // Children are queued while their archive is processed and are due at once: one drain runs them all.
    expect(await drainQueue(app.deps, noOcr)).toBe(6);

    const files = await listFiles();
    const byName = new Map(files.map((f) => [f.filename, f]));
    expect([...byName.keys()].sort()).toEqual([
      "bundle.zip",
      "bundle.zip/docs/report.pdf",
      "bundle.zip/inner.zip",
      "bundle.zip/inner.zip/deep/minutes.txt",
      "bundle.zip/inner.zip/innermost.zip",
      "bundle.zip/notes.txt",
    ]);
    bundle = byName.get("bundle.zip")!;
    expect(bundle).toMatchObject({ id: up.id, status: "indexed", error: null });
    for (const name of [
      "bundle.zip/docs/report.pdf",
      "bundle.zip/notes.txt",
      "bundle.zip/inner.zip",
      "bundle.zip/inner.zip/deep/minutes.txt",
    ]) {
      expect(byName.get(name), name).toMatchObject({ status: "indexed", error: null });
    }
    expect(byName.get("bundle.zip/inner.zip/innermost.zip")).toMatchObject({
      status: "failed",
      error: expect.stringMatching(/at most 2 levels deep/),
    });

    // The archive has no pages of its own; the PDF has 1, each text file 1.
    expect(await status()).toMatchObject({
      state: "idle",
      files_total: 6,
      files_done: 5,
      files_failed: 1,
      pages_total: 3,
      pages_done: 3,
    });
    const docs = await app.deps.db.kysely
      .selectFrom("documents")
      .select(["file_id", "page_count"])
      .where("file_id", "=", up.id)
      .execute();
    expect(docs).toEqual([{ file_id: up.id, page_count: 0 }]);

    // Each child remembers its archive, its bytes are stored as they were in the archive, and search finds it.
    const rows = await app.deps.db.kysely
      .selectFrom("files")
      .select(["id", "filename", "parent_file_id", "archive_depth"])
      .where("workspace_id", "=", ws.id)
      .execute();
    const row = (name: string) => rows.find((r) => r.filename === name)!;
    expect(row("bundle.zip")).toMatchObject({ parent_file_id: null, archive_depth: 0 });
    expect(row("bundle.zip/notes.txt")).toMatchObject({ parent_file_id: up.id, archive_depth: 1 });
    expect(row("bundle.zip/inner.zip/deep/minutes.txt")).toMatchObject({
      parent_file_id: row("bundle.zip/inner.zip").id,
      archive_depth: 2,
    });
    expect((await blobText(byName.get("bundle.zip/notes.txt")!.version_id)).toString()).toBe(
      "Ferry timetable for the winter season.\n",
    );
    expect((await search("lighthouse restoration"))[0]).toMatchObject({
      file_id: byName.get("bundle.zip/inner.zip/deep/minutes.txt")!.id,
      page: 1,
    });
    expect((await search("tonnage"))[0]).toMatchObject({ filename: "bundle.zip/docs/report.pdf", page: 1 });
    expect(await search("three levels")).toEqual([]);
  });

  it("running the archive's job again (a retry, a worker that died) adds no file twice", async () => {
    const count = async (table: "files" | "file_versions" | "jobs") =>
      Number(
        (
          await app.deps.db.kysely
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string | number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = { files: await count("files"), versions: await count("file_versions"), jobs: await count("jobs") };
    await enqueueIngest(app.deps.db.kysely, { fileId: bundle.id, versionId: bundle.version_id });
    const job = (await claim(app.deps.db, "again"))!;
    await processJob(app.deps, job, noOcr);
    await processJob(app.deps, job, noOcr);
    expect({ files: await count("files"), versions: await count("file_versions"), jobs: await count("jobs") }).toEqual({
      ...before,
      jobs: before.jobs + 1,
    });
    expect(await drainQueue(app.deps, noOcr)).toBe(0);
    expect(await status()).toMatchObject({ files_total: 6, files_done: 5, files_failed: 1 });
  });

  it("an email's attachments become files; the email keeps its own page", async () => {
    const attachment = Buffer.from("Invoice 4711: forty crates of marzipan, due in March.\n").toString("base64");
    const eml = [
      "From: Ada <ada@example.com>",
      "To: Bob <bob@example.com>",
      "Subject: Marzipan order",
      "Date: Mon, 02 Mar 2026 10:00:00 +0000",
      "MIME-Version: 1.0",
      'Content-Type: multipart/mixed; boundary="b1"',
      "",
      "--b1",
      "Content-Type: text/plain; charset=utf-8",
      "",
      "Please find the invoice for the almond paste attached.",
      "--b1",
      'Content-Type: text/plain; name="invoice.txt"',
      'Content-Disposition: attachment; filename="invoice.txt"',
      "Content-Transfer-Encoding: base64",
      "",
      attachment,
      "--b1--",
      "",
    ].join("\r\n");
    const up = await uploadFile(app, alice.token, ws.id, {
      filename: "order.eml",
      bytes: Buffer.from(eml),
      contentType: "message/rfc822",
    });
    expect(await drainQueue(app.deps, noOcr)).toBe(2);
    const files = await listFiles();
    expect(files.find((f) => f.id === up.id)).toMatchObject({ status: "indexed" });
    expect(files.find((f) => f.filename === "order.eml/invoice.txt")).toMatchObject({ status: "indexed" });
    expect((await search("almond paste"))[0]).toMatchObject({ file_id: up.id });
    expect((await search("marzipan crates"))[0]).toMatchObject({ filename: "order.eml/invoice.txt" });
  });

  it("an archive whose files would exceed the owner's quota fails with a reason and adds nothing", async () => {
    const small = await createTestApp({ STORAGE_QUOTA_BYTES: "4000" });
    try {
      const bob = await createUser(small);
      const bobWs = await createWorkspace(small, bob.token);
      const big = Buffer.from("Bulk cargo manifest line.\n".repeat(200)); // 5,200 bytes, compresses well
      const archive = await zip([["manifest.txt", big]]);
      expect(archive.length).toBeLessThan(4000);
      const up = await uploadFile(small, bob.token, bobWs.id, {
        filename: "cargo.zip",
        bytes: archive,
        contentType: "application/zip",
      });
      expect(await drainQueue(small.deps, noOcr)).toBe(1);
      const files = await listFiles({ app: small, token: bob.token, wsId: bobWs.id });
      expect(files).toHaveLength(1);
      expect(files[0]).toMatchObject({
        id: up.id,
        status: "failed",
        error: expect.stringMatching(/Not enough storage/),
      });
    } finally {
      await small.close();
    }
  });
});
