import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import type { Context } from "hono";
import { AppError } from "../../../contracts/errors.ts";
import type { AppEnv } from "./context.ts";
import { assertStorableText, isStorableText } from "./storable-text.ts";

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
  if (!body)
    return Promise.reject(new AppError("validation_failed", "The request has no body.", { file: "file is required" }));
  return new Promise<T>((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({
        headers: { "content-type": c.req.header("content-type") ?? "" },
        limits: { files: 1, fields: 20, fieldSize: 64 * 1024 },
      });
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
      const filename = info.filename || "upload";
      handled = isStorableText(filename)
        ? onFile({ stream, filename, contentType: info.mimeType || "application/octet-stream" })
        : Promise.reject(unstorableFilename());
      handled.catch(() => stream.resume());
    });
    bb.on("error", () => reject(new AppError("validation_failed", "The multipart body is malformed.")));
    bb.on("close", () => {
      if (!handled)
        reject(
          new AppError("validation_failed", "No file was sent. Send it as the form field `file`.", {
            file: "file is required",
          }),
        );
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
  assertStorableText(out, "form");
  return out;
}

export interface SpooledForm {
  fields: Record<string, string>;
  /** The `file` part, written to a temporary file (null when none was sent). */
  file: { path: string; filename: string; contentType: string; byteSize: number } | null;
  /** Removes the temporary file; call it whatever happens. */
  cleanup(): Promise<void>;
}

/**
 * A multipart form whose fields may come before or after its file: the `file` part is spooled to
 * a temporary file (never held in memory, refused past `maxBytes`) while the text fields are
 * collected, so the caller can check them all before storing anything.
 */
export async function receiveSpooledForm(c: Context<AppEnv>, o: { maxBytes: number }): Promise<SpooledForm> {
  const body = c.req.raw.body;
  if (!body) throw new AppError("validation_failed", "The request has no body.", { file: "file is required" });
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "aw-form-"));
  const cleanup = () => fs.rm(dir, { recursive: true, force: true });
  const fields: Record<string, string> = {};
  let file: SpooledForm["file"] = null;
  try {
    await new Promise<void>((resolve, reject) => {
      let bb: busboy.Busboy;
      try {
        bb = busboy({
          headers: { "content-type": c.req.header("content-type") ?? "" },
          limits: { files: 1, fields: 20, fieldSize: 64 * 1024, fileSize: o.maxBytes },
        });
      } catch {
        reject(
          new AppError("validation_failed", "The multipart body could not be read.", { file: "file is required" }),
        );
        return;
      }
      let writing: Promise<void> = Promise.resolve();
      bb.on("field", (name, value) => {
        fields[name] = value;
      });
      bb.on("file", (name, stream, info) => {
        if (name !== "file" || file) {
          stream.resume();
          return;
        }
        if (info.filename && !isStorableText(info.filename)) {
          stream.resume();
          reject(unstorableFilename());
          return;
        }
        const target = path.join(dir, "file");
        const f = {
          path: target,
          filename: info.filename || "upload",
          contentType: info.mimeType || "application/octet-stream",
          byteSize: 0,
        };
        file = f;
        stream.on("data", (chunk: Buffer) => (f.byteSize += chunk.length));
        stream.on("limit", () =>
          reject(new AppError("payload_too_large", "The file is larger than the upload limit.")),
        );
        writing = pipeline(stream, createWriteStream(target));
        writing.catch(reject);
      });
      bb.on("error", () => reject(new AppError("validation_failed", "The multipart body is malformed.")));
      bb.on("close", () => writing.then(resolve, reject));
      const source = Readable.fromWeb(body as WebReadableStream);
      source.on("error", (err) => bb.destroy(err));
      source.pipe(bb);
    });
    assertStorableText(fields, "form");
  } catch (err) {
    await cleanup();
    throw err;
  }
  return { fields, file, cleanup };
}

function unstorableFilename(): AppError {
  return new AppError("validation_failed", "The request is not valid. Check the highlighted fields.", {
    file: "The file name contains a character that cannot be stored (a NUL byte or an unpaired surrogate)",
  });
}
