import { parentPort } from "node:worker_threads";
import { tableErrorMessage, tablesFromBytes, type TableJob, type TableReply } from "./table-files.ts";

/** The worker side of `parseTables`: one file, one reply, then the parent terminates the thread. */
parentPort!.once("message", (job: TableJob) => {
  const reply = (r: TableReply) => parentPort!.postMessage(r);
  tablesFromBytes(job.bytes, job.file, job.limits).then(
    (tables) => reply({ ok: true, tables }),
    (err: unknown) =>
      reply({
        ok: false,
        message:
          tableErrorMessage(err) ?? `the file could not be read (${err instanceof Error ? err.message : String(err)})`,
      }),
  );
});
