import { tool, zodSchema } from "ai";
import { z } from "zod";
import { isAppError } from "../../../contracts/errors.ts";
import { findFile } from "../../files/repo.ts";
import { saveThreadFileVersion } from "../../thread-files/save.ts";
import { findVersion } from "../../thread-files/repo.ts";
import type { ToolContext } from "./context.ts";
import { ToolInputError } from "./context.ts";
import { WorkbookError } from "../../workbooks/errors.ts";
import { defaultWorkbookLimits } from "../../workbooks/limits.ts";
import { loadWorkbook } from "../../workbooks/load-workbook.ts";
import { readModel } from "../../workbooks/read-workbook.ts";
import { traceFormula } from "../../workbooks/trace-formula.ts";
import { writeWorkbook } from "../../workbooks/write-workbook.ts";
import { writeWorkbookSpec } from "../../workbooks/write-workbook-spec.ts";

/** Caps on what one workbook tool call hands the model. */
const READ_MAX_CELLS = 2_000;
const TRACE_MAX_NODES = 300;
const TRACE_MAX_DEPTH = 30;
const WRITE_MAX_VALUES = 200;

const source = {
  file_id: z.string().min(1).optional().describe("A workspace file (an .xlsx) by file_id"),
  version_id: z
    .string()
    .min(1)
    .optional()
    .describe("A thread file version by version_id (e.g. a workbook you wrote earlier in this thread)"),
};

const readWorkbookInput = zodSchema(
  z.object({
    ...source,
    sheets: z.array(z.string().min(1)).max(50).optional().describe("Only these sheets"),
    range: z.string().max(100).optional().describe("Only this area, e.g. A1:F40 or 'Sheet 2'!B:B"),
  }),
);

const traceFormulaInput = zodSchema(
  z.object({
    ...source,
    cell: z
      .string()
      .min(1)
      .max(200)
      .describe("The cell, like Sheet1!B5 or 'My sheet'!C7, or a defined name of one cell"),
    direction: z.enum(["precedents", "dependents", "both"]).optional().describe("Default precedents"),
    max_depth: z.number().int().min(1).max(TRACE_MAX_DEPTH).optional(),
  }),
);

const writeWorkbookInput = zodSchema(
  z.object({
    ...source,
    filename: z.string().min(1).max(200).optional().describe("File name for a new workbook (default workbook.xlsx)"),
    spec: writeWorkbookSpec,
  }),
);

/**
 * The spreadsheet tools: read a workbook's cells and formulas, trace how a cell is computed, and
 * write (or edit) a workbook with live formulas, saved as a new version of a thread file.
 */
