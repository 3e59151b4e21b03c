import { setTimeout as sleep } from "node:timers/promises";
import { parentPort } from "node:worker_threads";
import { buildPassages } from "./passages.ts";
import { parseFile } from "./parse-file.ts";
import { ParseError } from "./types.ts";
import type { WorkerMessage, WorkerRequest, WorkerResponse } from "./run-parser.ts";

/** Parse one file and build its passages. See parser-pool.ts. */
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
    // The positions live on in the passages' boxes; the caller stores page text only, so the
    // spans need not be copied out of the worker.
    for (const page of document.pages) delete page.spans;
    return { ok: true, document, passages };
  } catch (err) {
    if (err instanceof ParseError) return { ok: false, reason: err.reason, message: err.message };
    const message = err instanceof Error ? err.message : String(err);
    return { ok: false, reason: "corrupt", message: `The file could not be parsed: ${message}` };
  }
}

if (parentPort) {
  const port = parentPort;
  // One request at a time: the pool sends the next only after this one's answer.
  port.on("message", (request: WorkerRequest) => {
    void main(request, (m) => port.postMessage(m)).then((response) => port.postMessage(response));
  });
}
