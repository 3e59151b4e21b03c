import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sweepStaleUploads } from "../../backend/files/upload.ts";
import { startApiProcess } from "../helpers/api-process.ts";
import { createUser, type CreatedUser } from "../helpers/factories.ts";
import {
  blobFiles,
  createWorkspace,
  fileRowsOf,
  getBytes,
  putBytes,
  reachable,
  reserve,
  sha256,
  uploadFile,
} from "../helpers/files.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import * as filesApi from "../../contracts/files.ts";
import * as libraryApi from "../../contracts/library.ts";

/** What an upload URL may do (the disk store's own signed URLs): where it points, when it writes. */
let app: TestApp;
let alice: CreatedUser;
let wsId: string;
beforeAll(async () => {
  app = await createTestApp();
  alice = await createUser(app);
  wsId = (await createWorkspace(app, alice.token)).id;
});
afterAll(() => app?.close());

const finalize = (fid: string, bytes: Buffer, filename = "a.txt") =>
  app.api(filesApi.finalizeUpload, {
    params: { id: wsId, fid },
    token: alice.token,
    body: { filename, byte_size: bytes.length, checksum: sha256(bytes) },
  });
const download = async (fid: string) => {
  const dl = await app.api(filesApi.generateDownloadUrl, {
    params: { id: wsId, fid },
    body: undefined,
    token: alice.token,
  });
  return getBytes(app, dl.body.download_url);
};
const storage = async () => (await app.api(libraryApi.getStorage, { token: alice.token })).body.used_storage as number;
const partFiles = async () => (await blobFiles(app)).filter((f) => f.endsWith(".part"));

async function until(check: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe("upload URLs point at the page's own origin", () => {
  it("upload and download URLs are relative (/api/blobs/{token}), not PUBLIC_URL", async () => {
    const r = await reserve(app, alice.token, wsId, 5);
    expect(r.upload_url).toMatch(/^\/api\/blobs\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect((await putBytes(app, r.upload_url, Buffer.from("hello"))).status).toBe(200);
    expect((await finalize(r.file_id, Buffer.from("hello"))).status).toBe(200);
    const dl = await app.api(filesApi.generateDownloadUrl, {
      params: { id: wsId, fid: r.file_id },
      body: undefined,
      token: alice.token,
    });
    expect(dl.body.download_url).toMatch(/^\/api\/blobs\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  });
});

describe("an upload URL writes once, only while its reservation is open", () => {
  it("a second PUT after finalize is refused (409 conflict): the verified bytes stay", async () => {
    const bytes = Buffer.from("the real numbers\n");
    const r = await reserve(app, alice.token, wsId, bytes.length);
    expect((await putBytes(app, r.upload_url, bytes)).status).toBe(200);
    expect((await finalize(r.file_id, bytes)).status).toBe(200);

    const forged = Buffer.from("the fake numbers\n");
    expect(forged.length).toBe(bytes.length);
    const again = await putBytes(app, r.upload_url, forged);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("conflict");
    const got = await download(r.file_id);
    expect(got.bytes.toString()).toBe(bytes.toString());
    expect((await fileRowsOf(app, r.file_id)).versions[0]!.checksum).toBe(sha256(got.bytes));
  });

  it("a second PUT before finalize is refused too; the first bytes finalize", async () => {
    const first = Buffer.from("first");
    const r = await reserve(app, alice.token, wsId, first.length);
    expect((await putBytes(app, r.upload_url, first)).status).toBe(200);
    const second = await putBytes(app, r.upload_url, Buffer.from("other"));
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe("conflict");
    expect((await finalize(r.file_id, first)).status).toBe(200);
    expect((await download(r.file_id)).bytes.toString()).toBe("first");
  });

  it("a PUT after the reservation was abandoned is refused (403) and writes nothing", async () => {
    const bytes = Buffer.alloc(64 * 1024, 7);
    const used = await storage();
    const r = await reserve(app, alice.token, wsId, bytes.length);
    expect(
      (await app.api(filesApi.deleteFile, { params: { id: wsId, fid: r.file_id }, token: alice.token })).status,
    ).toBe(200);
    const before = await blobFiles(app);
    const put = await putBytes(app, r.upload_url, bytes);
    expect(put.status).toBe(403);
    expect(put.body.error.code).toBe("forbidden");
    expect(await blobFiles(app)).toEqual(before);
    expect(await storage()).toBe(used);
  });

  it("a reservation abandoned while its bytes arrive keeps none of them", async () => {
    const size = 256 * 1024;
    const r = await reserve(app, alice.token, wsId, size);
    const before = await blobFiles(app);
    let finish!: () => void;
    const body = new ReadableStream<Uint8Array>({
      async start(c) {
        c.enqueue(new Uint8Array(size / 2));
        await new Promise<void>((resolve) => (finish = resolve));
        c.enqueue(new Uint8Array(size / 2));
        c.close();
      },
    });
    const res = fetch(reachable(app, r.upload_url), {
      method: "PUT",
      body,
      headers: { "content-type": "application/octet-stream" },
      duplex: "half",
    } as RequestInit);
    await until(async () => (await partFiles()).length > 0, "the PUT to start writing");
    expect(
      (await app.api(filesApi.deleteFile, { params: { id: wsId, fid: r.file_id }, token: alice.token })).status,
    ).toBe(200);
    finish();
    const answer = await res;
    expect(answer.status).toBe(403);
    expect(await blobFiles(app)).toEqual(before);
  });
});

describe("an upload killed mid-PUT", () => {
  it("leaves a .part when the server dies mid-stream; the stale-upload sweep removes it and storage is unchanged", async () => {
    await uploadFile(app, alice.token, wsId, { bytes: Buffer.from("kept") });
    const used = await storage();
    const finals = await blobFiles(app);
    const size = 1024 * 1024;
    const r = await reserve(app, alice.token, wsId, size);
    // A server process killed while the bytes arrive (a client that goes away is cleaned up by
    // the server itself; a server that dies cleans up nothing).
    const api = await startApiProcess(app);
    try {
      const req = http.request(api.url + r.upload_url.slice(4), {
        method: "PUT",
        headers: { "content-type": "application/octet-stream", "content-length": String(size) },
      });
      req.on("error", () => undefined);
      req.write(Buffer.alloc(size / 4, 1));
      await until(async () => (await partFiles()).length > 0, "the PUT to start writing");
      await api.kill();
      req.destroy();
    } finally {
      await api.kill();
    }
    expect(await partFiles()).toHaveLength(1);

    // A fresh .part may be a write in progress: the sweep leaves it.
    await sweepStaleUploads(app.deps);
    expect(await partFiles()).toHaveLength(1);

    // Hours later (a cutoff in the future): the reservation and the half-written bytes go.
    expect(await sweepStaleUploads(app.deps, Date.now() + 3 * 3600_000)).toBeGreaterThanOrEqual(1);
    expect(await partFiles()).toEqual([]);
    expect(await fileRowsOf(app, r.file_id)).toEqual({ files: [], versions: [] });
    expect(await blobFiles(app)).toEqual(finals);
    expect(await storage()).toBe(used);
  }, 120_000);
});
