import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, type CreatedUser } from "../helpers/factories.ts";
import {
  blobFiles,
  createWorkspace,
  fileRowsOf,
  getBytes,
  postMultipart,
  putBytes,
  readZip,
  reserve,
  sha256,
  uploadFile,
} from "../helpers/files.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import type { EndpointInput } from "../../contracts/endpoint.ts";
import * as filesApi from "../../contracts/files.ts";
import * as libraryApi from "../../contracts/library.ts";

/** The S3 blob store against an in-process s3rver. Presigned URLs go to s3rver directly, never through our API. */
const BUCKET = "aw-test";
let s3: S3rver;
let s3Dir: string;
let app: TestApp;
let user: CreatedUser;
let wsId: string;
let endpoint: string;

beforeAll(async () => {
  s3Dir = await fs.mkdtemp(path.join(os.tmpdir(), "aw-s3rver-"));
  s3 = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
  app = await createTestApp({
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: endpoint,
    S3_FORCE_PATH_STYLE: "true",
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
  });
  user = await createUser(app);
  wsId = (await createWorkspace(app, user.token)).id;
});
afterAll(async () => {
  await app?.close();
  await s3?.close();
  if (s3Dir) await fs.rm(s3Dir, { recursive: true, force: true });
});

const finalize = (fid: string, body: EndpointInput<typeof filesApi.finalizeUpload>["body"]) =>
  app.api(filesApi.finalizeUpload, { params: { id: wsId, fid }, token: user.token, body });
const objectExists = async (fileId: string) => {
  const v = await app.deps.db.kysely
    .selectFrom("file_versions")
    .select("blob_key")
    .where("file_id", "=", fileId)
    .executeTakeFirst();
  return v ? (await app.deps.blobs.stat(v.blob_key)) !== null : false;
};

