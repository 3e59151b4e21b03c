import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import zlib from "node:zlib";
import * as filesApi from "../../contracts/files.ts";
import type { FileInfo } from "../../contracts/files.ts";
import * as workspacesApi from "../../contracts/workspaces.ts";
import type { Workspace } from "../../contracts/workspaces.ts";
import type { TestApp } from "./test-app.ts";

export const sha256 = (b: Buffer | string) => crypto.createHash("sha256").update(b).digest("hex");

export async function createWorkspace(
  app: TestApp,
  token: string,
  o: { name?: string; is_public?: boolean } = {},
): Promise<Workspace> {
  const res = await app.api(workspacesApi.createWorkspace, {
    token,
    body: { name: o.name ?? "Pod", is_public: o.is_public ?? false },
  });
  if (res.status !== 201) throw new Error(`createWorkspace failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/**
 * Our own signed URLs are relative (/api/blobs/...), as a browser resolves them against the page;
 * the test server serves the API at its root, so they are mapped onto it. Any other URL (S3) is
 * returned unchanged.
 */
export function reachable(app: TestApp, url: string): string {
  if (url.startsWith("/api/")) return app.url + url.slice(4);
  return url;
}

export async function putBytes(
  app: TestApp,
  url: string,
  bytes: Buffer,
  o: { contentType?: string; token?: string } = {},
) {
  const headers: Record<string, string> = { "content-type": o.contentType ?? "application/octet-stream" };
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  const res = await fetch(reachable(app, url), { method: "PUT", headers, body: new Uint8Array(bytes) });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read bodies freely
  return { status: res.status, body: body as any };
}

export async function getBytes(
  app: TestApp,
  url: string,
): Promise<{ status: number; bytes: Buffer; headers: Headers }> {
  const res = await fetch(reachable(app, url));
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), headers: res.headers };
}

/** Step 1 of the presigned flow. */
export async function reserve(
  app: TestApp,
  token: string,
  workspaceId: string,
  byteSize: number,
  contentType?: string,
) {
  const res = await app.api(filesApi.generateUploadUrl, {
    token,
    params: { id: workspaceId },
    body: { byte_size: byteSize, content_type: contentType },
  });
  if (res.status !== 200) throw new Error(`generate_upload_url failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The whole presigned flow: reserve, PUT the bytes, finalize. */
export async function uploadFile(
  app: TestApp,
  token: string,
  workspaceId: string,
  o: { filename?: string; bytes?: Buffer; contentType?: string } = {},
): Promise<FileInfo> {
  const bytes = o.bytes ?? Buffer.from(`hello ${crypto.randomUUID()}\n`);
  const r = await reserve(app, token, workspaceId, bytes.length, o.contentType);
  const put = await putBytes(app, r.upload_url, bytes, { contentType: o.contentType });
  if (put.status !== 200) throw new Error(`PUT upload_url failed: ${put.status} ${JSON.stringify(put.body)}`);
  const fin = await app.api(filesApi.finalizeUpload, {
    token,
    params: { id: workspaceId, fid: r.file_id },
    body: { filename: o.filename ?? "notes.txt", byte_size: bytes.length, checksum: sha256(bytes) },
  });
  if (fin.status !== 200) throw new Error(`finalize_upload failed: ${fin.status} ${JSON.stringify(fin.body)}`);
  return fin.body;
}

/** A multipart POST with one `file` part (and optional text fields). */
export async function postMultipart(
  app: TestApp,
  p: string,
  o: { token?: string; file?: { name: string; bytes: Buffer; type?: string }; fields?: Record<string, string> },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(o.fields ?? {})) form.append(k, v);
  if (o.file)
    form.append("file", new Blob([new Uint8Array(o.file.bytes)], { type: o.file.type ?? "text/plain" }), o.file.name);
  const res = await fetch(app.url + p, {
    method: "POST",
    body: form,
    headers: o.token ? { authorization: `Bearer ${o.token}` } : {},
  });
  const text = await res.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read bodies freely
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body };
}

/** Every file under DATA_DIR/blobs (the disk store), relative paths. */
export async function blobFiles(app: TestApp): Promise<string[]> {
  const root = path.join(app.config.DATA_DIR, "blobs");
  try {
    const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
      .sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw err;
  }
}

/** Rows of a file and its versions, straight from the database. */
export async function fileRowsOf(app: TestApp, fileId: string) {
  const db = app.deps.db.kysely;
  const files = await db.selectFrom("files").selectAll().where("id", "=", fileId).execute();
  const versions = await db.selectFrom("file_versions").selectAll().where("file_id", "=", fileId).execute();
  return { files, versions };
}

/** Entries of a zip archive, read from its central directory (stored or deflated entries). */
export function readZip(buf: Buffer): { name: string; data: Buffer }[] {
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error("not a zip: no end of central directory");
  const count = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  const out: { name: string; data: Buffer }[] = [];
  for (let n = 0; n < count; n++) {
    if (buf.readUInt32LE(at) !== 0x02014b50) throw new Error("bad central directory entry");
    const method = buf.readUInt16LE(at + 10);
    const compressed = buf.readUInt32LE(at + 20);
    const nameLen = buf.readUInt16LE(at + 28);
    const extraLen = buf.readUInt16LE(at + 30);
    const commentLen = buf.readUInt16LE(at + 32);
    const local = buf.readUInt32LE(at + 42);
    const name = buf.subarray(at + 46, at + 46 + nameLen).toString("utf8");
    if (buf.readUInt32LE(local) !== 0x04034b50) throw new Error("bad local header");
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const raw = buf.subarray(start, start + compressed);
    out.push({ name, data: method === 8 ? zlib.inflateRawSync(raw) : Buffer.from(raw) });
    at += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}
