import { Worker } from "node:worker_threads";
import { SandboxError } from "./errors.ts";
import { defaultJsLimits, type JsLimits, type JsResult } from "./js-sandbox.ts";

/**
 * The worker registers tsx in its own thread, then loads the entry (execArgv can't pass --import).
 * A worker is the hard bound: QuickJS checks its interrupt handler between bytecodes, so one slow
 * builtin (a huge Array.fill near the memory limit) can overrun the deadline by seconds while
 * blocking the thread it runs on. Off the main thread, and terminated if it overruns.
 */
const BOOTSTRAP = `import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${JSON.stringify(new URL("./js-worker.ts", import.meta.url).href)}); });`;
/** Starting a worker (tsx, the WebAssembly module), before the script's own time starts. */
const WORKER_START_MS = 15_000;
/** How far past its time limit a started script may run before its thread is terminated. */
const OVERRUN_MS = 1_000;
/** A worker that finished cleanly waits this long for the next script, saving its start-up. */
const SPARE_IDLE_MS = 30_000;

export interface JsJob {
  code: string;
  data: unknown;
  limits: JsLimits;
}
export type JsWorkerReply = { started: true } | { ok: true; value: JsResult } | { ok: false; message: string };

/** At most one idle worker is kept; every script still gets a fresh QuickJS module and runtime. */
let spare: { worker: Worker; timer: NodeJS.Timeout } | null = null;

/**
 * Runs `code` in a fresh QuickJS runtime in a worker thread. A worker whose script overran or that
 * crashed is terminated; one that answered (a result or the script's error) may serve the next.
 */
export function runJs(code: string, data: unknown, limits: JsLimits = defaultJsLimits): Promise<JsResult> {
  const worker = takeWorker();
  return new Promise<JsResult>((resolve, reject) => {
    let settled = false;
    const finish = (outcome: { value: JsResult } | { error: SandboxError }, reusable: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off("message", onMessage).off("error", onError).off("exit", onExit);
      if (reusable) keepSpare(worker);
      else void worker.terminate();
      if ("value" in outcome) resolve(outcome.value);
      else reject(outcome.error);
    };
    const stop = (message: string) => () => finish({ error: new SandboxError(message) }, false);
    let timer = setTimeout(stop("The script's sandbox did not start in time."), WORKER_START_MS);
    const onMessage = (reply: JsWorkerReply) => {
      if ("started" in reply) {
        clearTimeout(timer);
        timer = setTimeout(
          stop(`The script ran longer than ${limits.timeMs / 1000} s and was stopped.`),
          limits.timeMs + OVERRUN_MS,
        );
      } else {
        // The script's module and runtime are gone either way: the worker itself is as new.
        finish(reply.ok ? { value: reply.value } : { error: new SandboxError(reply.message) }, true);
      }
    };
    const onError = (err: Error) =>
      finish({ error: new SandboxError(`The script's sandbox failed: ${err.message}`) }, false);
    const onExit = (exitCode: number) =>
      finish({ error: new SandboxError(`The script's sandbox stopped (exit code ${exitCode}).`) }, false);
    worker.on("message", onMessage).on("error", onError).on("exit", onExit);
    worker.postMessage({ code, data, limits } satisfies JsJob);
  });
}

function takeWorker(): Worker {
  if (spare) {
    const { worker, timer } = spare;
    spare = null;
    clearTimeout(timer);
    worker.ref();
    return worker;
  }
  const worker = new Worker(BOOTSTRAP, {
    eval: true,
    resourceLimits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
    stdout: true,
    stderr: true,
  });
  // An idle worker that dies is simply forgotten.
  worker.on("exit", () => {
    if (spare?.worker === worker) {
      clearTimeout(spare.timer);
      spare = null;
    }
  });
  worker.on("error", () => undefined);
  return worker;
}

function keepSpare(worker: Worker): void {
  if (spare) {
    void worker.terminate();
    return;
  }
  worker.unref();
  const timer = setTimeout(() => {
    if (spare?.worker !== worker) return;
    spare = null;
    void worker.terminate();
  }, SPARE_IDLE_MS);
  timer.unref();
  spare = { worker, timer };
}
