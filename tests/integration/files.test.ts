import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sweepStaleUploads } from "../../backend/files/upload.ts";
import { drainQueue } from "../../backend/ingestion/worker-loop.ts";
import { signGrant, type BlobGrant } from "../../backend/platform/blobs/signed-url.ts";
import { createUser, type CreatedUser } from "../helpers/factories.ts";
import {
  blobFiles,
  createWorkspace,
  fileRowsOf,
  getBytes,
  postMultipart,
  putBytes,
  reachable,
  readZip,
  reserve,
  sha256,
  uploadFile,
} from "../helpers/files.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import type { EndpointInput } from "../../contracts/endpoint.ts";
import * as filesApi from "../../contracts/files.ts";
import * as workspacesApi from "../../contracts/workspaces.ts";
import * as libraryApi from "../../contracts/library.ts";

let app: TestApp;
let alice: CreatedUser;
let bob: CreatedUser;
let ws: { id: string };
beforeAll(async () => {
  app = await createTestApp();
  [alice, bob] = await Promise.all([createUser(app), createUser(app)]);
  ws = await createWorkspace(app, alice.token, { is_public: true });
});
afterAll(() => app?.close());

const finalize = (fid: string, body: EndpointInput<typeof filesApi.finalizeUpload>["body"], token = alice.token) =>
  app.api(filesApi.finalizeUpload, { params: { id: ws.id, fid }, token, body });
const tokenOf = (url: string) => url.split("/").pop()!;
const grantOf = (url: string) =>
  JSON.parse(Buffer.from(tokenOf(url).split(".")[0]!, "base64url").toString()) as BlobGrant;

/** A refused upload leaves no row, no version and no bytes. */
async function expectNothingLeft(fileId: string, blobsBefore: string[]) {
  expect(await fileRowsOf(app, fileId)).toEqual({ files: [], versions: [] });
  expect(await blobFiles(app)).toEqual(blobsBefore);
}

