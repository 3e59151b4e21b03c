import type { Executor } from "../platform/db/index.ts";
import { documentLabel } from "../search/query.ts";
import type { SearchIndex } from "../search/search-index.ts";
import { deriveProfile, PROFILE_PAGES, SIGNED_KINDS, signatoryOf } from "./profile.ts";
import { deleteDocument, insertDocument } from "./repo.ts";
import type { ParsedDocument, Passage } from "./types.ts";

/** Removes everything indexed for a version: its passages (through the search index), pages and document. */
export async function deleteVersionIndex(tx: Executor, search: SearchIndex, versionId: string): Promise<void> {
  await search.removeVersion(tx, versionId);
  await deleteDocument(tx, versionId);
}

/**
 * Replaces a version's index with a fresh parse. Run inside the transaction that also marks the
 * job done, so a job run twice (a retry, a requeued stuck job) leaves exactly one copy.
 */
export async function writeVersionIndex(
  tx: Executor,
  search: SearchIndex,
  o: {
    versionId: string;
    fileId: string;
    fileName: string;
    workspaceId: string | null;
    document: ParsedDocument;
    passages: Passage[];
  },
): Promise<void> {
  await deleteVersionIndex(tx, search, o.versionId);
  const { document: doc } = o;
  const input = {
    fileName: o.fileName,
    title: doc.title,
    author: typeof doc.metadata.author === "string" ? doc.metadata.author : null,
    pages: doc.pages.slice(0, PROFILE_PAGES).map((p) => p.text),
  };
  let profile = deriveProfile(input);
  // A letter is signed at its end: its pages are all read for who signed it.
  if (profile.kind && SIGNED_KINDS.has(profile.kind))
    profile = deriveProfile({ ...input, signatory: signatoryOf(doc.pages.map((p) => p.text)) });
  await insertDocument(tx, {
    versionId: o.versionId,
    fileId: o.fileId,
    workspaceId: o.workspaceId,
    document: doc,
    profile,
  });
  // The FTS "title" column holds the document's label: its file name in words, then its title.
  const label = documentLabel(o.fileName, doc.title);
  await search.addPassages(tx, {
    versionId: o.versionId,
    fileId: o.fileId,
    workspaceId: o.workspaceId,
    label,
    passages: o.passages,
  });
}
