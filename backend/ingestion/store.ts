import type { Executor } from "../platform/db/index.ts";
import { documentLabel } from "../search/query.ts";
import type { SearchIndex } from "../search/search-index.ts";
import type { ParsedDocument, Passage } from "./types.ts";

/** Rows per INSERT: well under SQLite's limit on bound parameters. */
const BATCH = 200;

function* chunks<T>(items: T[], size = BATCH): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/** Removes everything indexed for a version: its passages (through the search index), pages and document. */
export async function deleteVersionIndex(tx: Executor, search: SearchIndex, versionId: string): Promise<void> {
  await search.removeVersion(tx, versionId);
  await tx.deleteFrom("pages").where("version_id", "=", versionId).execute();
  await tx.deleteFrom("documents").where("version_id", "=", versionId).execute();
}

/**
 * Replaces a version's index with a fresh parse. Run inside the transaction that also marks the
 * job done, so a job run twice (a retry, a requeued stuck job) leaves exactly one copy.
 */
export async function writeVersionIndex(
  tx: Executor,
  search: SearchIndex,
  o: { versionId: string; fileId: string; fileName: string; workspaceId: string | null; document: ParsedDocument; passages: Passage[] },
): Promise<void> {
  await deleteVersionIndex(tx, search, o.versionId);
  const { document: doc } = o;
  await tx
    .insertInto("documents")
    .values({ version_id: o.versionId, file_id: o.fileId, workspace_id: o.workspaceId, title: doc.title, page_count: doc.pages.length })
    .execute();
  for (const batch of chunks(doc.pages)) {
    await tx.insertInto("pages").values(batch.map((p) => ({ version_id: o.versionId, page: p.page, text: p.text, sheet_layout: p.sheet ? JSON.stringify(p.sheet) : null }))).execute();
  }
  // The FTS "title" column holds the document's label: its file name in words, then its title.
  const label = documentLabel(o.fileName, doc.title);
  await search.addPassages(tx, { versionId: o.versionId, fileId: o.fileId, workspaceId: o.workspaceId, label, passages: o.passages });
}
