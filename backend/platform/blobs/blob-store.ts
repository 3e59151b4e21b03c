import type { Readable } from "node:stream";
import type { ByteRange } from "../http/byte-range.ts";

/**
 * Where file bytes live. Adapters never check permissions: callers did that already.
 * Bytes always move as streams; nothing holds a whole file in memory.
 */
export interface BlobStore {
  readonly kind: "disk" | "s3";
  /**
   * A URL the browser PUTs the bytes to; bound to this key, size limit and content type. The
   * bytes are only the key's once `commitUpload` took them (S3 stages them under another key).
   */
  createUploadUrl(o: { key: string; maxBytes: number; contentType: string; expiresInSeconds: number }): Promise<string>;
  /**
   * Makes what arrived at the upload URL the bytes of `key`, so a later PUT to that URL cannot
   * change them; false when nothing arrived. Read the bytes (stat, get) after this, not before.
   */
  commitUpload(key: string): Promise<boolean>;
  /** A URL the browser GETs the bytes from, saved as `filename`. */
  createDownloadUrl(o: {
    key: string;
    filename: string;
    contentType: string;
    expiresInSeconds: number;
  }): Promise<string>;
  /**
   * Stores a stream (server-side imports); fails with BlobTooLargeError past maxBytes and, with
   * `ifAbsent`, with BlobExistsError when the key already has bytes (nothing is replaced).
   */
  put(
    key: string,
    body: Readable,
    o: { contentType: string; maxBytes: number; ifAbsent?: boolean },
  ): Promise<{ byteSize: number }>;
  /** The key's bytes, or only `range` of them (inclusive, within the blob: the caller checked it against stat). */
  get(key: string, range?: ByteRange): Promise<Readable>;
  stat(key: string): Promise<{ byteSize: number } | null>;
  /** Removes the key's bytes and anything staged for it. */
  delete(key: string): Promise<void>;
  /**
   * Removes what interrupted writes left behind (disk: `.part` files; S3: staged uploads never
   * committed and unfinished multipart uploads) last touched before `olderThan`. Returns how many.
   */
  sweepPartials(olderThan: Date): Promise<number>;
}

export class BlobTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than the allowed ${maxBytes} bytes.`);
  }
}

export class BlobExistsError extends Error {
  constructor(readonly key: string) {
    super(`The blob ${key} already has bytes.`);
  }
}

/** Keys are ours, never user input: a folder per owner scope and a random name. */
export function blobKey(scope: string, id: string): string {
  if (!/^[a-z]+$/.test(scope) || !/^[A-Za-z0-9-]+$/.test(id)) throw new Error(`bad blob key parts: ${scope}/${id}`);
  return `${scope}/${id.slice(0, 2)}/${id}`;
}
