import { Worker } from "node:worker_threads";
import type { ParseFileOptions } from "./parse-file.ts";
import { ParseError, isParseErrorReason, type ParseErrorReason, type ParsedDocument, type Passage } from "./types.ts";

export interface WorkerRequest {
  path: string;
  fileVersionId: string;
  options: ParseFileOptions;
  progressDelayMs?: number;
}

export type WorkerResponse =
  | { ok: true; document: ParsedDocument; passages: Passage[] }
  | { ok: false; reason: ParseErrorReason; message: string };

/** What the worker posts: any number of progress reports, then one response. */
export type WorkerMessage = { kind: "progress"; done: number; total: number | null } | WorkerResponse;

export interface RunParserOptions extends ParseFileOptions {
  /** Part of every passage id. */
  fileVersionId: string;
  timeoutMs?: number;
  /** V8 heap of the worker. Buffers live outside it and are bounded by the parsers' own limits. */
  maxHeapMb?: number;
  /** Pages parsed so far (PDFs page by page; other types once, at the end). */
  onProgress?: (done: number, total: number | null) => void;
  /** Tests: the worker pauses this long after each progress report, so a parse can be watched. */
  progressDelayMs?: number;
}

/** The worker is TypeScript: register tsx in the worker's thread, then load it (execArgv can't pass --import). */
const BOOTSTRAP = `import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${JSON.stringify(new URL("./worker.ts", import.meta.url).href)}); });`;

/**
 * Parses a file in a worker thread with a heap limit and a timeout. Whatever happens in there
 * (a throw, running out of memory, a hang, a crash) comes back as a ParseError; the calling
 * process carries on.
 */
export function runParser(path: string, options: RunParserOptions): Promise<{ document: ParsedDocument; passages: Passage[] }> {
  const { fileVersionId, timeoutMs = 10 * 60_000, maxHeapMb = 512, onProgress, progressDelayMs, ...parseOptions } = options;
  const request: WorkerRequest = { path, fileVersionId, options: parseOptions, progressDelayMs };
  const worker = new Worker(BOOTSTRAP, {
    eval: true,
    workerData: request,
    resourceLimits: { maxOldGenerationSizeMb: maxHeapMb, maxYoungGenerationSizeMb: 64, stackSizeMb: 8 },
  });
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(() => {
      settle(() => reject(new ParseError("timeout", `Parsing took longer than ${Math.round(timeoutMs / 1000)} s and was stopped.`)));
    }, timeoutMs);
    worker.on("message", (message: WorkerMessage) => {
      if ("kind" in message) {
        if (!settled) onProgress?.(message.done, message.total);
        return;
      }
      const response = message;
      settle(() => {
        if (response.ok) resolve({ document: response.document, passages: response.passages });
        else reject(new ParseError(isParseErrorReason(response.reason) ? response.reason : "corrupt", response.message));
      });
    });
    worker.on("error", (err: Error & { code?: string }) => {
      settle(() => {
        if (err.code === "ERR_WORKER_OUT_OF_MEMORY") reject(new ParseError("out-of-memory", `Parsing needed more than ${maxHeapMb} MB of memory and was stopped.`));
        else reject(new ParseError("crashed", `The parser crashed: ${err.message}`));
      });
    });
    worker.on("exit", (code) => {
      settle(() => reject(new ParseError("crashed", `The parser stopped (exit code ${code}) without a result.`)));
    });
  });
}
