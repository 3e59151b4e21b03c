import type { Readable } from "node:stream";

/**
 * Where file bytes live. Adapters never check permissions: callers did that already.
 * Bytes always move as streams; nothing holds a whole file in memory.
 */
export interface BlobStore {
  readonly kind: "disk" | "s3";
  /** A URL the browser PUTs the bytes to; bound to this key, size limit and content type. */
  createUploadUrl(o: { key: string; maxBytes: number; contentType: string; expiresInSeconds: number }): Promise<string>;
  /** A URL the browser GETs the bytes from, saved as `filename`. */
  createDownloadUrl(o: { key: string; filename: string; contentType: string; expiresInSeconds: number }): Promise<string>;
  /** Stores a stream (server-side imports); fails with BlobTooLargeError past maxBytes. */
  put(key: string, body: Readable, o: { contentType: string; maxBytes: number }): Promise<{ byteSize: number }>;
  get(key: string): Promise<Readable>;
  stat(key: string): Promise<{ byteSize: number } | null>;
  delete(key: string): Promise<void>;
}

export class BlobTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than the allowed ${maxBytes} bytes.`);
  }
}

/** Keys are ours, never user input: a folder per owner scope and a random name. */
export function blobKey(scope: string, id: string): string {
  if (!/^[a-z]+$/.test(scope) || !/^[A-Za-z0-9-]+$/.test(id)) throw new Error(`bad blob key parts: ${scope}/${id}`);
  return `${scope}/${id.slice(0, 2)}/${id}`;
}
