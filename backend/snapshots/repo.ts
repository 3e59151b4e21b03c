import type { Executor } from "../platform/db/index.ts";
import { afterCursor, decodeCursor } from "../platform/paging.ts";

/*
 * Every query on `snapshots`. A snapshot's name, description and thread name are its own
 * workspace's and thread's (copies, so they never change): read-only joins of the workspaces and
 * threads domains' tables, one query per list (docs/decisions/0008-domains-own-their-tables.md).
 */

export async function insertSnapshot(
  db: Executor,
  o: {
    id: string;
    workspaceId: string;
    threadId: string | null;
    sourceWorkspaceId: string;
    sourceThreadId: string | null;
    createdBy: string;
    createdAt: string;
    isDiscoverable: boolean;
  },
): Promise<void> {
  await db
    .insertInto("snapshots")
    .values({
      id: o.id,
      workspace_id: o.workspaceId,
      thread_id: o.threadId,
      source_workspace_id: o.sourceWorkspaceId,
      source_thread_id: o.sourceThreadId,
      created_by: o.createdBy,
      created_at: o.createdAt,
      is_discoverable: o.isDiscoverable ? 1 : 0,
    })
    .execute();
}

function snapshotRows(db: Executor) {
  return db
    .selectFrom("snapshots as s")
    .innerJoin("workspaces as w", "w.id", "s.workspace_id")
    .leftJoin("threads as t", "t.id", "s.thread_id")
    .select([
      "s.id",
      "s.workspace_id",
      "s.thread_id",
      "s.created_by",
      "s.created_at",
      "s.is_discoverable",
      "s.source_workspace_id",
      "w.name as workspace_name",
      "w.description",
      "t.name as thread_name",
    ]);
}

export type SnapshotRow = NonNullable<Awaited<ReturnType<ReturnType<typeof snapshotRows>["executeTakeFirst"]>>>;

export function findSnapshot(db: Executor, id: string) {
  return snapshotRows(db).where("s.id", "=", id).executeTakeFirst();
}

/** A user's snapshots, newest first. limit + 1 rows. */
export function listCreatorSnapshots(db: Executor, o: { userId: string; limit: number; cursor?: string }) {
  let q = snapshotRows(db).where("s.created_by", "=", o.userId);
  const c = decodeCursor(o.cursor);
  if (c) q = q.where(afterCursor("s.created_at", "s.id", "<", c));
  return q
    .orderBy("s.created_at", "desc")
    .orderBy("s.id", "desc")
    .limit(o.limit + 1)
    .execute();
}

/** Discoverable snapshots, newest first, at most `limit`. */
export function listDiscoverableSnapshots(db: Executor, limit: number) {
  return snapshotRows(db)
    .where("s.is_discoverable", "=", 1)
    .orderBy("s.created_at", "desc")
    .orderBy("s.id", "desc")
    .limit(limit)
    .execute();
}
