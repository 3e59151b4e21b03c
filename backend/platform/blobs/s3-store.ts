import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { Readable } from "node:stream";
import type { BlobStore } from "./blob-store.ts";
import { byteLimiter } from "./disk-store.ts";

export interface S3Options {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
}

/** S3 or any S3-compatible store (MinIO, R2, ...): presigned PUT/GET, streamed server-side I/O. */
export function createS3Store(o: S3Options): BlobStore {
  const client = new S3Client({
    region: o.region,
    endpoint: o.endpoint,
    forcePathStyle: o.forcePathStyle ?? Boolean(o.endpoint),
    credentials: o.accessKeyId && o.secretAccessKey ? { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey } : undefined,
  });
  return {
    kind: "s3",
    async createUploadUrl({ key, maxBytes, contentType, expiresInSeconds }) {
      // ContentLength is signed: S3 refuses a PUT whose size differs from the declared one.
      const cmd = new PutObjectCommand({ Bucket: o.bucket, Key: key, ContentType: contentType, ContentLength: maxBytes });
      return getSignedUrl(client, cmd, { expiresIn: expiresInSeconds, signableHeaders: new Set(["content-type", "content-length"]) });
    },
    async createDownloadUrl({ key, filename, contentType, expiresInSeconds }) {
      const cmd = new GetObjectCommand({
        Bucket: o.bucket,
        Key: key,
        ResponseContentType: contentType,
        ResponseContentDisposition: `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`,
      });
      return getSignedUrl(client, cmd, { expiresIn: expiresInSeconds });
    },
    async put(key, body, { contentType, maxBytes }) {
      const limiter = byteLimiter(maxBytes);
      const upload = new Upload({ client, params: { Bucket: o.bucket, Key: key, Body: body.pipe(limiter), ContentType: contentType } });
      body.on("error", (err) => limiter.destroy(err));
      await upload.done();
      return { byteSize: limiter.bytes };
    },
    async get(key) {
      const res = await client.send(new GetObjectCommand({ Bucket: o.bucket, Key: key }));
      return res.Body as Readable;
    },
    async stat(key) {
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket: o.bucket, Key: key }));
        return { byteSize: Number(res.ContentLength ?? 0) };
      } catch (err) {
        if ((err as { name?: string }).name === "NotFound" || (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: o.bucket, Key: key }));
    },
  };
}
