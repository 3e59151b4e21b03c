import { parentPort, workerData } from "node:worker_threads";
import { SandboxError } from "./errors.ts";
import { evaluateJs, type JsLimits, type JsWorkerReply } from "./js-sandbox.ts";

/** The worker side of `runJs`: one script, one reply, then the parent terminates the thread. */
const { code, data, limits } = workerData as { code: string; data: unknown; limits: JsLimits };
const reply = (r: JsWorkerReply) => parentPort!.postMessage(r);
reply({ started: true });
evaluateJs(code, data, limits).then(
  (value) => reply({ ok: true, value }),
  (err: unknown) => reply({ ok: false, message: err instanceof SandboxError ? err.message : `The sandbox failed: ${err instanceof Error ? err.message : String(err)}` }),
);
