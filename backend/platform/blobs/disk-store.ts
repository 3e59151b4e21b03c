import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { BlobExistsError, BlobTooLargeError, type BlobStore } from "./blob-store.ts";
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

/**
 * Files under DATA_DIR/blobs. URLs point at our own signed /api/blobs/{token} route, relative to
 * the page: the browser PUTs to the origin it opened the app at, whatever PUBLIC_URL says.
 */
export function createDiskStore(o: { root: string; secret: string }): BlobStore {
  const file = (key: string) => {
    const p = path.resolve(o.root, key);
    if (!p.startsWith(path.resolve(o.root) + path.sep)) throw new Error("blob key escapes the store");
    return p;
  };
  const url = (token: string) => `/api/blobs/${token}`;
  const exp = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;
  const stat = async (key: string) => {
    try {
      return { byteSize: (await fsp.stat(file(key))).size };
    } catch {
      return null;
    }
  };

  return {
    kind: "disk",
    async createUploadUrl({ key, maxBytes, contentType, expiresInSeconds }) {
      return url(signGrant(o.secret, { op: "put", key, exp: exp(expiresInSeconds), maxBytes, contentType }));
    },
    async commitUpload(key) {
      // The upload route wrote the key itself, once (ifAbsent): there is nothing to move.
      return (await stat(key)) !== null;
    },
    async createDownloadUrl({ key, filename, contentType, expiresInSeconds }) {
      return url(signGrant(o.secret, { op: "get", key, exp: exp(expiresInSeconds), filename, contentType }));
    },
    async put(key, body, { maxBytes, ifAbsent }) {
      const target = file(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      // Write beside the target and rename: a reader never sees half a file.
      const tmp = `${target}.${crypto.randomBytes(6).toString("hex")}.part`;
      const limiter = byteLimiter(maxBytes);
      const out = fs.createWriteStream(tmp);
      try {
        await pipeline(body, limiter, out);
        // link() refuses an existing target where rename() would replace it: write once.
        if (ifAbsent) await fsp.link(tmp, target);
        else await fsp.rename(tmp, target);
      } catch (err) {
        // pipeline() settles on the first error, while the write stream may still be opening its
        // file: wait for it to close, or the .part could appear after it was removed.
        if (!out.closed) await new Promise<void>((resolve) => out.once("close", () => resolve()));
        await fsp.rm(tmp, { force: true });
        if ((err as NodeJS.ErrnoException).code === "EEXIST") throw new BlobExistsError(key);
        throw err;
      }
      if (ifAbsent) await fsp.rm(tmp, { force: true });
      return { byteSize: limiter.bytes };
    },
    async get(key, range) {
      const p = file(key);
      await fsp.access(p);
      return fs.createReadStream(p, range ? { start: range.start, end: range.end } : undefined) as Readable;
    },
    stat,
    async delete(key) {
      await fsp.rm(file(key), { force: true });
    },
    async sweepPartials(olderThan) {
      // A PUT killed mid-stream (or a process killed mid-write) leaves its .part beside the target.
      let entries: fs.Dirent[];
      try {
        entries = await fsp.readdir(o.root, { recursive: true, withFileTypes: true });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return 0;
        throw err;
      }
      let removed = 0;
      for (const e of entries) {
        if (!e.isFile() || !e.name.endsWith(".part")) continue;
        const p = path.join(e.parentPath, e.name);
        const st = await fsp.stat(p).catch(() => null);
        // A write in progress keeps touching its file; only ones left alone since the cutoff go.
        if (!st || st.mtime >= olderThan) continue;
        await fsp.rm(p, { force: true });
        removed += 1;
      }
      return removed;
    },
  };
}
