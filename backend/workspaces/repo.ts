import { sql, type ExpressionBuilder } from "kysely";
import type { Executor } from "../platform/db/index.ts";
import type { Database } from "../platform/db/schema.ts";
import { now } from "../platform/clock.ts";
import { decodeCursor, afterCursor } from "../platform/paging.ts";

export function findWorkspace(db: Executor, id: string) {
  return db.selectFrom("workspaces").selectAll().where("id", "=", id).executeTakeFirst();
}

/** A user's own workspaces' ids and names (not snapshots), most recently updated first. */
export function listOwnedWorkspaceNames(db: Executor, ownerId: string) {
  return db
    .selectFrom("workspaces")
    .select(["id", "name"])
    .where("owner_id", "=", ownerId)
    .where("snapshot_id", "is", null)
    .orderBy("updated_at", "desc")
    .orderBy("id")
    .execute();
}

/**
 * Rows with the viewer's bookmark flag, the bookmark count and whether a snapshot was published
 * from it (a read-only look at snapshots, owned by backend/snapshots, in the same query).
 */
export function workspaceRows(db: Executor, viewerId: string | null) {
  return db
    .selectFrom("workspaces as w")
    .selectAll("w")
    .select((eb) => [
      eb
        .selectFrom("workspace_bookmarks as b")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("b.workspace_id", "=", "w.id")
        .as("bookmark_count"),
      eb
        .selectFrom("workspace_bookmarks as b")
        .select(sql<number>`1`.as("x"))
        .whereRef("b.workspace_id", "=", "w.id")
        .where("b.user_id", "=", viewerId ?? "")
        .limit(1)
        .as("is_bookmarked"),
      eb
        .selectFrom("snapshots as s")
        .select(sql<number>`1`.as("x"))
        .whereRef("s.source_workspace_id", "=", "w.id")
        .limit(1)
        .as("has_snapshot"),
    ]);
}

export type WorkspaceRow = NonNullable<Awaited<ReturnType<ReturnType<typeof workspaceRows>["executeTakeFirst"]>>>;

export function getWorkspaceRow(db: Executor, id: string, viewerId: string | null) {
  return workspaceRows(db, viewerId).where("w.id", "=", id).executeTakeFirst();
}

export function listWorkspaceRows(
  db: Executor,
  o: { userId: string; filter: "owned" | "bookmarked" | "all"; limit: number; cursor?: string },
) {
  // A snapshot's workspace is reached through its snapshot, never listed with the owner's Pods.
  let q = workspaceRows(db, o.userId).where("w.snapshot_id", "is", null);
  type Eb = ExpressionBuilder<Database & { w: Database["workspaces"] }, "w">;
  const owned = (eb: Eb) => eb("w.owner_id", "=", o.userId);
  const bookmarked = (eb: Eb) =>
    eb.and([
      eb("w.is_public", "=", 1),
      eb.exists(
        eb
          .selectFrom("workspace_bookmarks as b")
          .select("b.user_id")
          .whereRef("b.workspace_id", "=", "w.id")
          .where("b.user_id", "=", o.userId),
      ),
    ]);
  if (o.filter === "owned") q = q.where(owned);
  else if (o.filter === "bookmarked") q = q.where(bookmarked);
  else q = q.where((eb) => eb.or([owned(eb), bookmarked(eb)]));
  const c = decodeCursor(o.cursor);
  if (c) q = q.where(afterCursor("w.updated_at", "w.id", "<", c));
  return q
    .orderBy("w.updated_at", "desc")
    .orderBy("w.id", "desc")
    .limit(o.limit + 1)
    .execute();
}

export function mostBookmarked(db: Executor, o: { since: string; limit: number; viewerId: string | null }) {
  return workspaceRows(db, o.viewerId)
    .where("w.is_public", "=", 1)
    .where("w.snapshot_id", "is", null)
    .select((eb) =>
      eb
        .selectFrom("workspace_bookmarks as r")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("r.workspace_id", "=", "w.id")
        .where("r.created_at", ">=", o.since)
        .as("recent"),
    )
    .orderBy("recent", "desc")
    .orderBy("w.updated_at", "desc")
    .limit(o.limit)
    .execute();
}

export async function insertWorkspace(
  db: Executor,
  o: { id: string; ownerId: string; name: string; description: string; isPublic: boolean; snapshotId?: string },
): Promise<void> {
  const t = now();
  await db
    .insertInto("workspaces")
    .values({
      id: o.id,
      owner_id: o.ownerId,
      name: o.name,
      description: o.description,
      is_public: o.isPublic ? 1 : 0,
      snapshot_id: o.snapshotId ?? null,
      created_at: t,
      updated_at: t,
    })
    .execute();
}

export async function updateWorkspace(
  db: Executor,
  id: string,
  o: { name?: string; description?: string; isPublic?: boolean },
): Promise<void> {
  await db
    .updateTable("workspaces")
    .set({
      ...(o.name !== undefined ? { name: o.name } : {}),
      ...(o.description !== undefined ? { description: o.description } : {}),
      ...(o.isPublic !== undefined ? { is_public: o.isPublic ? 1 : 0 } : {}),
      updated_at: now(),
    })
    .where("id", "=", id)
    .execute();
}

/** Marks a workspace as changed at `at` (it sorts as newest). */
export async function touchWorkspace(db: Executor, id: string, at: string): Promise<void> {
  await db.updateTable("workspaces").set({ updated_at: at }).where("id", "=", id).execute();
}

/** Its threads, files and bookmarks go with it (foreign keys); the caller removes the files' bytes first. */
export async function deleteWorkspace(db: Executor, id: string): Promise<void> {
  await db.deleteFrom("workspaces").where("id", "=", id).execute();
}

export async function setWorkspaceBookmark(
  db: Executor,
  o: { userId: string; workspaceId: string; on: boolean },
): Promise<void> {
  if (o.on) {
    await db
      .insertInto("workspace_bookmarks")
      .values({ user_id: o.userId, workspace_id: o.workspaceId, created_at: now() })
      .onConflict((oc) => oc.columns(["user_id", "workspace_id"]).doNothing())
      .execute();
  } else {
    await db
      .deleteFrom("workspace_bookmarks")
      .where("user_id", "=", o.userId)
      .where("workspace_id", "=", o.workspaceId)
      .execute();
  }
}
