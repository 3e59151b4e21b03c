import { parentPort } from "node:worker_threads";
import { buildPassages } from "./passages.ts";
import { parseFile } from "./parse-file.ts";
import { ParseError, type ParsedDocument } from "./types.ts";
import type { WorkerRequest, WorkerResponse } from "./run-parser.ts";

/** Parse one file and build its passages. See parser-pool.ts. */
async function main(request: WorkerRequest): Promise<WorkerResponse> {
  try {
    const document = withoutNul(await parseFile(request.path, request.options));
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

/**
 * PostgreSQL refuses U+0000 in text, and some PDFs' fonts map glyphs to it (the constitutions in
 * the shared corpus do). A space in its place keeps every offset and box where it was.
 */
function withoutNul(document: ParsedDocument): ParsedDocument {
  const clean = (s: string) => (s.includes("\u0000") ? s.replaceAll("\u0000", " ") : s);
  document.title = clean(document.title);
  for (const page of document.pages) {
    page.text = clean(page.text);
    if (page.heading) page.heading = clean(page.heading);
  }
  return document;
}

if (parentPort) {
  const port = parentPort;
  // One request at a time: the pool sends the next only after this one's answer.
  port.on("message", (request: WorkerRequest) => {
    void main(request).then((response) => port.postMessage(response));
  });
}
