import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { Readable } from "node:stream";
import * as raw from "../../../contracts/raw-endpoints.ts";
import { AppError } from "../../../contracts/errors.ts";
import type { ApiApp } from "../http/context.ts";
import { rawRoute } from "../http/raw-route.ts";
import type { Guard } from "../http/route.ts";
import { BlobTooLargeError, type BlobStore } from "./blob-store.ts";
import { verifyGrant, type BlobGrant } from "./signed-url.ts";

/** What the blob routes read: the store and the secret that signs its URLs. */
export interface BlobRouteDeps {
  blobs: BlobStore;
  secret: string;
}

function grantFor(deps: BlobRouteDeps, token: string, op: BlobGrant["op"]): BlobGrant {
  const check = verifyGrant(deps.secret, token);
  const what = op === "put" ? "upload" : "download";
  if (!check.ok && check.reason === "expired")
    throw new AppError("forbidden", `This ${what} link has expired. Request a new one.`);
  if (!check.ok || check.grant.op !== op) throw new AppError("forbidden", `This ${what} link is not valid.`);
  return check.grant;
}

/** Takes the bytes PUT to an upload URL: the owner of the reservation decides whether it may. */
export type UploadReceiver = (o: {
  key: string;
  body: Readable;
  contentType: string;
  maxBytes: number;
}) => Promise<{ byteSize: number }>;

/** Our own signed URLs for the disk store (S3 presigned URLs go to S3 directly). */
export function registerBlobRoutes(
  app: ApiApp,
  guard: Guard,
  deps: BlobRouteDeps,
  receiveUpload: UploadReceiver,
): void {
  rawRoute(app, guard, raw.blobUpload, async ({ c, params }) => {
    const grant = grantFor(deps, params.token, "put");
    const max = grant.maxBytes ?? 0;
    const declared = Number(c.req.header("content-length") ?? NaN);
    if (declared > max) throw new AppError("payload_too_large", `This upload link accepts at most ${max} bytes.`);
    const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim();
    if (grant.contentType && type && type !== grant.contentType) {
      throw new AppError("validation_failed", `This upload link expects Content-Type ${grant.contentType}.`);
    }
    const body = c.req.raw.body;
    if (!body) throw new AppError("validation_failed", "The request has no body.");
    try {
      const { byteSize } = await receiveUpload({
        key: grant.key,
        body: Readable.fromWeb(body as WebReadableStream),
        contentType: grant.contentType ?? "application/octet-stream",
        maxBytes: max,
      });
      return c.json({ ok: true as const, byte_size: byteSize });
    } catch (err) {
      if (err instanceof BlobTooLargeError)
        throw new AppError("payload_too_large", `This upload link accepts at most ${max} bytes.`);
      throw err;
    }
  });

  rawRoute(app, guard, raw.blobDownload, async ({ params }) => {
    const grant = grantFor(deps, params.token, "get");
    const stat = await deps.blobs.stat(grant.key);
    if (!stat) throw new AppError("not_found", "The file is no longer available.");
    const stream = await deps.blobs.get(grant.key);
    const name = grant.filename ?? "download";
    return new Response(Readable.toWeb(stream) as ReadableStream, {
      headers: {
        "content-type": grant.contentType ?? "application/octet-stream",
        "content-length": String(stat.byteSize),
        "content-disposition": `attachment; filename="${name.replace(/[^\x20-\x7e]|"/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`,
        "x-content-type-options": "nosniff",
        "cache-control": "private, no-store",
      },
    });
  });
}
