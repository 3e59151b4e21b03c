import { Worker } from "node:worker_threads";
import { ParseError, isParseErrorReason, type ParsedDocument, type Passage } from "./types.ts";
import type { OnParseProgress, WorkerMessage, WorkerRequest } from "./run-parser.ts";

/**
 * The worker is TypeScript: register tsx in the worker's thread, then load it (execArgv can't pass
 * --import). pdf.js is imported first, by Node itself: through tsx's loader the same two modules
 * took 3 s instead of 0.5 s per worker. pdf.js's core-js replaces Array.prototype.push with a slow
 * one; the native method is put back at once (see parsers/native-array-push.ts).
 */
const BOOTSTRAP = `
const push = Array.prototype.push;
Promise.all([import("pdfjs-dist/legacy/build/pdf.mjs"), import("pdfjs-dist/legacy/build/pdf.worker.mjs")])
  .then(() => {
    Object.defineProperty(Array.prototype, "push", { value: push, writable: true, configurable: true, enumerable: false });
    return import("tsx/esm/api");
  })
  .then((tsx) => { tsx.register(); return import(${JSON.stringify(new URL("./worker.ts", import.meta.url).href)}); });`;

export interface ParserPoolOptions {
  /** Workers parsing at the same time; further requests wait for one. */
  size: number;
  /** V8 heap of each worker. Buffers live outside it and are bounded by the parsers' own limits. */
  maxHeapMb: number;
  /** A worker is replaced after this many files, so whatever a parser leaks can't pile up. */
  filesPerWorker: number;
  /** An idle worker ends after this long, giving its memory back. */
  idleMs: number;
}

export interface ParseResult {
  document: ParsedDocument;
  passages: Passage[];
}

interface Slot {
  worker: Worker;
  files: number;
  idleTimer: NodeJS.Timeout | null;
  /** The request in flight, if any. */
  settle: ((outcome: ParseResult | ParseError) => void) | null;
  /** Its progress reports go here. */
  progress: OnParseProgress | null;
}

/**
 * Worker threads that parse one file at a time each and are reused: booting one (tsx, pdf.js) costs
 * about a second, and a warm one parses faster. Isolation is kept: a worker that fails in any way
 * (a timeout, out of memory, a crash, a file it could not parse) is ended and replaced, and a
 * failure is always a ParseError for that file alone.
 */
export class ParserPool {
  private readonly slots = new Set<Slot>();
  private readonly idle: Slot[] = [];
  private readonly waiting: ((slot: Slot) => void)[] = [];
  private closed = false;
  /** Workers started so far (tests and benches read it). */
  started = 0;

  constructor(private readonly o: ParserPoolOptions) {}

  async parse(request: WorkerRequest, timeoutMs: number, onProgress?: OnParseProgress): Promise<ParseResult> {
    let slot = await this.acquire();
    let outcome = await this.send(slot, request, timeoutMs, onProgress);
    // A worker that ran out of memory or crashed after serving other files may have been worn by
    // them: the file gets one more try in a fresh worker, so it fails only on its own account.
    if (
      outcome instanceof ParseError &&
      (outcome.reason === "out-of-memory" || outcome.reason === "crashed") &&
      slot.files > 1 &&
      !this.closed
    ) {
      slot = this.replace(slot);
      outcome = await this.send(slot, request, timeoutMs, onProgress);
    }
    if (outcome instanceof ParseError || slot.files >= this.o.filesPerWorker) void this.retire(slot);
    else this.release(slot);
    if (outcome instanceof ParseError) throw outcome;
    return outcome;
  }

  private send(
    slot: Slot,
    request: WorkerRequest,
    timeoutMs: number,
    onProgress?: OnParseProgress,
  ): Promise<ParseResult | ParseError> {
    slot.files++;
    slot.progress = onProgress ?? null;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        slot.settle?.(
          new ParseError("timeout", `Parsing took longer than ${Math.round(timeoutMs / 1000)} s and was stopped.`),
        );
      }, timeoutMs);
      slot.settle = (result) => {
        clearTimeout(timer);
        slot.settle = null;
        slot.progress = null;
        resolve(result);
      };
      slot.worker.postMessage(request);
    });
  }

  /** Ends every worker; requests still running fail as crashed. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.slots].map((slot) => this.retire(slot)));
  }

  private acquire(): Promise<Slot> {
    if (this.closed) throw new Error("The parser pool is closed.");
    const slot = this.idle.pop();
    if (slot) {
      if (slot.idleTimer) clearTimeout(slot.idleTimer);
      slot.idleTimer = null;
      slot.worker.ref();
      return Promise.resolve(slot);
    }
    if (this.slots.size < this.o.size) return Promise.resolve(this.spawn());
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(slot: Slot): void {
    const next = this.waiting.shift();
    if (next) return next(slot);
    // An idle worker doesn't keep the process alive, and ends after a while.
    slot.worker.unref();
    slot.idleTimer = setTimeout(() => void this.retire(slot), this.o.idleMs);
    slot.idleTimer.unref();
    this.idle.push(slot);
  }

  /** Ends a worker; whoever waits for one gets a fresh worker in its place. */
  private async retire(slot: Slot): Promise<void> {
    if (!this.slots.delete(slot)) return;
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    const i = this.idle.indexOf(slot);
    if (i >= 0) this.idle.splice(i, 1);
    const next = this.closed ? undefined : this.waiting.shift();
    if (next) next(this.spawn());
    slot.settle?.(new ParseError("crashed", "The parser was stopped."));
    await slot.worker.terminate();
  }

  /** Ends a worker and starts another in its place, for the same caller. */
  private replace(slot: Slot): Slot {
    this.slots.delete(slot);
    void slot.worker.terminate();
    return this.spawn();
  }

  private spawn(): Slot {
    const { maxHeapMb } = this.o;
    const worker = new Worker(BOOTSTRAP, {
      eval: true,
      resourceLimits: { maxOldGenerationSizeMb: maxHeapMb, maxYoungGenerationSizeMb: 64, stackSizeMb: 8 },
    });
    const slot: Slot = { worker, files: 0, idleTimer: null, settle: null, progress: null };
    worker.on("message", (response: WorkerMessage) => {
      if ("kind" in response) return slot.progress?.(response.done, response.total);
      if (response.ok) slot.settle?.({ document: response.document, passages: response.passages });
      else
        slot.settle?.(
          new ParseError(isParseErrorReason(response.reason) ? response.reason : "corrupt", response.message),
        );
    });
    worker.on("error", (err: Error & { code?: string }) => {
      if (err.code === "ERR_WORKER_OUT_OF_MEMORY")
        slot.settle?.(
          new ParseError("out-of-memory", `Parsing needed more than ${maxHeapMb} MB of memory and was stopped.`),
        );
      else slot.settle?.(new ParseError("crashed", `The parser crashed: ${err.message}`));
    });
    worker.on("exit", (code) => {
      slot.settle?.(new ParseError("crashed", `The parser stopped (exit code ${code}) without a result.`));
      void this.retire(slot);
    });
    this.slots.add(slot);
    this.started++;
    return slot;
  }
}
