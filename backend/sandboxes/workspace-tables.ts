import type { Deps } from "../deps.ts";
import { listCurrentWorkspaceFiles } from "../files/repo.ts";
import { SandboxError } from "./errors.ts";
import type { SqlTable } from "./sql-sandbox.ts";
import { parseTables, tableErrorMessage } from "./table-files.ts";
import { sqlName, unique } from "./table-rows.ts";

export interface TableLimits {
  /** One file read from the blob store. */
  maxFileBytes: number;
  /** Rows of one table (past the header); the rest is left out and said so. */
  maxRows: number;
  /** Below this many bytes of tabular files in all, every table is loaded for every query. */
  loadAllBelowBytes: number;
  /** Bytes of files loaded for one query. */
  maxTotalBytes: number;
}

export const defaultTableLimits: TableLimits = {
  maxFileBytes: 20 * 1024 * 1024,
  maxRows: 200_000,
  loadAllBelowBytes: 10 * 1024 * 1024,
  maxTotalBytes: 100 * 1024 * 1024,
};

/** A CSV/TSV file or a workbook of the workspace, with the SQL name its tables start with. */
export interface TableFile {
  id: string;
  filename: string;
  blobKey: string;
  byteSize: number;
  kind: "csv" | "xlsx";
  /** `sales_2022` for sales-2022.csv; a workbook's sheets are `<stem>__<sheet>`. */
  stem: string;
}

export interface WorkspaceTable extends SqlTable {
  file_id: string;
  filename: string;
  sheet?: string;
  /** Only the first `maxRows` rows were loaded. */
  rows_truncated: boolean;
}

/** A file whose tables could not be loaded, and why. */
export interface TableProblem {
  filename: string;
  message: string;
}

type Loaded = { tables: WorkspaceTable[] } | { problem: TableProblem };

const TABULAR = /\.(csv|tsv|xlsx|xlsm)$/i;

/**
 * The tables one answer may query: every CSV/TSV file and every sheet of every .xlsx workbook in
 * the question's scope (workspace files with a current version, uploaded or indexed). Listed once
 * and each file parsed at most once per answer, on first use.
 */
export class WorkspaceTables {
  private files: Promise<TableFile[]> | null = null;
  private readonly loaded = new Map<string, Promise<Loaded>>();

  constructor(
    private readonly ctx: { deps: Deps; workspaceId: string; fileIds?: string[] },
    private readonly limits: TableLimits = defaultTableLimits,
  ) {}

  list(): Promise<TableFile[]> {
    this.files ??= listTableFiles(this.ctx);
    return this.files;
  }

  /**
   * The tables a query needs: the files whose names it mentions; all of them when they are small
   * in total, or when it names none (SHOW TABLES, information_schema, a misspelt name).
   */
  async forQuery(sql: string): Promise<{ tables: WorkspaceTable[]; problems: TableProblem[] }> {
    const files = await this.list();
    const words = new Set(
      [...sql.matchAll(/"((?:[^"]|"")+)"|([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => (m[1] ?? m[2]!).toLowerCase()),
    );
    const mentioned = files.filter((f) => words.has(f.stem) || [...words].some((w) => w.startsWith(`${f.stem}__`)));
    const total = files.reduce((sum, f) => sum + f.byteSize, 0);
    return this.load(mentioned.length === 0 || total <= this.limits.loadAllBelowBytes ? files : mentioned);
  }

  /** Every table, as far as the total byte limit allows. */
  async all(): Promise<{ tables: WorkspaceTable[]; problems: TableProblem[] }> {
    return this.load(await this.list());
  }

  private async load(files: TableFile[]): Promise<{ tables: WorkspaceTable[]; problems: TableProblem[] }> {
    const tables: WorkspaceTable[] = [];
    const problems: TableProblem[] = [];
    let budget = this.limits.maxTotalBytes;
    for (const file of files) {
      budget -= file.byteSize;
      if (budget < 0) {
        problems.push({
          filename: file.filename,
          message: `not loaded: the tables of one query may come from at most ${mb(this.limits.maxTotalBytes)} MB of files; name fewer tables`,
        });
        continue;
      }
      let loading = this.loaded.get(file.id);
      if (!loading) {
        loading = loadFile(this.ctx.deps, file, this.limits);
        this.loaded.set(file.id, loading);
      }
      const out = await loading;
      if ("problem" in out) problems.push(out.problem);
      else tables.push(...out.tables);
    }
    return { tables, problems };
  }
}

async function listTableFiles(ctx: { deps: Deps; workspaceId: string; fileIds?: string[] }): Promise<TableFile[]> {
  if (ctx.fileIds && ctx.fileIds.length === 0) return [];
  const rows = await listCurrentWorkspaceFiles(ctx.deps.db.kysely, {
    workspaceId: ctx.workspaceId,
    fileIds: ctx.fileIds,
  });
  const used = new Set<string>();
  return rows
    .filter((r) => TABULAR.test(r.filename))
    .map((r) => ({
      id: r.id,
      filename: r.filename,
      blobKey: r.blob_key,
      byteSize: Number(r.byte_size),
      kind: /\.(csv|tsv)$/i.test(r.filename) ? "csv" : "xlsx",
      stem: unique(sqlName(r.filename.replace(TABULAR, ""), "table"), used),
    }));
}

async function loadFile(deps: Deps, file: TableFile, limits: TableLimits): Promise<Loaded> {
  const fail = (message: string): Loaded => ({ problem: { filename: file.filename, message } });
  if (file.byteSize > limits.maxFileBytes)
    return fail(`not loaded: ${mb(file.byteSize)} MB, over the ${mb(limits.maxFileBytes)} MB limit for a table file`);
  try {
    const bytes = await readBlob(deps, file.blobKey, limits.maxFileBytes);
    return { tables: await parseTables(bytes, file, limits) };
  } catch (err) {
    const known = tableErrorMessage(err);
    if (known) return fail(`not loaded: ${known}`);
    deps.log.warn(`[agent] loading the tables of file ${file.id} failed:`, err);
    return fail("not loaded: the file could not be read");
  }
}

async function readBlob(deps: Deps, key: string, maxBytes: number): Promise<Uint8Array> {
  const stream = await deps.blobs.get(key);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      stream.destroy();
      throw new SandboxError(`over the ${mb(maxBytes)} MB limit for a table file`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function mb(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0);
}
