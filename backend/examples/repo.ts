import type { Executor } from "../platform/db/index.ts";

/* Every query on `example_pods` (docs/decisions/0008-domains-own-their-tables.md). */

export function findExample(db: Executor, slug: string) {
  return db.selectFrom("example_pods").selectAll().where("slug", "=", slug).executeTakeFirst();
}

/** The examples whose snapshot still exists. */
export function listPublishedExamples(db: Executor) {
  return db
    .selectFrom("example_pods")
    .selectAll()
    .where("snapshot_id", "is not", null)
    .where("built_at", "is not", null)
    .orderBy("slug")
    .execute();
}

export async function insertExample(db: Executor, o: { slug: string; workspaceId: string }): Promise<void> {
  await db
    .insertInto("example_pods")
    .values({ slug: o.slug, workspace_id: o.workspaceId, snapshot_id: null, thread_id: null, built_at: null })
    .execute();
}

export async function deleteExample(db: Executor, slug: string): Promise<void> {
  await db.deleteFrom("example_pods").where("slug", "=", slug).execute();
}

export async function setExampleSnapshot(
  db: Executor,
  o: { slug: string; snapshotId: string; threadId: string | null; builtAt: string },
): Promise<void> {
  await db
    .updateTable("example_pods")
    .set({ snapshot_id: o.snapshotId, thread_id: o.threadId, built_at: o.builtAt })
    .where("slug", "=", o.slug)
    .execute();
}
