/**
 * PDF ingest throughput, end to end: `npm run bench:ingest [folder]`. Every PDF under the shared
 * corpora goes through the real pipeline as the server runs it (storeStream -> queue -> worker
 * loop with INGEST_JOBS jobs at once -> pooled parser workers -> passages -> index), on SQLite by
 * default or DATABASE_URL. The baseline is `pdftotext` on the same files in this process's
 * children, run both one file at a time and INGEST_JOBS at a time (the same parallelism as ours).
 * Reports pages/s by wall clock and pages per CPU-second (ours: the whole process, worker threads
 * included; pdftotext: the children's user+sys). Pages without a text layer are not OCR'd here.
 * Not part of `npm test`.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { bootBackend } from "../backend/boot.ts";
import { storeStream } from "../backend/files/upload.ts";
import { closeParsers } from "../backend/ingestion/run-parser.ts";
import { startWorkerLoop } from "../backend/ingestion/worker-loop.ts";
import { loadConfig } from "../backend/config.ts";
import { createWorkspace } from "../backend/workspaces/service.ts";
import { mapLimit, sampleRss, waitForQueue } from "./support.ts";

const root = path.resolve(process.env.SHARED_DATA_DIR ?? "../shared/data");
const folders = ["financebench/pdfs", "uda_finqa", "mmlongbench/pdfs", "berkshire", "constitutions", "irs"];
const only = process.argv[2];
const jobs = Number(process.env.INGEST_JOBS ?? os.availableParallelism());
const run = promisify(execFile);

const files = folders
  .filter((folder) => !only || folder.startsWith(only))
  .flatMap((folder) => {
    const dir = path.join(root, folder);
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir)
      .filter((f) => f.toLowerCase().endsWith(".pdf"))
      .sort()
      .map((f) => path.join(dir, f));
  });
if (files.length === 0) {
  console.log(`No PDFs under ${root} (set SHARED_DATA_DIR): nothing to measure.`);
  process.exit(0);
}

/** pdftotext over all files, `parallel` at a time: wall ms and the children's CPU ms. */
async function pdftotext(parallel: number): Promise<{ wall: number; cpu: number }> {
  let cpu = 0;
  const started = performance.now();
  await mapLimit(files, parallel, async (file) => {
    // `times` prints the children's user and system time on its second line: "0m1.234s 0m0.012s".
    const { stdout } = await run("bash", ["-c", 'pdftotext "$1" /dev/null 2>/dev/null; times', "_", file]);
    const secs = [...(stdout.trim().split("\n")[1] ?? "").matchAll(/(\d+)m([\d.]+)s/g)].map(
      (m) => Number(m[1]) * 60 + Number(m[2]),
    );
    cpu += ((secs[0] ?? 0) + (secs[1] ?? 0)) * 1000;
  });
  return { wall: performance.now() - started, cpu };
}

const popSeq = await pdftotext(1);
const popPar = await pdftotext(jobs);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-ingest-"));
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: "error",
  STORAGE_QUOTA_BYTES: String(100 * 1024 ** 3),
});
const backend = await bootBackend({ config });
const { deps } = backend;
const { token, user } = await deps.identity.signUp({
  email: "bench@example.com",
  password: "bench-password",
  name: "",
});
const actor = { user, token };
const ws = await createWorkspace(deps, { actor, name: "Ingest bench", isPublic: false });
for (const file of files) {
  await storeStream(deps, {
    actor,
    scope: "workspace",
    workspaceId: ws.id,
    filename: path.basename(file),
    contentType: "application/pdf",
    body: fs.createReadStream(file),
    maxBytes: config.MAX_UPLOAD_BYTES,
  });
}

const rss = sampleRss();
const cpuStart = process.cpuUsage();
const started = performance.now();
const loop = startWorkerLoop(deps, { concurrency: jobs, limits: { ocrPdfPages: false } });
const queue = await waitForQueue(deps);
const oursWall = performance.now() - started;
const cpu = process.cpuUsage(cpuStart);
const oursCpu = (cpu.user + cpu.system) / 1000;
await loop.close();
await closeParsers();
const peak = rss.stop();

const counts = await deps.db.kysely
  .selectFrom("documents")
  .select((eb) => [eb.fn.sum<number>("page_count").as("pages"), eb.fn.countAll<number>().as("docs")])
  .executeTakeFirstOrThrow();
const passages = await deps.db.kysely
  .selectFrom("passages")
  .select((eb) => eb.fn.countAll<number>().as("n"))
  .executeTakeFirstOrThrow();
const pages = Number(counts.pages);
const rate = (ms: number) => (pages / (ms / 1000)).toFixed(1);
console.log(
  `${files.length} PDFs (${queue.done} indexed, ${queue.failed} failed), ${pages} pages, ${Number(passages.n)} passages, ${deps.db.dialect}, ${jobs} jobs at once, ${os.availableParallelism()} cores`,
);
console.log(
  `wall: ours ${rate(oursWall)} pages/s; pdftotext ${rate(popSeq.wall)} pages/s one at a time (ratio ${(popSeq.wall / oursWall).toFixed(2)}), ${rate(popPar.wall)} pages/s ${jobs} at a time (ratio ${(popPar.wall / oursWall).toFixed(2)})`,
);
console.log(
  `cpu:  ours ${rate(oursCpu)} pages/CPU-s; pdftotext ${rate(popSeq.cpu)} pages/CPU-s (ratio ${(popSeq.cpu / oursCpu).toFixed(2)})`,
);
console.log(
  `ours = upload excluded; queue claim, parse in pooled workers, passages, index, all in this process; peak RSS ${(peak / 1024 ** 2).toFixed(0)} MB`,
);
console.log(
  `load average at the end: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")} (other work on the machine slows both sides)`,
);
await backend.close();
fs.rmSync(dataDir, { recursive: true, force: true });
