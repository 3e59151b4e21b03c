import {
  AbortMultipartUploadCommand,
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { Readable } from "node:stream";
import { BlobExistsError, type BlobStore } from "./blob-store.ts";
import { byteLimiter } from "./disk-store.ts";

export interface S3Options {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
}

/**
 * Where presigned PUTs land until finalize commits them: a presigned URL cannot be revoked, so
 * it never points at the key whose bytes were verified.
 */
const STAGING = "incoming/";

const status = (err: unknown) => (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
const isMissing = (err: unknown) =>
  ["NotFound", "NoSuchKey"].includes((err as { name?: string }).name ?? "") || status(err) === 404;

/** S3 or any S3-compatible store (MinIO, R2, ...): presigned PUT/GET, streamed server-side I/O. */
export function createS3Store(o: S3Options): BlobStore {
  const client = new S3Client({
    region: o.region,
    endpoint: o.endpoint,
    forcePathStyle: o.forcePathStyle ?? Boolean(o.endpoint),
    credentials:
      o.accessKeyId && o.secretAccessKey
        ? { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey }
        : undefined,
  });
  const stat = async (key: string) => {
    try {
      const res = await client.send(new HeadObjectCommand({ Bucket: o.bucket, Key: key }));
      return { byteSize: Number(res.ContentLength ?? 0) };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  };
  return {
    kind: "s3",
    async createUploadUrl({ key, maxBytes, contentType, expiresInSeconds }) {
      // ContentLength is signed: S3 refuses a PUT whose size differs from the declared one.
      const cmd = new PutObjectCommand({
        Bucket: o.bucket,
        Key: STAGING + key,
        ContentType: contentType,
        ContentLength: maxBytes,
      });
      return getSignedUrl(client, cmd, {
        expiresIn: expiresInSeconds,
        signableHeaders: new Set(["content-type", "content-length"]),
      });
    },
    async commitUpload(key) {
      // A copy (within S3, no bytes through us): later PUTs to the URL only replace the staged copy.
      try {
        await client.send(
          new CopyObjectCommand({ Bucket: o.bucket, Key: key, CopySource: `${o.bucket}/${encodeURI(STAGING + key)}` }),
        );
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
      await client.send(
        new DeleteObjectsCommand({ Bucket: o.bucket, Delete: { Objects: [{ Key: STAGING + key }], Quiet: true } }),
      );
      return true;
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
    async put(key, body, { contentType, maxBytes, ifAbsent }) {
      // Nothing PUTs to our keys but us (browsers write to the staging prefix), so a check first
      // is enough here; S3's own If-None-Match is not supported by every S3-compatible store.
      if (ifAbsent && (await stat(key))) throw new BlobExistsError(key);
      const limiter = byteLimiter(maxBytes);
      const upload = new Upload({
        client,
        params: { Bucket: o.bucket, Key: key, Body: body.pipe(limiter), ContentType: contentType },
      });
      body.on("error", (err) => limiter.destroy(err));
      await upload.done();
      return { byteSize: limiter.bytes };
    },
    async get(key, range) {
      const res = await client.send(
        new GetObjectCommand({
          Bucket: o.bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return res.Body as Readable;
    },
    stat,
    async delete(key) {
      await client.send(
        new DeleteObjectsCommand({
          Bucket: o.bucket,
          Delete: { Objects: [{ Key: key }, { Key: STAGING + key }], Quiet: true },
        }),
      );
    },
    async sweepPartials(olderThan) {
      let removed = 0;
      // Staged uploads never committed: abandoned reservations, PUTs that came after finalize.
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: o.bucket, Prefix: STAGING, ContinuationToken: token }),
        );
        const stale = (page.Contents ?? [])
          .filter((c) => c.Key && c.LastModified && c.LastModified < olderThan)
          .map((c) => ({ Key: c.Key! }));
        if (stale.length)
          await client.send(new DeleteObjectsCommand({ Bucket: o.bucket, Delete: { Objects: stale, Quiet: true } }));
        removed += stale.length;
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      // Server-side streams killed mid-upload leave multipart parts that S3 keeps (and bills).
      try {
        let keyMarker: string | undefined;
        let uploadIdMarker: string | undefined;
        do {
          const page = await client.send(
            new ListMultipartUploadsCommand({ Bucket: o.bucket, KeyMarker: keyMarker, UploadIdMarker: uploadIdMarker }),
          );
          for (const u of page.Uploads ?? []) {
            if (!u.Key || !u.UploadId || !u.Initiated || u.Initiated >= olderThan) continue;
            await client.send(new AbortMultipartUploadCommand({ Bucket: o.bucket, Key: u.Key, UploadId: u.UploadId }));
            removed += 1;
          }
          [keyMarker, uploadIdMarker] = page.IsTruncated
            ? [page.NextKeyMarker, page.NextUploadIdMarker]
            : [undefined, undefined];
        } while (keyMarker);
      } catch (err) {
        // Some S3-compatible stores (s3rver among them) do not list multipart uploads.
        if ((err as { name?: string }).name !== "NotImplemented" && status(err) !== 501) throw err;
      }
      return removed;
    },
  };
}
