import type { Executor } from "../platform/db/index.ts";
import { enqueueIngest } from "./jobs.ts";
import { listIndexedPdfsNotQueued } from "./repo.ts";

/**
 * Queues every indexed PDF in a workspace to be parsed and indexed again: `npm run reindex`,
 * after an upgrade whose PDF text rules read pages better (ligatures a ToUnicode map drops, words a
 * hyphen broke at a line's end). Search keeps answering from the old index until each file's new
 * one replaces it in one transaction (`writeVersionIndex`); a file already queued or being indexed
 * is left alone, so running it twice queues nothing twice. A PDF by its stored content type or its
 * name. Returns how many files it queued.
 */
export async function requeueIndexedPdfs(db: Executor): Promise<number> {
  const files = await listIndexedPdfsNotQueued(db);
  for (const f of files) await enqueueIngest(db, { fileId: f.id, versionId: f.version_id });
  return files.length;
}
