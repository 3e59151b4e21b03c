import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { Readable } from "node:stream";
import busboy from "busboy";
import type { Context } from "hono";
import { AppError } from "../../../contracts/errors.ts";
import type { AppEnv } from "./context.ts";

export interface IncomingFile {
  stream: Readable;
  filename: string;
  contentType: string;
}

/**
 * Streams the single `file` part of a multipart request to `onFile` without buffering it.
 * Other parts are ignored; a request without a file part is a 400.
 */
export function receiveFile<T>(c: Context<AppEnv>, onFile: (f: IncomingFile) => Promise<T>): Promise<T> {
  const body = c.req.raw.body;
  if (!body) return Promise.reject(new AppError("validation_failed", "The request has no body.", { file: "file is required" }));
  return new Promise<T>((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({ headers: { "content-type": c.req.header("content-type") ?? "" }, limits: { files: 1, fields: 20, fieldSize: 64 * 1024 } });
    } catch {
      reject(new AppError("validation_failed", "The multipart body could not be read.", { file: "file is required" }));
      return;
    }
    let handled: Promise<T> | null = null;
    bb.on("file", (name, stream, info) => {
      if (name !== "file" || handled) {
        stream.resume();
        return;
      }
      handled = onFile({ stream, filename: info.filename || "upload", contentType: info.mimeType || "application/octet-stream" });
      handled.catch(() => stream.resume());
    });
    bb.on("error", () => reject(new AppError("validation_failed", "The multipart body is malformed.")));
    bb.on("close", () => {
      if (!handled) reject(new AppError("validation_failed", "No file was sent. Send it as the form field `file`.", { file: "file is required" }));
      else handled.then(resolve, reject);
    });
    const source = Readable.fromWeb(body as WebReadableStream);
    source.on("error", (err) => bb.destroy(err));
    source.pipe(bb);
  });
}

/** Small text fields of a form (urlencoded or multipart), refusing file parts. */
export async function readFormFields(c: Context<AppEnv>): Promise<Record<string, string>> {
  let parsed: Record<string, string | File | (string | File)[]>;
  try {
    parsed = await c.req.parseBody();
  } catch {
    throw new AppError("validation_failed", "The form body could not be read.");
  }
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(parsed)) if (typeof v === "string") out[k] = v;
  return out;
}