describe("presigned upload flow", () => {
  it("reserve, PUT the bytes, finalize; then metadata, download, and status follow", async () => {
    const bytes = Buffer.from("region,revenue\nnorth,10\nsouth,20\n");
    const r = await reserve(app, alice.token, ws.id, bytes.length, "text/csv");
    expect(r).toEqual({
      upload_url: expect.stringMatching(/\/api\/blobs\/[^/]+$/),
      file_id: expect.any(String),
      expires_at: expect.any(String),
    });
    expect(Date.parse(r.expires_at)).toBeGreaterThan(Date.now() + 50 * 60_000);

    // Reserved: the owner sees it uploading, viewers don't see it yet.
    const ownerList = (await app.api(filesApi.listFiles, { params: { id: ws.id }, query: {}, token: alice.token })).body
      .files;
    expect(ownerList.find((f: { id: string }) => f.id === r.file_id)).toMatchObject({ status: "uploading" });
    expect(
      (await app.api(filesApi.listFiles, { params: { id: ws.id }, query: {}, token: bob.token })).body.files.map(
        (f: { id: string }) => f.id,
      ),
    ).not.toContain(r.file_id);
    expect(
      (await app.api(workspacesApi.indexingStatus, { params: { id: ws.id }, token: alice.token })).body.state,
    ).toBe("indexing");
    const early = await finalize(r.file_id, {
      filename: "sales.csv",
      byte_size: bytes.length,
      checksum: sha256(bytes),
    });
    expect(early.status).toBe(422);
    expect(early.error?.message).toMatch(/No bytes were uploaded/);

    const put = await putBytes(app, r.upload_url, bytes, { contentType: "text/csv" });
    expect(put).toEqual({ status: 200, body: { ok: true, byte_size: bytes.length } });
    const fin = await finalize(r.file_id, {
      filename: "sales.csv",
      byte_size: bytes.length,
      checksum: sha256(bytes).toUpperCase(),
    });
    expect(fin.status, JSON.stringify(fin.body)).toBe(200);
    expect(fin.body).toMatchObject({
      id: r.file_id,
      file_id: r.file_id,
      filename: "sales.csv",
      byte_size: bytes.length,
      content_type: "text/csv",
      checksum: sha256(bytes),
      status: "uploaded",
      error: null,
    });
    expect(
      (await finalize(r.file_id, { filename: "sales.csv", byte_size: bytes.length, checksum: sha256(bytes) })).status,
    ).toBe(409);

    const meta = await app.api(filesApi.getFileMetadata, { params: { id: ws.id, fid: r.file_id }, token: bob.token });
    expect(meta.status).toBe(200);
    expect(meta.body.versions).toEqual([
      {
        version_id: fin.body.version_id,
        byte_size: bytes.length,
        checksum: sha256(bytes),
        created_at: expect.any(String),
      },
    ]);

    // Anyone may download from a public workspace.
    const dl = await app.api(filesApi.generateDownloadUrl, { params: { id: ws.id, fid: r.file_id }, body: undefined });
    expect(dl.status).toBe(200);
    const got = await getBytes(app, dl.body.download_url);
    expect(got.status).toBe(200);
    expect(got.bytes.equals(bytes)).toBe(true);
    expect(got.headers.get("content-type")).toBe("text/csv");
    expect(got.headers.get("content-disposition")).toContain("filename*=UTF-8''sales.csv");
    const named = await app.api(filesApi.generateDownloadUrl, {
      params: { id: ws.id, fid: r.file_id },
      token: alice.token,
      body: { filename: "Ventes été.csv" },
    });
    expect((await getBytes(app, named.body.download_url)).headers.get("content-disposition")).toContain(
      `filename*=UTF-8''${encodeURIComponent("Ventes été.csv")}`,
    );
    // A download token cannot be used to upload.
    const asPut = await putBytes(app, dl.body.download_url, Buffer.from("overwrite"));
    expect(asPut.status).toBe(403);
    expect(asPut.body.error.message).toBe("This upload link is not valid.");
    expect((await getBytes(app, dl.body.download_url)).bytes.equals(bytes)).toBe(true);
  });

  it("finalize refuses a wrong checksum (422) and leaves nothing behind", async () => {
    const before = await blobFiles(app);
    const bytes = Buffer.from("the real bytes");
    const r = await reserve(app, alice.token, ws.id, bytes.length);
    expect((await putBytes(app, r.upload_url, bytes)).status).toBe(200);
    expect((await blobFiles(app)).length).toBe(before.length + 1);
    const res = await finalize(r.file_id, {
      filename: "a.txt",
      byte_size: bytes.length,
      checksum: sha256("other bytes"),
    });
    expect(res.status).toBe(422);
    expect(res.error?.message).toMatch(/^Checksum mismatch: .*SHA-256 differs.*discarded/);
    await expectNothingLeft(r.file_id, before);
  });

  it("finalize refuses a size mismatch (422) and leaves nothing behind", async () => {
    const before = await blobFiles(app);
    const r = await reserve(app, alice.token, ws.id, 100);
    const short = Buffer.from("only twenty bytes!!!");
    expect((await putBytes(app, r.upload_url, short)).status).toBe(200);
    const res = await finalize(r.file_id, { filename: "a.txt", byte_size: 100, checksum: sha256(short) });
    expect(res.status).toBe(422);
    expect(res.error?.message).toBe(
      "Size mismatch: 20 bytes arrived but 100 were declared. The upload was discarded; please try again.",
    );
    await expectNothingLeft(r.file_id, before);
  });

  it("finalize refuses an unsupported extension (422) and leaves nothing behind", async () => {
    const before = await blobFiles(app);
    const bytes = Buffer.from("MZ...");
    const r = await reserve(app, alice.token, ws.id, bytes.length);
    await putBytes(app, r.upload_url, bytes);
    const res = await finalize(r.file_id, { filename: "setup.exe", byte_size: bytes.length, checksum: sha256(bytes) });
    expect(res.status).toBe(422);
    expect(res.error?.message).toMatch(/^Files of this type can't be added to a workspace\. Supported: \.pdf, /);
    await expectNothingLeft(r.file_id, before);
  });

  describe("the signed PUT refuses and stores nothing", () => {
    const bytes = Buffer.from("0123456789");
    async function refusedPut(url: (r: { upload_url: string }) => string, send = bytes, contentType?: string) {
      const before = await blobFiles(app);
      const r = await reserve(app, alice.token, ws.id, bytes.length);
      const res = await putBytes(app, url(r), send, { contentType });
      expect(await blobFiles(app)).toEqual(before);
      // The reservation has no bytes: finalize cannot keep anything.
      const fin = await finalize(r.file_id, { filename: "a.txt", byte_size: bytes.length, checksum: sha256(bytes) });
      expect(fin.status).toBe(422);
      return res;
    }

    it("a tampered token (one character flipped): 403", async () => {
      const flip = (u: string) => {
        const i = u.lastIndexOf(".") + 5;
        return u.slice(0, i) + (u[i] === "A" ? "B" : "A") + u.slice(i + 1);
      };
      const res = await refusedPut((r) => flip(r.upload_url));
      expect(res.status).toBe(403);
      expect(res.body.error).toEqual({ code: "forbidden", message: "This upload link is not valid." });
    });

    it("a tampered payload (bigger size limit, same signature): 403", async () => {
      const res = await refusedPut((r) => {
        const [payload, sig] = tokenOf(r.upload_url).split(".");
        const g = JSON.parse(Buffer.from(payload!, "base64url").toString());
        const forged = Buffer.from(JSON.stringify({ ...g, maxBytes: 10 ** 9 })).toString("base64url");
        return r.upload_url.replace(tokenOf(r.upload_url), `${forged}.${sig}`);
      });
      expect(res.status).toBe(403);
    });

    it("an expired token: 403 saying so", async () => {
      const res = await refusedPut((r) => {
        const g = grantOf(r.upload_url);
        const expired = signGrant(app.deps.secret, { ...g, exp: Math.floor(Date.now() / 1000) - 60 });
        return r.upload_url.replace(tokenOf(r.upload_url), expired);
      });
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe("This upload link has expired. Request a new one.");
    });

    it("more bytes than reserved: 413", async () => {
      const res = await refusedPut((r) => r.upload_url, Buffer.concat([bytes, Buffer.from("!")]));
      expect(res.status).toBe(413);
      expect(res.body.error.message).toBe("This upload link accepts at most 10 bytes.");
    });

    it("more bytes than reserved without a Content-Length (streamed): 413", async () => {
      const before = await blobFiles(app);
      const r = await reserve(app, alice.token, ws.id, bytes.length);
      const body = new ReadableStream({
        start(c) {
          c.enqueue(new Uint8Array(8));
          c.enqueue(new Uint8Array(8));
          c.close();
        },
      });
      const res = await fetch(reachable(app, r.upload_url), { method: "PUT", body, duplex: "half" } as RequestInit);
      expect(res.status).toBe(413);
      expect(await blobFiles(app)).toEqual(before);
    });

    it("a different Content-Type than reserved: 400", async () => {
      const res = await refusedPut((r) => r.upload_url, bytes, "image/png");
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe("This upload link expects Content-Type application/octet-stream.");
    });
  });
});

describe("file operations", () => {
  it("renames (validated), auto-renames, and only the owner may", async () => {
    const f = await uploadFile(app, alice.token, ws.id, { filename: "q3_revenue-report.PDF" });
    const auto = await app.api(filesApi.autoRenameFile, { params: { id: ws.id, fid: f.id }, token: alice.token });
    expect(auto.status).toBe(200);
    expect(auto.body.filename).toBe("Q3 Revenue Report.pdf");
    const res = await app.api(filesApi.renameFile, {
      params: { id: ws.id, fid: f.id },
      token: alice.token,
      body: { filename: "  final.pdf " },
    });
    expect(res.status).toBe(200);
    expect(res.body.filename).toBe("final.pdf");
    const slash = await app.api(filesApi.renameFile, {
      params: { id: ws.id, fid: f.id },
      token: alice.token,
      body: { filename: "../etc/passwd" },
    });
    expect(slash.status).toBe(400);
    expect(slash.error?.fields?.filename).toBe("Filename cannot contain slashes or control characters");
    expect(
      (
        await app.api(filesApi.renameFile, {
          params: { id: ws.id, fid: f.id },
          token: bob.token,
          body: { filename: "x.pdf" },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await app.api(filesApi.renameFile, {
          params: { id: ws.id, fid: "nope" },
          token: alice.token,
          body: { filename: "x.pdf" },
        })
      ).status,
    ).toBe(404);
  });

  it("delete removes the rows and the bytes", async () => {
    const f = await uploadFile(app, alice.token, ws.id);
    const before = await blobFiles(app);
    expect((await app.api(filesApi.deleteFile, { params: { id: ws.id, fid: f.id }, token: bob.token })).status).toBe(
      403,
    );
    const res = await app.api(filesApi.deleteFile, { params: { id: ws.id, fid: f.id }, token: alice.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(await fileRowsOf(app, f.id)).toEqual({ files: [], versions: [] });
    expect((await blobFiles(app)).length).toBe(before.length - 1);
    expect(
      (await app.api(filesApi.getFileMetadata, { params: { id: ws.id, fid: f.id }, token: alice.token })).status,
    ).toBe(404);
  });

  it("files_zip streams every finished file, with unique names and the exact bytes", async () => {
    const zws = await createWorkspace(app, alice.token);
    const a = Buffer.from("first file\n");
    const b = Buffer.from("x".repeat(5000));
    const c = Buffer.from([0, 1, 2, 255, 254]);
    await uploadFile(app, alice.token, zws.id, { filename: "Report.txt", bytes: a });
    await uploadFile(app, alice.token, zws.id, { filename: "report.txt", bytes: b });
    await uploadFile(app, alice.token, zws.id, { filename: "data.csv", bytes: c });
    await reserve(app, alice.token, zws.id, 10); // unfinished: left out
    const res = await fetch(`${app.url}/workspaces/${zws.id}/files_zip`, {
      headers: { authorization: `Bearer ${alice.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="workspace_files.zip"');
    const entries = readZip(Buffer.from(await res.arrayBuffer()));
    expect(entries.map((e) => e.name).sort()).toEqual(["Report.txt", "data.csv", "report (2).txt"]);
    const byName = Object.fromEntries(entries.map((e) => [e.name, e.data]));
    expect(byName["data.csv"]!.equals(c)).toBe(true);
    expect([byName["Report.txt"]!, byName["report (2).txt"]!].some((d) => d.equals(a))).toBe(true);
    expect([byName["Report.txt"]!, byName["report (2).txt"]!].some((d) => d.equals(b))).toBe(true);
    // Private: 404 for others.
    expect(
      (await fetch(`${app.url}/workspaces/${zws.id}/files_zip`, { headers: { authorization: `Bearer ${bob.token}` } }))
        .status,
    ).toBe(404);
    const empty = await createWorkspace(app, alice.token);
    const none = await fetch(`${app.url}/workspaces/${empty.id}/files_zip`, {
      headers: { authorization: `Bearer ${alice.token}` },
    });
    expect(readZip(Buffer.from(await none.arrayBuffer()))).toEqual([]);
  });

  it("lists files oldest first, page by page", async () => {
    const lws = await createWorkspace(app, alice.token);
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await uploadFile(app, alice.token, lws.id, { filename: `f${i}.txt` })).id);
    const p1 = await app.api(filesApi.listFiles, { params: { id: lws.id }, query: { limit: 2 }, token: alice.token });
    const p2 = await app.api(filesApi.listFiles, {
      params: { id: lws.id },
      query: { limit: 2, cursor: p1.body.next_cursor! },
      token: alice.token,
    });
    expect([...p1.body.files, ...p2.body.files].map((f: { id: string }) => f.id).sort()).toEqual([...ids].sort());
    expect(p2.body.next_cursor).toBeNull();
  });

  it("supported_file_extensions is public", async () => {
    const res = await app.api(filesApi.supportedFileExtensions, {});
    expect(res.status).toBe(200);
    expect(res.body.extensions).toEqual(expect.arrayContaining([".pdf", ".docx", ".xlsx", ".csv", ".txt"]));
    expect(res.body.extensions).not.toContain(".exe");
  });

  it("indexing_status counts done and failed files", async () => {
    const iws = await createWorkspace(app, alice.token);
    const f = await uploadFile(app, alice.token, iws.id, { filename: "ok.txt" });
    const waiting = await app.api(workspacesApi.indexingStatus, { params: { id: iws.id }, token: alice.token });
    expect(waiting.body).toEqual({
      state: "indexing",
      files_total: 1,
      files_done: 0,
      files_failed: 0,
      pages_total: 0,
      pages_done: 0,
      eta_seconds: null,
      failures: [],
    });
    await drainQueue(app.deps);
    const idle = await app.api(workspacesApi.indexingStatus, { params: { id: iws.id }, token: alice.token });
    expect(idle.body).toEqual({
      state: "idle",
      files_total: 1,
      files_done: 1,
      files_failed: 0,
      pages_total: 1,
      pages_done: 1,
      eta_seconds: null,
      failures: [],
    });
    await app.deps.db.kysely
      .updateTable("files")
      .set({ status: "failed", error: "Unreadable PDF" })
      .where("id", "=", f.id)
      .execute();
    const failed = await app.api(workspacesApi.indexingStatus, { params: { id: iws.id }, token: alice.token });
    expect(failed.body).toMatchObject({
      files_failed: 1,
      failures: [{ file_id: f.id, filename: "ok.txt", reason: "Unreadable PDF" }],
    });
  });
});

describe("quota", () => {
  let qapp: TestApp;
  let user: CreatedUser;
  let qws: { id: string };
  beforeAll(async () => {
    qapp = await createTestApp({ STORAGE_QUOTA_BYTES: "1000", MAX_UPLOAD_BYTES: "800" });
    user = await createUser(qapp);
    qws = await createWorkspace(qapp, user.token);
  });
  afterAll(() => qapp?.close());

  it("generate_upload_url refuses past the quota (413) or the size limit (413), creating nothing", async () => {
    const over = await qapp.api(filesApi.generateUploadUrl, {
      params: { id: qws.id },
      token: user.token,
      body: { byte_size: 1001 },
    });
    expect(over.status).toBe(413);
    expect(over.error?.message).toMatch(
      /^Not enough storage: this file needs \d+ bytes and you have \d+ bytes of 1000 bytes left/,
    );
    const big = await qapp.api(filesApi.generateUploadUrl, {
      params: { id: qws.id },
      token: user.token,
      body: { byte_size: 900 },
    });
    expect(big.status).toBe(413);
    expect(big.error?.message).toMatch(/^Files can be at most/);
    expect(await qapp.deps.db.kysely.selectFrom("files").select("id").execute()).toEqual([]);
  });

  it("a multipart upload over MAX_UPLOAD_BYTES is 413, storing nothing", async () => {
    const before = await blobFiles(qapp);
    const res = await postMultipart(qapp, "/users/me/files/upload", {
      token: user.token,
      file: { name: "big.txt", bytes: Buffer.alloc(900, 1) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(413);
    expect(res.body.error.message).toBe("The file is larger than the upload limit.");
    expect(await blobFiles(qapp)).toEqual(before);
    expect(await qapp.deps.db.kysely.selectFrom("files").select("id").execute()).toEqual([]);
  });

  it("pending reservations count at reserve; finalize refuses (422) when others filled the quota, leaving nothing", async () => {
    const bytes = Buffer.alloc(600, 7);
    const r = await reserve(qapp, user.token, qws.id, 600);
    const second = await qapp.api(filesApi.generateUploadUrl, {
      params: { id: qws.id },
      token: user.token,
      body: { byte_size: 600 },
    });
    expect(second.status).toBe(413);
    expect((await putBytes(qapp, r.upload_url, bytes)).status).toBe(200);
    // Meanwhile an account upload (checked against finished files only) takes 600 bytes.
    const acc = await postMultipart(qapp, "/users/me/files/upload", {
      token: user.token,
      file: { name: "a.txt", bytes },
    });
    expect(acc.status).toBe(201);
    const before = await blobFiles(qapp);
    const fin = await qapp.api(filesApi.finalizeUpload, {
      params: { id: qws.id, fid: r.file_id },
      token: user.token,
      body: { filename: "a.txt", byte_size: 600, checksum: sha256(bytes) },
    });
    expect(fin.status).toBe(422);
    expect(fin.error?.message).toMatch(/^Not enough storage/);
    expect(await fileRowsOf(qapp, r.file_id)).toEqual({ files: [], versions: [] });
    expect((await blobFiles(qapp)).length).toBe(before.length - 1);
    expect((await qapp.api(libraryApi.getStorage, { token: user.token })).body).toEqual({
      used_storage: 600,
      storage_quota: 1000,
    });
  });
});

describe("abandoned reservations", () => {
  it("are swept once their upload URL has long expired, bytes and all, and stop counting as indexing", async () => {
    const own = await createWorkspace(app, alice.token);
    const r = await reserve(app, alice.token, own.id, 5, "text/plain");
    expect((await putBytes(app, r.upload_url, Buffer.from("hello"), { contentType: "text/plain" })).status).toBe(200);
    const status = () => app.api(workspacesApi.indexingStatus, { params: { id: own.id }, token: alice.token });
    expect((await status()).body).toMatchObject({ state: "indexing", files_total: 1 });

    // A fresh reservation survives the sweep.
    expect(await sweepStaleUploads(app.deps)).toBe(0);
    expect((await fileRowsOf(app, r.file_id)).files).toHaveLength(1);

    // Two hours on, nobody finalized it.
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000).toISOString();
    await app.deps.db.kysely
      .updateTable("files")
      .set({ created_at: twoHoursAgo })
      .where("id", "=", r.file_id)
      .execute();
    expect((await status()).body).toMatchObject({ state: "idle", files_total: 0 });
    const blobsBefore = await blobFiles(app);
    expect(await sweepStaleUploads(app.deps)).toBe(1);
    expect(await fileRowsOf(app, r.file_id)).toEqual({ files: [], versions: [] });
    expect((await blobFiles(app)).length).toBe(blobsBefore.length - 1);
  });
});
