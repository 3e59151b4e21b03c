import type { Kysely } from "kysely";

/**
 * The example pods (backend/examples): which Pod each catalogue slug is built in (owned by the
 * system account) and which snapshot of it `/{slug}` shows. `npm run examples` writes it; a
 * rebuild publishes a new snapshot, points the slug at it, then deletes the old one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("example_pods")
    .addColumn("slug", "text", (c) => c.primaryKey())
    // The Pod the example is built in; deleting it forgets the example.
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    // The snapshot /{slug} shows; null until the first publish (or after its snapshot went).
    .addColumn("snapshot_id", "text", (c) => c.references("snapshots.id").onDelete("set null"))
    // The snapshot's copy of the first question's thread ('Try this Workspace' opens it).
    .addColumn("thread_id", "text")
    .addColumn("built_at", "text")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("example_pods").execute();
}
