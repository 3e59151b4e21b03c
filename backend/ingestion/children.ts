import crypto from "node:crypto";
import { Readable } from "node:stream";
import { AppError } from "../../contracts/errors.ts";
import type { Deps } from "../deps.ts";
import { assertQuota } from "../files/quota.ts";
import { insertFileIfAbsent, insertVersion, listExistingFileIds } from "../files/repo.ts";
import { DEFAULT_CONTENT_TYPE, extensionOf, isSupported } from "../files/supported.ts";
import { uniqueNames } from "../files/zip.ts";
import { blobKey } from "../platform/blobs/blob-store.ts";
import { enqueueIngest } from "./jobs.ts";
import { now } from "../platform/clock.ts";
import { ParseError, type ChildFile } from "./types.ts";

/** An upload is depth 0; its entries 1; entries of an archive inside it 2. Nothing deeper. */
export const MAX_ARCHIVE_DEPTH = 2;

export interface ArchiveFile {
  id: string;
  versionId: string;
  workspaceId: string | null;
  ownerId: string;
  filename: string;
  depth: number;
}

/**
 * Turns the files found inside an archive (ZIP entries, EML attachments) into files of the same
 * workspace, named `<archive name>/<path inside>`, each stored in the BlobStore and queued for
 * indexing like an upload, against the archive owner's quota. Ids derive from the archive's
 * version and the entry, so a job run twice (a retry, a worker that died) finds the files it
 * already made and adds none twice. Entries of types a workspace doesn't take are skipped.
 */
export async function createChildFiles(
  deps: Deps,
  parent: ArchiveFile,
  children: ChildFile[],
): Promise<{ created: number; skipped: string[] }> {
  const depth = parent.depth + 1;
  if (depth > MAX_ARCHIVE_DEPTH) {
    throw new ParseError(
      "too-deep",
      `"${parent.filename}" is an archive inside ${parent.depth} other archives; archives are expanded at most ${MAX_ARCHIVE_DEPTH} levels deep.`,
    );
  }
  const names = uniqueNames(children.map((c) => `${parent.filename}/${entryPath(c.name)}`));
  const planned = children.map((c, i) => ({
    name: names[i]!,
    bytes: c.bytes,
    fileId: childId(parent.versionId, i, c.name, "file"),
    versionId: childId(parent.versionId, i, c.name, "version"),
  }));
  const skipped = planned.filter((p) => !isSupported(p.name)).map((p) => p.name);
  const wanted = planned.filter((p) => isSupported(p.name));
  const db = deps.db.kysely;
  const existing = new Set(
    await listExistingFileIds(
      db,
      wanted.map((p) => p.fileId),
    ),
  );
  const todo = wanted.filter((p) => !existing.has(p.fileId));
  try {
    await assertQuota(deps, {
      userId: parent.ownerId,
      addBytes: todo.reduce((n, p) => n + p.bytes.byteLength, 0),
      when: "finalize",
    });
  } catch (err) {
    if (err instanceof AppError)
      throw new ParseError("too-large", `The archive's files were not added. ${err.message}`);
    throw err;
  }
  let created = 0;
  for (const p of todo) {
    const key = blobKey("files", p.versionId);
    const contentType = CONTENT_TYPES[extensionOf(p.name)] ?? DEFAULT_CONTENT_TYPE;
    const { byteSize } = await deps.blobs.put(
      key,
      Readable.from([Buffer.from(p.bytes.buffer, p.bytes.byteOffset, p.bytes.byteLength)]),
      { contentType, maxBytes: p.bytes.byteLength },
    );
    const checksum = crypto.createHash("sha256").update(p.bytes).digest("hex");
    const t = now();
    await db.transaction().execute(async (tx) => {
      // Two workers expanding the same archive at once (one presumed dead) insert the same ids: the second adds nothing.
      const inserted = await insertFileIfAbsent(tx, {
        id: p.fileId,
        scope: "workspace",
        workspace_id: parent.workspaceId,
        owner_id: parent.ownerId,
        filename: p.name,
        current_version_id: p.versionId,
        status: "uploaded",
        error: null,
        parent_file_id: parent.id,
        archive_depth: depth,
        created_at: t,
        updated_at: t,
      });
      if (!inserted) return;
      await insertVersion(tx, {
        id: p.versionId,
        file_id: p.fileId,
        blob_key: key,
        byte_size: byteSize,
        content_type: contentType,
        checksum,
        created_by: parent.ownerId,
        created_at: t,
      });
      await enqueueIngest(tx, { fileId: p.fileId, versionId: p.versionId });
      created++;
    });
  }
  if (skipped.length)
    deps.log.info(
      `[ingest] ${parent.filename}: skipped ${skipped.length} entr${skipped.length === 1 ? "y" : "ies"} of unsupported types`,
    );
  return { created, skipped };
}

/** The entry's path as a label: forward slashes, no leading slash, no "." or ".." segments. */
function entryPath(name: string): string {
  const parts = name
    .replace(/\\/g, "/")
    .split("/")
    .filter((s) => s && s !== "." && s !== "..");
  return parts.join("/") || "unnamed";
}

/** A UUID-shaped id fixed by the archive version and the entry (its position and name). */
function childId(parentVersionId: string, index: number, name: string, kind: "file" | "version"): string {
  const h = crypto.createHash("sha256").update(`${parentVersionId}\0${index}\0${name}\0${kind}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

const CONTENT_TYPES: Record<string, string> = {
  ".pdf": "application/pdf",
  ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ".pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  ".csv": "text/csv",
  ".txt": "text/plain",
  ".md": "text/markdown",
  ".html": "text/html",
  ".json": "application/json",
  ".eml": "message/rfc822",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".zip": "application/zip",
};
