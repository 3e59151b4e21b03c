import { sql } from "kysely";
import type { Dialect, Executor } from "../platform/db/index.ts";
import { documentLabel } from "../search/query.ts";
import type { ParsedDocument, Passage } from "./types.ts";

/** Rows per INSERT: well under SQLite's limit on bound parameters. */
const BATCH = 200;

function* chunks<T>(items: T[], size = BATCH): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/** Removes everything indexed for a version (on SQLite a trigger removes the FTS rows). */
export async function deleteVersionIndex(tx: Executor, versionId: string): Promise<void> {
  await tx.deleteFrom("passages").where("version_id", "=", versionId).execute();
  await tx.deleteFrom("pages").where("version_id", "=", versionId).execute();
  await tx.deleteFrom("documents").where("version_id", "=", versionId).execute();
}

/**
 * Replaces a version's index with a fresh parse. Run inside the transaction that also marks the
 * job done, so a job run twice (a retry, a requeued stuck job) leaves exactly one copy.
 */
export async function writeVersionIndex(
  tx: Executor,
  dialect: Dialect,
  o: { versionId: string; fileId: string; fileName: string; workspaceId: string | null; document: ParsedDocument; passages: Passage[] },
): Promise<void> {
  await deleteVersionIndex(tx, o.versionId);
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
  let seq = 0;
  if (dialect === "sqlite") {
    const row = await sql<{ m: number | null }>`select max(seq) as m from passages`.execute(tx);
    seq = row.rows[0]?.m ?? 0;
  }
  // Passage ids hash (version, page, start): unique within a version, so the batch can't clash.
  for (const batch of chunks(o.passages)) {
    const rows = batch.map((p) => ({
      id: p.id,
      version_id: o.versionId,
      file_id: o.fileId,
      workspace_id: o.workspaceId,
      page: p.page,
      start: p.start,
      end: p.end,
      heading: p.heading,
      label,
      text: p.text,
      ...(dialect === "sqlite" ? { seq: ++seq } : {}),
    }));
    await tx.insertInto("passages").values(rows).execute();
    if (dialect === "sqlite") {
      const values = sql.join(rows.map((r) => sql`(${r.seq}, ${r.text}, ${r.heading}, ${label})`));
      await sql`insert into passages_fts(rowid, text, heading, title) values ${values}`.execute(tx);
    }
  }
}
