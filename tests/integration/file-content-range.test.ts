import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, type CreatedUser } from "../helpers/factories.ts";
import { createWorkspace, uploadFile } from "../helpers/files.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

/**
 * Range requests on a version's bytes (what pdf.js sends), over both blob stores: the disk store
 * and S3 (an in-process s3rver). Each store streams only the asked-for bytes.
 */
const BUCKET = "aw-range";
const BYTES = crypto.randomBytes(200_000);

let s3: S3rver;
let s3Dir: string;
let s3Endpoint: string;
beforeAll(async () => {
  s3Dir = await fs.mkdtemp(path.join(os.tmpdir(), "aw-s3rver-"));
  s3 = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET }],
  });
  s3Endpoint = `http://127.0.0.1:${(await s3.run()).port}`;
});
afterAll(async () => {
  await s3?.close();
  if (s3Dir) await fs.rm(s3Dir, { recursive: true, force: true });
});

const s3Env = () => ({
  S3_BUCKET: BUCKET,
  S3_ENDPOINT: s3Endpoint,
  S3_FORCE_PATH_STYLE: "true",
  S3_REGION: "us-east-1",
  S3_ACCESS_KEY_ID: "S3RVER",
  S3_SECRET_ACCESS_KEY: "S3RVER",
});

describe.each([
  { store: "disk", env: () => ({}) },
  { store: "s3", env: s3Env },
] as const)("file content ranges on the $store store", ({ store, env }) => {
  let app: TestApp;
  let alice: CreatedUser;
  let bob: CreatedUser;
  let url: string;

  beforeAll(async () => {
    app = await createTestApp(env());
    [alice, bob] = await Promise.all([createUser(app), createUser(app)]);
    const ws = await createWorkspace(app, alice.token);
    const f = await uploadFile(app, alice.token, ws.id, {
      filename: "filing.pdf",
      bytes: BYTES,
      contentType: "application/pdf",
    });
    url = `${app.url}/workspaces/${ws.id}/files/${f.id}/versions/${f.version_id}/content`;
  });
  afterAll(() => app?.close());

  const get = async (headers: Record<string, string>, token = alice.token) => {
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}`, ...headers } });
    return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
  };

  it(`uses the ${store} store`, () => {
    expect(app.deps.blobs.kind).toBe(store);
  });

  it("answers without Range with 200, the whole file, Accept-Ranges and an ETag", async () => {
    const res = await get({});
    expect(res.status).toBe(200);
    expect(Buffer.compare(res.bytes, BYTES)).toBe(0);
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect(res.headers.get("content-range")).toBeNull();
    expect(res.headers.get("etag")).toMatch(/^"[0-9a-f]{64}"$/);
  });

  it("answers a-b, a- and -n with 206, exactly those bytes and Content-Range", async () => {
    const cases: [string, number, number][] = [
      ["bytes=0-65535", 0, 65535],
      ["bytes=131072-", 131072, BYTES.length - 1],
      ["bytes=-1000", BYTES.length - 1000, BYTES.length - 1],
      ["bytes=199990-999999", 199990, BYTES.length - 1],
    ];
    for (const [range, start, end] of cases) {
      const res = await get({ range });
      expect(res.status, range).toBe(206);
      expect(res.headers.get("content-range"), range).toBe(`bytes ${start}-${end}/${BYTES.length}`);
      expect(res.headers.get("content-length"), range).toBe(String(end - start + 1));
      expect(Buffer.compare(res.bytes, BYTES.subarray(start, end + 1)), range).toBe(0);
    }
  });

  it("is 416 range_not_satisfiable past the end, with the file's size", async () => {
    const res = await get({ range: `bytes=${BYTES.length}-` });
    expect(res.status).toBe(416);
    expect(res.headers.get("content-range")).toBe(`bytes */${BYTES.length}`);
    expect(JSON.parse(res.bytes.toString()).error.code).toBe("range_not_satisfiable");
  });

  it("sends the whole file for several ranges, a malformed one, or an If-Range that no longer holds", async () => {
    const etag = (await get({})).headers.get("etag")!;
    for (const headers of <Record<string, string>[]>[
      { range: "bytes=0-9,20-29" },
      { range: "bytes=9-0" },
      { range: "bytes=0-9", "if-range": '"stale"' },
    ]) {
      const res = await get(headers);
      expect(res.status, JSON.stringify(headers)).toBe(200);
      expect(res.bytes.length).toBe(BYTES.length);
    }
    const held = await get({ range: "bytes=0-9", "if-range": etag });
    expect(held.status).toBe(206);
    expect(held.bytes.length).toBe(10);
  });

  it("checks permissions before any range: another user gets 404, not bytes", async () => {
    const res = await get({ range: "bytes=0-9" }, bob.token);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-range")).toBeNull();
  });
});
