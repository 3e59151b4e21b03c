import { parentPort } from "node:worker_threads";
import { SandboxError } from "./errors.ts";
import { evaluateJs } from "./js-sandbox.ts";
import type { JsJob, JsWorkerReply } from "./run-js.ts";

/** The worker side of `runJs`: one script at a time, each in a fresh QuickJS module and runtime. */
const reply = (r: JsWorkerReply) => parentPort!.postMessage(r);
parentPort!.on("message", (job: JsJob) => {
  reply({ started: true });
  evaluateJs(job.code, job.data, job.limits).then(
    (value) => reply({ ok: true, value }),
    (err: unknown) =>
      reply({
        ok: false,
        message:
          err instanceof SandboxError
            ? err.message
            : `The sandbox failed: ${err instanceof Error ? err.message : String(err)}`,
      }),
  );
});
