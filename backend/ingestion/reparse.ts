import type { Deps } from "../deps.ts";
import type { Executor } from "../platform/db/index.ts";
import { enqueueIngest } from "./jobs.ts";
import { ingestWorkPending, nextDocumentToReparse } from "./repo.ts";

/** How often an idle worker looks for a PDF to parse again. */
export const REPARSE_IDLE_MS = 2_000;

/** What queueReparse did: queued that version's re-parse, found ingest work pending, or found none to do. */
export type ReparseResult = { status: "queued"; versionId: string } | { status: "busy" | "none" };

/**
 * Queues a background parse of one indexed PDF whose document older text rules read (PARSE_RULES),
 * when no ingest job is queued or running: a lane below every upload, which waits behind one such
 * parse at most. The file stays indexed and searchable meanwhile, and its new index replaces the
 * old one in one transaction (ingest.ts). `after`: only versions past this id, in the order they
 * are taken, so a long backlog is read once and not from its start each time.
 */
export async function queueReparse(db: Executor, after?: string): Promise<ReparseResult> {
  if (await ingestWorkPending(db)) return { status: "busy" };
  const next = await nextDocumentToReparse(db, { after });
  if (!next) return { status: "none" };
  await enqueueIngest(db, { fileId: next.file_id, versionId: next.version_id, reparse: true });
  return { status: "queued", versionId: next.version_id };
}

/**
 * The job worker's idle work (platform/jobs/worker.ts): a re-parse at a time until none is left,
 * said in the log when it starts and when it ends. It walks the backlog from where it left off,
 * and from its start once more at the end (for a file that was being indexed when passed).
 * Documents indexed later are read by the current rules, so once none is left this process stops
 * looking.
 */
export function reparseWhenIdle(deps: Pick<Deps, "db" | "log">): { everyMs: number; run(): Promise<boolean> } {
  let done = false;
  let queued = 0;
  let after: string | undefined;
  return {
    everyMs: REPARSE_IDLE_MS,
    async run() {
      if (done) return false;
      let result = await queueReparse(deps.db.kysely, after);
      if (result.status === "none" && after !== undefined) {
        after = undefined;
        result = await queueReparse(deps.db.kysely);
      }
      if (result.status === "queued") {
        after = result.versionId;
        if (queued++ === 0)
          deps.log.info("[ingest] parsing PDFs indexed by older text rules again, one at a time while no upload waits");
        return true;
      }
      if (result.status === "none") {
        done = true;
        if (queued > 0) deps.log.info(`[ingest] parsed ${queued} PDFs again with the current text rules`);
      }
      return false;
    },
  };
}
