import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { BlobTooLargeError, type BlobStore } from "./blob-store.ts";
import { signGrant } from "./signed-url.ts";

/** Counts bytes through a stream and fails it past `maxBytes`. */
export function byteLimiter(maxBytes: number): Transform & { bytes: number } {
  const t = new Transform({
    transform(chunk: Buffer, _enc, done) {
      t.bytes += chunk.length;
      if (t.bytes > maxBytes) done(new BlobTooLargeError(maxBytes));
      else done(null, chunk);
    },
  }) as Transform & { bytes: number };
  t.bytes = 0;
  return t;
}

/** Files under DATA_DIR/blobs; URLs point at our own signed /api/blobs/{token} route. */
export function createDiskStore(o: { root: string; secret: string; publicUrl: string }): BlobStore {
  const file = (key: string) => {
    const p = path.resolve(o.root, key);
    if (!p.startsWith(path.resolve(o.root) + path.sep)) throw new Error("blob key escapes the store");
    return p;
  };
  const url = (token: string) => new URL(`/api/blobs/${token}`, o.publicUrl).toString();
  const exp = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;

  return {
    kind: "disk",
    async createUploadUrl({ key, maxBytes, contentType, expiresInSeconds }) {
      return url(signGrant(o.secret, { op: "put", key, exp: exp(expiresInSeconds), maxBytes, contentType }));
    },
    async createDownloadUrl({ key, filename, contentType, expiresInSeconds }) {
      return url(signGrant(o.secret, { op: "get", key, exp: exp(expiresInSeconds), filename, contentType }));
    },
    async put(key, body, { maxBytes }) {
      const target = file(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      // Write beside the target and rename: a reader never sees half a file.
      const tmp = `${target}.${crypto.randomBytes(6).toString("hex")}.part`;
      const limiter = byteLimiter(maxBytes);
      try {
        await pipeline(body, limiter, fs.createWriteStream(tmp));
        await fsp.rename(tmp, target);
      } catch (err) {
        await fsp.rm(tmp, { force: true });
        throw err;
      }
      return { byteSize: limiter.bytes };
    },
    async get(key) {
      const p = file(key);
      await fsp.access(p);
      return fs.createReadStream(p) as Readable;
    },
    async stat(key) {
      try {
        return { byteSize: (await fsp.stat(file(key))).size };
      } catch {
        return null;
      }
    },
    async delete(key) {
      await fsp.rm(file(key), { force: true });
    },
  };
}