describe("S3 blob store (s3rver)", () => {
  it("uses the S3 store, never the disk", () => {
    expect(app.deps.blobs.kind).toBe("s3");
  });

  it("presigned flow end to end: PUT to S3, finalize, download, delete", async () => {
    const bytes = Buffer.from("col1,col2\n" + "x,y\n".repeat(1000));
    const r = await reserve(app, user.token, wsId, bytes.length, "text/csv");
    // Presigned PUTs land in a staging prefix; finalize copies them out of the URL's reach.
    expect(r.upload_url.startsWith(`${endpoint}/${BUCKET}/incoming/files/`)).toBe(true);
    expect(r.upload_url).toContain("X-Amz-Signature=");
    const put = await putBytes(app, r.upload_url, bytes, { contentType: "text/csv" });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const fin = await finalize(r.file_id, { filename: "s3.csv", byte_size: bytes.length, checksum: sha256(bytes) });
    expect(fin.status, JSON.stringify(fin.body)).toBe(200);
    expect(fin.body).toMatchObject({
      status: "uploaded",
      byte_size: bytes.length,
      checksum: sha256(bytes),
      content_type: "text/csv",
    });

    const dl = await app.api(filesApi.generateDownloadUrl, {
      params: { id: wsId, fid: r.file_id },
      body: undefined,
      token: user.token,
    });
    expect(dl.body.download_url.startsWith(endpoint)).toBe(true);
    const got = await getBytes(app, dl.body.download_url);
    expect(got.status).toBe(200);
    expect(got.bytes.equals(bytes)).toBe(true);
    expect(got.headers.get("content-disposition")).toBe("attachment; filename*=UTF-8''s3.csv");

    expect(await objectExists(r.file_id)).toBe(true);
    const key = (await fileRowsOf(app, r.file_id)).versions[0]!.blob_key;
    expect(
      (await app.api(filesApi.deleteFile, { params: { id: wsId, fid: r.file_id }, token: user.token })).status,
    ).toBe(200);
    expect(await app.deps.blobs.stat(key)).toBeNull();
    expect((await getBytes(app, dl.body.download_url)).status).toBe(404);
    expect(await blobFiles(app)).toEqual([]);
  });

  it("a wrong checksum at finalize deletes the object and the rows", async () => {
    const bytes = Buffer.from("real");
    const r = await reserve(app, user.token, wsId, bytes.length);
    expect((await putBytes(app, r.upload_url, bytes)).status).toBe(200);
    const key = (await fileRowsOf(app, r.file_id)).versions[0]!.blob_key;
    expect(await app.deps.blobs.stat(`incoming/${key}`)).toEqual({ byteSize: 4 });
    const fin = await finalize(r.file_id, { filename: "a.txt", byte_size: bytes.length, checksum: sha256("fake") });
    expect(fin.status).toBe(422);
    expect(await app.deps.blobs.stat(key)).toBeNull();
    expect(await app.deps.blobs.stat(`incoming/${key}`)).toBeNull();
    expect(await fileRowsOf(app, r.file_id)).toEqual({ files: [], versions: [] });
  });

  // s3rver does not compute SigV4 signatures (lib/middleware/authentication.js: "Signature version 4
  // calculation is unimplemented"), so it cannot refuse a tampered URL or a wrong size: those
  // refusals are tested on the disk store (files.test.ts). Here: what we sign is what S3 would check.
  it("the presigned PUT signs the size and the content type, and expires", async () => {
    const r = await reserve(app, user.token, wsId, 4, "text/plain");
    const q = new URL(r.upload_url).searchParams;
    expect(q.get("X-Amz-SignedHeaders")!.split(";")).toEqual(
      expect.arrayContaining(["content-length", "content-type", "host"]),
    );
    expect(q.get("X-Amz-Expires")).toBe("3600");
    expect(q.get("X-Amz-Algorithm")).toBe("AWS4-HMAC-SHA256");
  });

  it("a PUT to the presigned URL after finalize cannot change the verified bytes", async () => {
    const bytes = Buffer.from("the real numbers\n");
    const r = await reserve(app, user.token, wsId, bytes.length);
    expect((await putBytes(app, r.upload_url, bytes)).status).toBe(200);
    const fin = await finalize(r.file_id, { filename: "real.txt", byte_size: bytes.length, checksum: sha256(bytes) });
    expect(fin.status, JSON.stringify(fin.body)).toBe(200);
    const key = (await fileRowsOf(app, r.file_id)).versions[0]!.blob_key;
    expect(await app.deps.blobs.stat(`incoming/${key}`)).toBeNull();

    // S3 cannot revoke a presigned URL: the late PUT succeeds, but only into the staging prefix.
    expect((await putBytes(app, r.upload_url, Buffer.from("the fake numbers\n"))).status).toBe(200);
    const dl = await app.api(filesApi.generateDownloadUrl, {
      params: { id: wsId, fid: r.file_id },
      body: undefined,
      token: user.token,
    });
    expect((await getBytes(app, dl.body.download_url)).bytes.toString()).toBe(bytes.toString());

    // The sweep removes staged bytes nobody committed, once they are old enough.
    await app.deps.blobs.sweepPartials(new Date(Date.now() - 3600_000));
    expect(await app.deps.blobs.stat(`incoming/${key}`)).toEqual({ byteSize: bytes.length });
    expect(await app.deps.blobs.sweepPartials(new Date(Date.now() + 60_000))).toBeGreaterThanOrEqual(1);
    expect(await app.deps.blobs.stat(`incoming/${key}`)).toBeNull();
    expect(await app.deps.blobs.stat(key)).toEqual({ byteSize: bytes.length });
  });

  it("deleting a reservation removes its staged bytes", async () => {
    const r = await reserve(app, user.token, wsId, 4);
    expect((await putBytes(app, r.upload_url, Buffer.from("left"))).status).toBe(200);
    const key = (await fileRowsOf(app, r.file_id)).versions[0]!.blob_key;
    expect(
      (await app.api(filesApi.deleteFile, { params: { id: wsId, fid: r.file_id }, token: user.token })).status,
    ).toBe(200);
    expect(await app.deps.blobs.stat(`incoming/${key}`)).toBeNull();
  });

  it("server-side arrivals stream into S3 (multipart upload, transfer, zip)", async () => {
    const bytes = Buffer.alloc(64 * 1024, 42);
    const acc = await postMultipart(app, "/users/me/files/upload", {
      token: user.token,
      file: { name: "big.txt", bytes },
    });
    expect(acc.status, JSON.stringify(acc.body)).toBe(201);
    expect(acc.body.checksum).toBe(sha256(bytes));
    const moved = await app.api(libraryApi.transferAccountFile, {
      params: { fid: acc.body.id, workspaceId: wsId },
      token: user.token,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(201);
    await uploadFile(app, user.token, wsId, { filename: "small.txt", bytes: Buffer.from("small") });
    const res = await fetch(`${app.url}/workspaces/${wsId}/files_zip`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    const entries = readZip(Buffer.from(await res.arrayBuffer()));
    const byName = Object.fromEntries(entries.map((e) => [e.name, e.data]));
    expect(byName["big.txt"]!.equals(bytes)).toBe(true);
    expect(byName["small.txt"]!.toString()).toBe("small");
  });
});