export function workbookTools(ctx: ToolContext) {
  return {
    read_workbook: tool({
      description: `Read an .xlsx: its sheets, cell values (as saved), formulas, number formats and comments (at most ${READ_MAX_CELLS} cells a call; narrow with sheets or range).`,
      inputSchema: readWorkbookInput,
      execute: ({ file_id, version_id, sheets, range }) =>
        guarded(async () => {
          const { bytes, ...from } = await workbookBytes(ctx, { file_id, version_id });
          const model = await loadWorkbook(bytes);
          return { ...from, ...readModel(model, { sheets, range, maxCells: READ_MAX_CELLS }) };
        }),
    }),
    trace_formula: tool({
      description:
        "Trace how a cell of an .xlsx is computed: its precedents (the cells its formula reads, across sheets, down to the hard-coded inputs) and/or its dependents, as a graph of nodes and edges.",
      inputSchema: traceFormulaInput,
      execute: ({ file_id, version_id, cell, direction, max_depth }) =>
        guarded(async () => {
          const { bytes, ...from } = await workbookBytes(ctx, { file_id, version_id });
          const trace = traceFormula(await loadWorkbook(bytes), cell, {
            direction,
            maxDepth: max_depth ?? TRACE_MAX_DEPTH,
            maxNodes: TRACE_MAX_NODES,
          });
          return { ...from, ...trace };
        }),
    }),
    write_workbook: tool({
      description: [
        "Create an .xlsx (or edit one: pass the version_id of a thread file, or the file_id of a workspace workbook) with live formulas, number formats and formatting.",
        "Give each sheet rows (values, or strings starting with = for formulas) and/or cells ({ref, value | formula, numFmt, bold, fill, comment, source}).",
        "Put every hard-coded input's origin in `source` {file_id, page, quote}: it becomes the cell's comment. The file is saved to this thread as a new version;",
        "the result lists the computed value of each formula written, to check before you answer.",
      ].join(" "),
      inputSchema: writeWorkbookInput,
      execute: ({ file_id, version_id, filename, spec }) =>
        guarded(async () => {
          if (!ctx.threadId) throw new ToolInputError("Workbooks can only be written while answering in a thread.");
          const base = file_id || version_id ? await workbookBytes(ctx, { file_id, version_id }) : undefined;
          const written = await writeWorkbook(spec, base ? { base: base.bytes } : {});
          const saved = await saveThreadFileVersion(ctx.deps, {
            actor: ctx.actor,
            workspaceId: ctx.workspaceId,
            threadId: ctx.threadId,
            body: written.bytes,
            filename,
            versionId: base?.source === "thread" ? base.version_id : undefined,
            originalFileId: base?.source === "workspace" ? base.file_id : undefined,
            messageId: ctx.messageId ?? null,
          });
          ctx.emit?.({
            type: "file_version_created",
            file_id: saved.file_id,
            version_id: saved.version_id,
            filename: saved.filename,
          });
          const values = Object.entries(written.summary.values);
          return {
            file_id: saved.file_id,
            version_id: saved.version_id,
            filename: saved.filename,
            version: saved.number,
            ...written.summary,
            values: Object.fromEntries(values.slice(0, WRITE_MAX_VALUES)),
            valuesTruncated: written.summary.valuesTruncated || values.length > WRITE_MAX_VALUES,
          };
        }),
    }),
  };
}

type Loaded = {
  bytes: Uint8Array;
  source: "workspace" | "thread";
  file_id: string;
  version_id: string;
  filename: string;
};

/** The bytes of the workbook a call names: a workspace file (within the question's scope) or a thread file version. */
async function workbookBytes(ctx: ToolContext, o: { file_id?: string; version_id?: string }): Promise<Loaded> {
  if (Boolean(o.file_id) === Boolean(o.version_id))
    throw new ToolInputError(
      "Name the workbook with exactly one of file_id (a workspace file) or version_id (a thread file version).",
    );
  const db = ctx.deps.db.kysely;
  let row: {
    blob_key: string | null;
    byte_size: number | string | null;
    file_id: string;
    version_id: string | null;
    filename: string;
  };
  let from: Loaded["source"];
  if (o.file_id) {
    if (ctx.fileIds && !ctx.fileIds.includes(o.file_id))
      throw new ToolInputError("That file is outside the files this question is limited to.");
    const f = await findFile(db, { id: o.file_id, scope: "workspace", workspaceId: ctx.workspaceId });
    if (!f || f.status === "uploading") throw new ToolInputError(`No file ${o.file_id} in this workspace.`);
    row = { ...f, file_id: f.id };
    from = "workspace";
  } else {
    const v = ctx.threadId
      ? await findVersion(db, { workspaceId: ctx.workspaceId, threadId: ctx.threadId, versionId: o.version_id! })
      : undefined;
    if (!v) throw new ToolInputError(`No thread file version ${o.version_id} in this thread.`);
    row = v;
    from = "thread";
  }
  if (!row.blob_key || !row.version_id) throw new ToolInputError(`The file ${row.filename} has no stored bytes yet.`);
  if (Number(row.byte_size) > defaultWorkbookLimits.maxFileBytes)
    throw new ToolInputError(`${row.filename} is too large for the workbook tools.`);
  const chunks: Buffer[] = [];
  for await (const chunk of await ctx.deps.blobs.get(row.blob_key)) chunks.push(chunk as Buffer);
  return {
    bytes: new Uint8Array(Buffer.concat(chunks)),
    source: from,
    file_id: row.file_id,
    version_id: row.version_id,
    filename: row.filename,
  };
}

/** Workbook and API refusals become the tool's error, which the model reads and can act on. */
async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof WorkbookError) throw new ToolInputError(`${err.code}: ${err.message}`);
    if (isAppError(err)) throw new ToolInputError(err.message);
    throw err;
  }
}
