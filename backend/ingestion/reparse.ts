import type { Deps } from "../deps.ts";
import type { Executor } from "../platform/db/index.ts";
import { enqueueIngest } from "./jobs.ts";
import { PARSE_RULES } from "./parse-rules.ts";
import { ingestWorkPending, nextDocumentToReparse } from "./repo.ts";

/** How often an idle worker looks for a PDF to parse again. */
export const REPARSE_IDLE_MS = 2_000;

/**
 * Queues a background parse of one indexed PDF whose document older text rules read (PARSE_RULES),
 * when no ingest job is queued or running: a lane below every upload, which waits behind one such
 * parse at most. The file stays indexed and searchable meanwhile, and its new index replaces the
 * old one in one transaction (ingest.ts). "none" when every document is read by the current rules.
 */
export async function queueReparse(db: Executor): Promise<"queued" | "busy" | "none"> {
  if (await ingestWorkPending(db)) return "busy";
  const next = await nextDocumentToReparse(db, PARSE_RULES);
  if (!next) return "none";
  await enqueueIngest(db, { fileId: next.file_id, versionId: next.version_id, reparse: true });
  return "queued";
}

/**
 * The job worker's idle work (platform/jobs/worker.ts): a re-parse at a time until none is left,
 * said in the log when it starts and when it ends. Documents indexed later are read by the current
 * rules, so once none is left this process stops looking.
 */
export function reparseWhenIdle(deps: Pick<Deps, "db" | "log">): { everyMs: number; run(): Promise<boolean> } {
  let done = false;
  let queued = 0;
  return {
    everyMs: REPARSE_IDLE_MS,
    async run() {
      if (done) return false;
      const result = await queueReparse(deps.db.kysely);
      if (result === "queued" && queued++ === 0)
        deps.log.info("[ingest] parsing PDFs indexed by older text rules again, one at a time while no upload waits");
      if (result === "none") {
        done = true;
        if (queued > 0) deps.log.info(`[ingest] parsed ${queued} PDFs again with the current text rules`);
      }
      return result === "queued";
    },
  };
}
