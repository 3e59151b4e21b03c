import { sql, type ExpressionBuilder } from "kysely";
import type { Executor } from "../platform/db/index.ts";
import type { Database } from "../platform/db/schema.ts";
import { decodeCursor, afterCursor } from "../platform/paging.ts";

export function findWorkspace(db: Executor, id: string) {
  return db.selectFrom("workspaces").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Rows with the viewer's bookmark flag and the bookmark count. */
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
    ]);
}

export type WorkspaceRow = NonNullable<Awaited<ReturnType<ReturnType<typeof workspaceRows>["executeTakeFirst"]>>>;

export function getWorkspaceRow(db: Executor, id: string, viewerId: string | null) {
  return workspaceRows(db, viewerId).where("w.id", "=", id).executeTakeFirst();
}

export function listWorkspaceRows(db: Executor, o: { userId: string; filter: "owned" | "bookmarked" | "all"; limit: number; cursor?: string }) {
  let q = workspaceRows(db, o.userId);
  type Eb = ExpressionBuilder<Database & { w: Database["workspaces"] }, "w">;
  const owned = (eb: Eb) => eb("w.owner_id", "=", o.userId);
  const bookmarked = (eb: Eb) =>
    eb.and([
      eb("w.is_public", "=", 1),
      eb.exists(eb.selectFrom("workspace_bookmarks as b").select("b.user_id").whereRef("b.workspace_id", "=", "w.id").where("b.user_id", "=", o.userId)),
    ]);
  if (o.filter === "owned") q = q.where(owned);
  else if (o.filter === "bookmarked") q = q.where(bookmarked);
  else q = q.where((eb) => eb.or([owned(eb), bookmarked(eb)]));
  const c = decodeCursor(o.cursor);
  if (c) q = q.where(afterCursor("w.updated_at", "w.id", "<", c));
  return q.orderBy("w.updated_at", "desc").orderBy("w.id", "desc").limit(o.limit + 1).execute();
}

export function mostBookmarked(db: Executor, o: { since: string; limit: number; viewerId: string | null }) {
  return workspaceRows(db, o.viewerId)
    .where("w.is_public", "=", 1)
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
