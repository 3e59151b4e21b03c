import type { Insertable } from "kysely";
import type { PassageTable } from "../platform/db/schema.ts";
import { listingPages } from "./listing.ts";

/** A passage as the index stores it (ingestion's passages carry more). */
export interface IndexedPassage {
  id: string;
  page: number;
  start: number;
  end: number;
  text: string;
  heading: string;
}

/** A version's passages, all of one file, to add to the index. */
export interface VersionPassages {
  versionId: string;
  fileId: string;
  workspaceId: string | null;
  /** The document's label (documentLabel in query.ts): searched with the passage. */
  label: string;
  passages: IndexedPassage[];
}

/** Rows per INSERT: well under SQLite's limit on bound parameters. */
const BATCH = 200;

/** The version's passage rows in batches; `seq` numbers them when given (SQLite's FTS rowids). */
export function* passageRows(o: VersionPassages, firstSeq?: number): Generator<Insertable<PassageTable>[]> {
  let seq = firstSeq;
  const listing = listingPages(o.passages);
  // Passage ids hash (version, page, start): unique within a version, so the batch can't clash.
  for (let i = 0; i < o.passages.length; i += BATCH) {
    yield o.passages.slice(i, i + BATCH).map((p) => ({
      id: p.id,
      version_id: o.versionId,
      file_id: o.fileId,
      workspace_id: o.workspaceId,
      page: p.page,
      start: p.start,
      end: p.end,
      heading: p.heading,
      label: o.label,
      text: p.text,
      listing: listing.has(p.page) ? 1 : 0,
      ...(seq !== undefined ? { seq: ++seq } : {}),
    }));
  }
}
