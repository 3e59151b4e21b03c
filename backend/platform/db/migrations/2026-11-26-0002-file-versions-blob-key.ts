import type { Kysely } from "kysely";

/**
 * The upload route finds the reservation that owns an upload URL's key (is it still open?) on
 * every PUT; without this index that is a scan of every version.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("file_versions_blob_key_idx").on("file_versions").column("blob_key").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("file_versions_blob_key_idx").execute();
}
