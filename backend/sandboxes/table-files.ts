import { Worker } from "node:worker_threads";
import { WorkbookError } from "../workbooks/errors.ts";
import { loadWorkbook } from "../workbooks/load-workbook.ts";
import { SandboxError } from "./errors.ts";
import { csvRows, sheetRows, sqlName, typedTable, unique, type RawTable } from "./table-rows.ts";
import type { TableFile, TableLimits, WorkspaceTable } from "./workspace-tables.ts";

/** Files up to this size are parsed in the API process; larger ones in a worker thread. */
export const INLINE_PARSE_BYTES = 1024 * 1024;
/** A worker parsing one file (20 MB of workbook at most) is stopped after this long. */
const PARSE_TIMEOUT_MS = 60_000;

/** The tables of one CSV/TSV file (one) or .xlsx workbook (one per non-empty sheet). */
export async function tablesFromBytes(
  bytes: Uint8Array,
  file: TableFile,
  limits: TableLimits,
): Promise<WorkspaceTable[]> {
  const table = (name: string, raw: RawTable, sheet?: string): WorkspaceTable => ({
    ...typedTable(name, raw.rows),
    file_id: file.id,
    filename: file.filename,
    ...(sheet !== undefined ? { sheet } : {}),
    rows_truncated: raw.truncated,
  });
  if (file.kind === "csv") return [table(file.stem, csvRows(bytes, file.filename, limits.maxRows))];
  const model = await loadWorkbook(bytes, { limits: { maxFileBytes: limits.maxFileBytes } });
  const used = new Set<string>();
  return model.sheets
    .filter((s) => s.bounds)
    .map((s) =>
      table(
        `${file.stem}__${unique(sqlName(s.name, "sheet"), used)}`,
        sheetRows(s, model.date1904, limits.maxRows),
        s.name,
      ),
    );
}

const BOOTSTRAP = `import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${JSON.stringify(new URL("./table-worker.ts", import.meta.url).href)}); });`;

export interface TableJob {
  bytes: Uint8Array;
  file: TableFile;
  limits: TableLimits;
}
export type TableReply = { ok: true; tables: WorkspaceTable[] } | { ok: false; message: string };

/**
 * `tablesFromBytes`, with a large file parsed in a worker thread: a 20 MB workbook takes exceljs
 * seconds and hundreds of MB, which would stall every request of the API process meanwhile.
 */
export function parseTables(bytes: Uint8Array, file: TableFile, limits: TableLimits): Promise<WorkspaceTable[]> {
  if (bytes.byteLength <= INLINE_PARSE_BYTES) return tablesFromBytes(bytes, file, limits);
  return new Promise((resolve, reject) => {
    const worker = new Worker(BOOTSTRAP, {
      eval: true,
      resourceLimits: { maxOldGenerationSizeMb: 1024 },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      fn();
    };
    const timer = setTimeout(
      () => finish(() => reject(new SandboxError(`reading it took longer than ${PARSE_TIMEOUT_MS / 1000} s`))),
      PARSE_TIMEOUT_MS,
    );
    worker.on("message", (reply: TableReply) =>
      finish(() => (reply.ok ? resolve(reply.tables) : reject(new SandboxError(reply.message)))),
    );
    worker.on("error", (err) =>
      finish(() =>
        reject(
          new SandboxError(
            /memory/i.test(err.message) ? "reading it needed too much memory" : `reading it failed: ${err.message}`,
          ),
        ),
      ),
    );
    worker.on("exit", (code) => finish(() => reject(new SandboxError(`reading it stopped (exit code ${code})`))));
    worker.postMessage({ bytes, file, limits } satisfies TableJob);
  });
}

/** A parse failure the user can act on; anything else is logged by the caller. */
export function tableErrorMessage(err: unknown): string | null {
  return err instanceof WorkbookError || err instanceof SandboxError ? err.message : null;
}
