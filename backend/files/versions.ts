import type { Readable } from "node:stream";
import { AppError } from "../../contracts/errors.ts";
import type { PageText } from "../../contracts/files.ts";
import type { Deps } from "../deps.ts";
import { findDocument, findPage } from "../ingestion/repo.ts";
import type { ByteRange } from "../platform/http/byte-range.ts";
import type { Actor } from "../platform/http/context.ts";
import { loadWorkspace } from "../workspaces/service.ts";
import { findWorkspaceFileVersion } from "./repo.ts";
import { DEFAULT_CONTENT_TYPE } from "./supported.ts";

/** What a non-owner may open: the files the list shows them (never uploads or failures). */
const VISIBLE_TO_VIEWERS = new Set(["uploaded", "indexing", "indexed"]);

type Target = { actor: Actor | null; workspaceId: string; fileId: string; versionId: string };

/**
 * One stored version of a workspace file, read like the file itself (the workspace's read
 * policy); any of the file's finished versions, since a citation names the version it quoted.
 */
async function loadVersion(deps: Deps, o: Target) {
  const ws = await loadWorkspace(deps, o.actor, o.workspaceId, "read");
  const row = await findWorkspaceFileVersion(deps.db.kysely, o);
  const owner = o.actor?.user.id === ws.owner_id;
  // A version without a checksum is a reservation whose bytes were never confirmed.
  if (!row || row.checksum === null || (!owner && !VISIBLE_TO_VIEWERS.has(row.status)))
    throw new AppError("not_found", "File version not found.");
  return row;
}

/** The text of one page as indexed: citation offsets (start, end) point into exactly this text. */
export async function getPageText(deps: Deps, o: Target & { page: number }): Promise<PageText> {
  const v = await loadVersion(deps, o);
  const doc = await findDocument(deps.db.kysely, v.id);
  if (!doc)
    throw new AppError("files/not-indexed", `"${v.filename}" has not been indexed yet: its pages are not available.`);
  const page = await findPage(deps.db.kysely, { versionId: v.id, page: o.page });
  if (!page) {
    throw new AppError(
      "not_found",
      doc.page_count > 0
        ? `Page ${o.page} not found: "${v.filename}" has ${doc.page_count} page${doc.page_count === 1 ? "" : "s"}.`
        : `"${v.filename}" has no pages with text.`,
    );
  }
  return {
    file_id: v.file_id,
    version_id: v.id,
    filename: v.filename,
    content_type: v.content_type || DEFAULT_CONTENT_TYPE,
    page: o.page,
    page_count: doc.page_count,
    text: page.text,
    sheet: page.sheet_layout ? (JSON.parse(page.sheet_layout) as PageText["sheet"]) : null,
  };
}

/**
 * A readable version, with what the response needs to describe it: `read` streams its bytes, or
 * one range of them (checked against `byteSize` by the caller). `etag` is strong: a version's bytes
 * never change, and its checksum names them.
 */
export async function openVersionContent(
  deps: Deps,
  o: Target,
): Promise<{
  read: (range?: ByteRange) => Promise<Readable>;
  byteSize: number;
  contentType: string;
  filename: string;
  etag: string;
}> {
  const v = await loadVersion(deps, o);
  const stat = await deps.blobs.stat(v.blob_key);
  if (!stat) throw new AppError("not_found", "The file's bytes are no longer available.");
  return {
    read: (range) => deps.blobs.get(v.blob_key, range),
    byteSize: stat.byteSize,
    contentType: v.content_type || DEFAULT_CONTENT_TYPE,
    filename: v.filename,
    etag: `"${v.checksum}"`,
  };
}
