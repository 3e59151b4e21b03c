import crypto from "node:crypto";
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { chargeIndexing } from "../billing/charges.ts";
import type { Deps } from "../deps.ts";
import { findFileWithCurrentBlob, setCurrentVersionStatus } from "../files/repo.ts";
import { complete, fail, type Job } from "../platform/jobs/queue.ts";
import { createChildFiles } from "./children.ts";
import { heartbeatIntervalMs, startHeartbeat } from "../platform/jobs/heartbeat.ts";
import type { Executor } from "../platform/db/index.ts";
import { asIngestJob, isReparse, type IngestJob } from "./jobs.ts";
import { markParsed, pagesWithText, parsedByCurrentRules } from "./repo.ts";
import { runParser, type RunParserOptions } from "./run-parser.ts";
import { writeVersionIndex } from "./store.ts";
import { ParseError, type ParsedDocument } from "./types.ts";

/** Options for tests and benches: parse limits, a shorter timeout. */
export type IngestOptions = Omit<RunParserOptions, "fileVersionId" | "fileName" | "onProgress">;

const now = () => new Date().toISOString();

/**
 * Indexes one file version: its bytes are copied to a temp file (parsers need a path), parsed in a
 * worker, and the document, pages and passages replace any earlier copy in one transaction with
 * the file's new status and the job's completion. Files found inside (ZIP entries, EML
 * attachments) become files of the workspace first, each with its own job. Meanwhile a heartbeat
 * keeps the job's lock fresh and carries the parser's page progress. A ParseError fails the file
 * for good with a message the user can read; anything else is retried by the queue.
 */
export async function processJob(deps: Deps, claimed: Job, options: IngestOptions = {}): Promise<void> {
  const db = deps.db.kysely;
  const job = asIngestJob(claimed);
  if (!job) {
    await fail(db, claimed, "An ingest job must name a file version.", { permanent: true });
    return;
  }
  const file = await findFileWithCurrentBlob(db, job.file_id);
  // The file was deleted or replaced by a newer version (which has its own job): nothing to do.
  if (!file || file.current_version_id !== job.version_id) {
    await complete(db, job.id);
    return;
  }
  // A background re-parse (reparse.ts) leaves the file indexed, and searchable, until its new index
  // replaces the old one; another worker's may have done it already.
  const reparse = isReparse(claimed);
  if (reparse && (await parsedByCurrentRules(db, job.version_id))) {
    await complete(db, job.id);
    return;
  }
  if (!reparse) await setFileStatus(deps, job, "indexing", null);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "ingest-"));
  const beat = startHeartbeat(deps, job, { intervalMs: heartbeatIntervalMs(deps.config.INGEST_STUCK_AFTER_MS) });
  try {
    const tmp = path.join(dir, `blob${path.extname(file.filename).toLowerCase()}`);
    await pipeline(await deps.blobs.get(file.blob_key), createWriteStream(tmp));
    const { document, passages } = await runParser(tmp, {
      ...options,
      // Not OCR again: seconds a page, for text the index already holds (below).
      ...(reparse ? { limits: { ...options.limits, ocrPdfPages: false } } : {}),
      fileVersionId: job.version_id,
      fileName: file.filename,
      onProgress: beat.progress,
    });
    if (reparse && (await keepsScannedText(db, job.version_id, document))) {
      await beat.stop();
      await markParsed(db, job.version_id);
      await complete(db, job.id);
      return;
    }
    if (document.children?.length) {
      const archive = {
        id: file.id,
        versionId: job.version_id,
        workspaceId: file.workspace_id,
        ownerId: file.owner_id,
        filename: file.filename,
        depth: file.archive_depth,
      };
      await createChildFiles(deps, archive, document.children);
      delete document.children;
    }
    await beat.stop();
    await db.transaction().execute(async (tx) => {
      await writeVersionIndex(tx, deps.search, {
        versionId: job.version_id,
        fileId: file.id,
        fileName: file.filename,
        workspaceId: file.workspace_id,
        document,
        passages,
      });
      if (!reparse) {
        await setCurrentVersionStatus(tx, {
          fileId: file.id,
          versionId: job.version_id,
          status: "indexed",
          error: null,
          at: now(),
        });
        await chargeIndexing(tx, deps, {
          userId: file.owner_id,
          versionId: job.version_id,
          workspaceId: file.workspace_id,
          filename: file.filename,
          pages: document.pages.length,
        });
      }
      await complete(tx, job.id);
    });
  } catch (err) {
    await beat.stop();
    const permanent = err instanceof ParseError;
    const message = permanent ? err.message : `Indexing failed: ${(err as Error).message ?? String(err)}`;
    if (!permanent) deps.log.warn(`[ingest] job ${job.id} (attempt ${job.attempts}) failed:`, err);
    const final = await fail(db, job, message, { permanent });
    // A re-parse that cannot be done keeps the index the file has, and is not tried again.
    if (reparse) {
      if (final) await markParsed(db, job.version_id);
    } else await setFileStatus(deps, job, final ? "failed" : "uploaded", final ? message : null);
  } finally {
    await beat.stop();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * Whether a re-parse (without OCR) would lose text: pages without a text layer that the index
 * holds text for, read by OCR when the file was indexed. A blank page is blank either way.
 */
async function keepsScannedText(db: Executor, versionId: string, document: ParsedDocument): Promise<boolean> {
  const scanned = document.pages.filter((p) => p.needsOcr).map((p) => p.page);
  return (await pagesWithText(db, { versionId, pages: scanned })).length > 0;
}

async function setFileStatus(
  deps: Deps,
  job: IngestJob,
  status: "indexing" | "uploaded" | "failed",
  error: string | null,
) {
  await setCurrentVersionStatus(deps.db.kysely, {
    fileId: job.file_id,
    versionId: job.version_id,
    status,
    error,
    at: now(),
  });
}

/** A worker's identity in job locks: host, process and a random suffix. */
export function workerId(): string {
  return `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString("hex")}`;
}
