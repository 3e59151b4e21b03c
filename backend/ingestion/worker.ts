import { setTimeout as sleep } from "node:timers/promises";
import { parentPort, workerData } from "node:worker_threads";
import { buildPassages } from "./passages.ts";
import { parseFile } from "./parse-file.ts";
import { ParseError } from "./types.ts";
import type { WorkerMessage, WorkerRequest, WorkerResponse } from "./run-parser.ts";

/** Worker entry: parse one file, build its passages, post progress and then one result. See run-parser.ts. */
async function main(request: WorkerRequest, post: (m: WorkerMessage) => void): Promise<WorkerResponse> {
  let reported = false;
  const progress = async (done: number, total: number | null) => {
    reported = true;
    post({ kind: "progress", done, total });
    if (request.progressDelayMs) await sleep(request.progressDelayMs);
  };
  try {
    const document = await parseFile(request.path, request.options, progress);
    // Types parsed in one step report once, at the end.
    if (!reported) post({ kind: "progress", done: document.pages.length, total: document.pages.length });
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
  // The parent terminates the worker after the result, which also ends any Tesseract worker.
  void main(workerData as WorkerRequest, (m) => port.postMessage(m)).then((response) => port.postMessage(response));
}
