import os from "node:os";
import type { ParseFileOptions } from "./parse-file.ts";
import { ParserPool, type ParseResult } from "./parser-pool.ts";
import type { ParseErrorReason, ParsedDocument, Passage } from "./types.ts";

export interface WorkerRequest {
  path: string;
  fileVersionId: string;
  options: ParseFileOptions;
  /** Tests: the worker pauses this long after each progress report, so a parse can be watched. */
  progressDelayMs?: number;
}

export type WorkerResponse =
  | { ok: true; document: ParsedDocument; passages: Passage[] }
  | { ok: false; reason: ParseErrorReason; message: string };

/** What the worker posts per request: any number of progress reports, then one response. */
export type WorkerMessage = { kind: "progress"; done: number; total: number | null } | WorkerResponse;

export type OnParseProgress = (done: number, total: number | null) => void;

export interface RunParserOptions extends ParseFileOptions {
  /** Part of every passage id. */
  fileVersionId: string;
  timeoutMs?: number;
  /** V8 heap of the worker. Buffers live outside it and are bounded by the parsers' own limits. */
  maxHeapMb?: number;
  /** Pages parsed so far (PDFs page by page; other types once, at the end). */
  onProgress?: OnParseProgress;
  /** Tests: the worker pauses this long after each progress report, so a parse can be watched. */
  progressDelayMs?: number;
}

/** Files a worker parses before it is replaced. */
export const FILES_PER_WORKER = 100;
/** An idle parser worker ends after this long. */
export const PARSER_IDLE_MS = 60_000;

/** One pool per heap limit (tests ask for small heaps), as many workers as cores. */
const pools = new Map<number, ParserPool>();

function poolFor(maxHeapMb: number): ParserPool {
  let pool = pools.get(maxHeapMb);
  if (!pool) {
    pool = new ParserPool({
      size: os.availableParallelism(),
      maxHeapMb,
      filesPerWorker: FILES_PER_WORKER,
      idleMs: PARSER_IDLE_MS,
    });
    pools.set(maxHeapMb, pool);
  }
  return pool;
}

/**
 * Parses a file in a worker thread with a heap limit and a timeout. Whatever happens in there
 * (a throw, running out of memory, a hang, a crash) comes back as a ParseError; the calling
 * process carries on. Workers are pooled and reused (see parser-pool.ts).
 */
export function runParser(path: string, options: RunParserOptions): Promise<ParseResult> {
  const {
    fileVersionId,
    timeoutMs = 10 * 60_000,
    maxHeapMb = 512,
    onProgress,
    progressDelayMs,
    ...parseOptions
  } = options;
  return poolFor(maxHeapMb).parse(
    { path, fileVersionId, options: parseOptions, progressDelayMs },
    timeoutMs,
    onProgress,
  );
}

/** Ends all parser workers (a process shutting down, a bench finishing). */
export async function closeParsers(): Promise<void> {
  const all = [...pools.values()];
  pools.clear();
  await Promise.all(all.map((pool) => pool.close()));
}
