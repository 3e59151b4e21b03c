import { sql, type Insertable } from "kysely";
import type { Executor } from "../platform/db/index.ts";
import type { ThreadTable } from "../platform/db/schema.ts";
import { now } from "../platform/clock.ts";
import { afterCursor, decodeCursor } from "../platform/paging.ts";

/** Every query on `threads` and `thread_bookmarks`; messages are in message-repo.ts. */

/** Threads with the viewer's bookmark flag. */
export function threadRows(db: Executor, viewerId: string | null) {
  return db
    .selectFrom("threads as t")
    .selectAll("t")
    .select((eb) =>
      eb
        .selectFrom("thread_bookmarks as b")
        .select(sql<number>`1`.as("x"))
        .whereRef("b.thread_id", "=", "t.id")
        .where("b.user_id", "=", viewerId ?? "")
        .limit(1)
        .as("is_bookmarked"),
    );
}

export type ThreadRow = NonNullable<Awaited<ReturnType<ReturnType<typeof threadRows>["executeTakeFirst"]>>>;

export function findThread(db: Executor, o: { workspaceId: string; threadId: string; viewerId: string | null }) {
  return threadRows(db, o.viewerId)
    .where("t.id", "=", o.threadId)
    .where("t.workspace_id", "=", o.workspaceId)
    .executeTakeFirst();
}

/** A workspace's threads, pinned first then newest: the cursor carries "pinned|updated_at". limit + 1 rows. */
export function listThreadRows(
  db: Executor,
  o: { workspaceId: string; viewerId: string | null; limit: number; cursor?: string },
) {
  let q = threadRows(db, o.viewerId).where("t.workspace_id", "=", o.workspaceId);
  const c = decodeCursor(o.cursor);
  const sortKey = sql<string>`(${sql.ref("t.is_pinned")} || '|' || ${sql.ref("t.updated_at")})`;
  if (c) q = q.where(afterCursor(sortKey, "t.id", "<", c));
  return q
    .orderBy(sortKey, "desc")
    .orderBy("t.id", "desc")
    .limit(o.limit + 1)
    .execute();
}

/** Bookmarked threads the user can still read (a workspace made private drops out), newest first. limit + 1 rows. */
export function bookmarkedThreadRows(db: Executor, o: { userId: string; limit: number; cursor?: string }) {
  const uid = o.userId;
  let q = threadRows(db, uid)
    .innerJoin("thread_bookmarks as mb", (j) => j.onRef("mb.thread_id", "=", "t.id").on("mb.user_id", "=", uid))
    .innerJoin("workspaces as w", "w.id", "t.workspace_id")
    .select("w.name as workspace_name")
    .where("w.snapshot_id", "is", null)
    .where((eb) => eb.or([eb("w.owner_id", "=", uid), eb("w.is_public", "=", 1)]));
  const c = decodeCursor(o.cursor);
  if (c) q = q.where(afterCursor("t.updated_at", "t.id", "<", c));
  return q
    .orderBy("t.updated_at", "desc")
    .orderBy("t.id", "desc")
    .limit(o.limit + 1)
    .execute();
}

/** Threads across the user's own workspaces (not snapshots), newest first. limit + 1 rows. */
export function ownedThreadRows(db: Executor, o: { userId: string; limit: number; cursor?: string }) {
  let q = threadRows(db, o.userId)
    .innerJoin("workspaces as w", "w.id", "t.workspace_id")
    .where("w.owner_id", "=", o.userId)
    .where("w.snapshot_id", "is", null);
  const c = decodeCursor(o.cursor);
  if (c) q = q.where(afterCursor("t.updated_at", "t.id", "<", c));
  return q
    .orderBy("t.updated_at", "desc")
    .orderBy("t.id", "desc")
    .limit(o.limit + 1)
    .execute();
}

export async function insertThread(
  db: Executor,
  o: { id: string; workspaceId: string; createdBy: string; name: string },
): Promise<void> {
  const t = now();
  await db
    .insertInto("threads")
    .values({
      id: o.id,
      workspace_id: o.workspaceId,
      created_by: o.createdBy,
      name: o.name,
      is_pinned: 0,
      created_at: t,
      updated_at: t,
    })
    .execute();
}

/** A workspace's threads as stored (or only some), for copying them into a snapshot. */
export function listThreadsToCopy(db: Executor, o: { workspaceId: string; threadIds?: string[] }) {
  let q = db.selectFrom("threads").selectAll().where("workspace_id", "=", o.workspaceId);
  if (o.threadIds) q = q.where("id", "in", o.threadIds);
  return q.orderBy("created_at").orderBy("id").execute();
}

/** Inserts copies of threads as they are (a snapshot's). */
export async function insertThreads(db: Executor, rows: Insertable<ThreadTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_BATCH)
    await db
      .insertInto("threads")
      .values(rows.slice(i, i + INSERT_BATCH))
      .execute();
}

/** Rows per multi-row insert: under SQLite's 999 bound parameters at 7-14 columns. */
const INSERT_BATCH = 50;

export async function updateThread(
  db: Executor,
  threadId: string,
  o: { name?: string; pinned?: boolean },
): Promise<void> {
  await db
    .updateTable("threads")
    .set({
      ...(o.name !== undefined ? { name: o.name } : {}),
      ...(o.pinned !== undefined ? { is_pinned: o.pinned ? 1 : 0 } : {}),
      updated_at: now(),
    })
    .where("id", "=", threadId)
    .execute();
}

/** Renames a thread only if it is still named `from` (nobody renamed it meanwhile). */
export async function renameThreadIfNamed(
  db: Executor,
  o: { threadId: string; from: string; to: string },
): Promise<void> {
  await db
    .updateTable("threads")
    .set({ name: o.to, updated_at: now() })
    .where("id", "=", o.threadId)
    .where("name", "=", o.from)
    .execute();
}

/** Marks a thread as changed at `at` (it sorts as newest). */
export async function touchThread(db: Executor, threadId: string, at: string): Promise<void> {
  await db.updateTable("threads").set({ updated_at: at }).where("id", "=", threadId).execute();
}

/** Its messages, bookmarks and files' rows go with it (foreign keys); the caller removes the files' bytes. */
export async function deleteThread(db: Executor, threadId: string): Promise<void> {
  await db.deleteFrom("threads").where("id", "=", threadId).execute();
}

export async function setThreadBookmark(
  db: Executor,
  o: { userId: string; threadId: string; on: boolean },
): Promise<void> {
  if (o.on) {
    await db
      .insertInto("thread_bookmarks")
      .values({ user_id: o.userId, thread_id: o.threadId, created_at: now() })
      .onConflict((oc) => oc.columns(["user_id", "thread_id"]).doNothing())
      .execute();
  } else {
    await db
      .deleteFrom("thread_bookmarks")
      .where("user_id", "=", o.userId)
      .where("thread_id", "=", o.threadId)
      .execute();
  }
}
