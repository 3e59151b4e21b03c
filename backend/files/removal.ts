import type { Deps } from "../deps.ts";
import { detachDocuments } from "../ingestion/repo.ts";
import { now } from "../platform/clock.ts";
import type { Executor } from "../platform/db/index.ts";
import {
  deleteFiles,
  listSharedFiles,
  listUnsharedRetainedFiles,
  lockFiles,
  ownedBlobKeys,
  retainFiles,
  unusedBlobKeys,
} from "./shared-versions-repo.ts";

type Where = { fileId: string } | { workspaceId: string } | { threadId: string };

/**
 * Deletes files (one, a workspace's or a thread's) with `deleteRows`, keeping what a snapshot
 * still shows: a file owning a version another file shows becomes a 'retained' file (no
 * workspace, no thread, its documents detached) instead of being deleted. Bytes are deleted after
 * the rows, and only those no version row names any more (snapshots share them).
 */
export async function removeFiles(
  deps: Deps,
  where: Where,
  deleteRows: (tx: Executor) => Promise<void>,
): Promise<void> {
  const keys = await deps.db.kysely.transaction().execute(async (tx) => {
    await lockFiles(tx, where);
    const shared = await listSharedFiles(tx, where);
    if (shared.length > 0) {
      await retainFiles(tx, shared, now());
      await detachDocuments(tx, shared);
    }
    // A single file a snapshot shows is kept whole (retained); otherwise the rest goes.
    if ("fileId" in where && shared.length > 0) return [];
    const owned = await ownedBlobKeys(tx, where);
    await deleteRows(tx);
    return owned;
  });
  await collectGarbage(deps, keys);
}

/**
 * Deletes retained files nothing shows any more, then the bytes of `keys` (and of those files)
 * that no version row names. Run after anything that stops showing versions (a snapshot deleted).
 */
export async function collectGarbage(deps: Deps, keys: string[] = []): Promise<void> {
  const db = deps.db.kysely;
  const gone = await listUnsharedRetainedFiles(db);
  if (gone.length > 0) {
    await deleteFiles(db, [...new Set(gone.map((r) => r.id))]);
    for (const r of gone) if (r.blob_key) keys.push(r.blob_key);
  }
  const unused = await unusedBlobKeys(db, keys);
  await Promise.all(unused.map((k) => deps.blobs.delete(k)));
}
