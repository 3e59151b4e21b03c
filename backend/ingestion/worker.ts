import { parentPort, workerData } from "node:worker_threads";
import { buildPassages } from "./passages.ts";
import { parseFile } from "./parse-file.ts";
import { ParseError } from "./types.ts";
import type { WorkerRequest, WorkerResponse } from "./run-parser.ts";

/** Worker entry: parse one file, build its passages, post one message. See run-parser.ts. */
async function main(request: WorkerRequest): Promise<WorkerResponse> {
  try {
    const document = await parseFile(request.path, request.options);
    const passages = buildPassages(document, { fileVersionId: request.fileVersionId });
    return { ok: true, document, passages };
  } catch (err) {
    if (err instanceof ParseError) return { ok: false, reason: err.reason, message: err.message };
    const message = err instanceof Error ? err.message : String(err);
    return { ok: false, reason: "corrupt", message: `The file could not be parsed: ${message}` };
  }
}

if (parentPort) {
  const port = parentPort;
  // The parent terminates the worker after this message, which also ends any Tesseract worker.
  void main(workerData as WorkerRequest).then((response) => port.postMessage(response));
}
