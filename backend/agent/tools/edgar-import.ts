import { setTimeout as sleep } from "node:timers/promises";
import { tool, zodSchema } from "ai";
import { z } from "zod";
import type { StreamEvent } from "../../../contracts/agent.ts";
import { accessionNumber, cik, type EdgarConfirmationFiling } from "../../../contracts/edgar.ts";
import { isAppError } from "../../../contracts/errors.ts";
import { importFiling, listFilings } from "../../edgar/service.ts";
import { listFileStatuses } from "../../files/repo.ts";
import { askConfirmation } from "../confirmations.ts";
import { ToolInputError, type ToolContext } from "./context.ts";

const MAX_FILINGS = 10;
/** How many pages of a company's filings (100 each) are searched for the asked accession numbers. */
const MAX_LIST_PAGES = 20;
const INGEST_POLL_MS = 500;

const edgarImportInput = zodSchema(
  z.object({
    cik: cik.describe("The company's CIK (from edgar_search)"),
    accession_numbers: z
      .array(accessionNumber)
      .min(1)
      .max(MAX_FILINGS)
      .describe("The filings to import (accession numbers from edgar_search)"),
    include_exhibits: z.boolean().optional().describe("Also import the filings' exhibits (default false)"),
  }),
);

type ImportedFile = Extract<StreamEvent, { type: "import_progress" }>["files"][number];
type Failure = { accession_number: string; message: string };

/** EDGAR's refusals (unknown filing, throttled, not configured) are the model's to explain. */
function asToolError(err: unknown): unknown {
  if (isAppError(err) && (err.code.startsWith("edgar/") || err.code === "validation_failed"))
    return new ToolInputError(err.message);
  return err;
}

/** The asked filings as the user will see them, from the company's listing (newest first). */
async function describeFilings(ctx: ToolContext, o: { cik: number; accessionNumbers: string[] }) {
  const wanted = new Set(o.accessionNumbers);
  const found = new Map<string, EdgarConfirmationFiling>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_LIST_PAGES && found.size < wanted.size; page++) {
    const listed = await listFilings(ctx.deps, { cik: o.cik, limit: 100, cursor });
    for (const { primary_document: _doc, ...f } of listed.filings)
      if (wanted.has(f.accession_number)) found.set(f.accession_number, f);
    if (!listed.next_cursor) break;
    cursor = listed.next_cursor;
  }
  const missing = o.accessionNumbers.filter((a) => !found.has(a));
  if (missing.length)
    throw new ToolInputError(`CIK ${o.cik} has no filing ${missing.join(", ")} on SEC EDGAR (use edgar_search).`);
  return [...wanted].map((a) => found.get(a)!);
}

/**
 * Waits until every file is indexed or failed (or `waitMs` passed, or the answer was stopped),
 * sending import_progress whenever a status changes. Returns the files with their last status.
 */
async function waitForIndexing(
  ctx: ToolContext,
  o: { id: string; files: ImportedFile[]; failures: Failure[]; waitMs: number; signal?: AbortSignal },
): Promise<ImportedFile[]> {
  const ids = new Set(o.files.map((f) => f.id));
  const until = Date.now() + o.waitMs;
  let files = o.files;
  let sent = "";
  for (;;) {
    const states = await listFileStatuses(ctx.deps.db.kysely, { workspaceId: ctx.workspaceId, fileIds: [...ids] });
    const byId = new Map(states.map((s) => [s.id, s]));
    files = files.map((f) => ({ ...f, status: byId.get(f.id)?.status ?? "failed" }));
    const shown = JSON.stringify(files);
    if (shown !== sent) {
      ctx.emit?.({ type: "import_progress", id: o.id, files, failures: o.failures });
      sent = shown;
    }
    const settled = files.every((f) => f.status === "indexed" || f.status === "failed");
    if (settled || o.signal?.aborted || Date.now() >= until) return files;
    await sleep(Math.min(INGEST_POLL_MS, until - Date.now()), undefined, { signal: o.signal }).catch(() => undefined);
  }
}

/**
 * edgar_import: imports SEC filings into the workspace once the user approves them in the answer
 * (askConfirmation), then waits for their indexing so the model can search and cite them in the
 * same answer. Declined, or left unanswered, nothing is imported and the model is told so.
 */
export function edgarImportTool(ctx: ToolContext) {
  return tool({
    description:
      "Import SEC filings (by CIK and accession numbers from edgar_search) into this workspace so you can search and cite them. The user is shown the filings and must approve; the result says whether they did. Once imported and indexed, search them with search_documents (their file_ids) and cite their pages.",
    inputSchema: edgarImportInput,
    execute: async ({ cik, accession_numbers, include_exhibits }, { abortSignal }) => {
      const { deps } = ctx;
      if (!ctx.messageId || !ctx.emit) throw new ToolInputError("Importing filings needs an answer in a thread.");
      const filings = await describeFilings(ctx, { cik, accessionNumbers: accession_numbers }).catch((err: unknown) => {
        throw asToolError(err);
      });
      const { id: confirmationId, outcome } = await askConfirmation(deps, {
        messageId: ctx.messageId,
        emit: ctx.emit,
        request: { kind: "edgar_import", filings, include_exhibits: include_exhibits ?? false },
        timeoutMs: deps.config.EDGAR_CONFIRM_TIMEOUT_MS,
        signal: abortSignal,
      });
      if (abortSignal?.aborted) throw new Error("The answer was stopped while waiting for the user.");
      if (outcome !== "approved") {
        const why =
          outcome === "declined"
            ? "The user declined the import"
            : `The user did not confirm the import within ${Math.round(deps.config.EDGAR_CONFIRM_TIMEOUT_MS / 1000)} seconds`;
        return {
          status: outcome === "declined" ? "declined" : "not_confirmed",
          message: `${why}: nothing was imported. Answer without these filings, and say that they were not added.`,
        };
      }
      const files: ImportedFile[] = [];
      const failures: Failure[] = [];
      for (const f of filings) {
        try {
          const imported = await importFiling(deps, {
            actor: ctx.actor,
            workspaceId: ctx.workspaceId,
            cik,
            accessionNumber: f.accession_number,
            includeExhibits: include_exhibits,
          });
          for (const file of imported.files)
            if (!files.some((x) => x.id === file.id)) files.push({ ...file, status: "uploaded" });
        } catch (err) {
          if (!isAppError(err) || err.status >= 500) deps.log.error("[agent] edgar_import failed:", err);
          failures.push({
            accession_number: f.accession_number,
            message: isAppError(err) ? err.message : "The import failed.",
          });
        }
      }
      // The user chose these files for this question: a question limited to some files covers them too.
      if (ctx.fileIds) ctx.fileIds.push(...files.map((f) => f.id).filter((id) => !ctx.fileIds!.includes(id)));
      const indexed = await waitForIndexing(ctx, {
        id: confirmationId,
        files,
        failures,
        waitMs: deps.config.EDGAR_IMPORT_WAIT_MS,
        signal: abortSignal,
      });
      return {
        status: "imported",
        files: indexed.map((f) => ({ file_id: f.id, filename: f.filename, status: f.status })),
        failures,
        note: indexed.every((f) => f.status === "indexed")
          ? "Search these files (search_documents with their file_ids) and cite their pages."
          : "Files not indexed yet cannot be searched in this answer; say so if they matter.",
      };
    },
  });
}
