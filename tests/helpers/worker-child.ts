/** The process behind startWorkerProcess: boots the backend from the environment and runs the worker loop. */
import { bootBackend } from "../../backend/boot.ts";
import { startWorkerLoop } from "../../backend/ingestion/worker-loop.ts";
import { loadConfig } from "../../backend/platform/config.ts";

const backend = await bootBackend({ config: loadConfig(process.env) });
const loop = startWorkerLoop(backend.deps, { limits: { ocrPdfPages: false } });
console.log("worker ready");
process.on("SIGTERM", () => {
  void loop.close().then(() => backend.close()).then(() => process.exit(0));
});
