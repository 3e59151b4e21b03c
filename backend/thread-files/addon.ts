import { AppError } from "../../contracts/errors.ts";
import type { ThreadFileAddon } from "../../contracts/thread-files.ts";
import { WorkbookError } from "../workbooks/errors.ts";
import { readWorkbook } from "../workbooks/read-workbook.ts";
import type { Deps } from "../deps.ts";
import { kindOf } from "./kinds.ts";
import { loadVersion, readVersionBytes, type ThreadTarget } from "./service.ts";

/** What the viewer is given at most: cells across sheets, characters of a text, bytes read. */
export const ADDON_MAX_CELLS = 20_000;
export const ADDON_MAX_CHARS = 1_000_000;
export const ADDON_MAX_BYTES = 50 * 1024 * 1024;

/** A workbook's failures (corrupt, too large) as the API's error: the file can't be shown. */
export function unreadable(err: unknown): never {
  if (err instanceof WorkbookError) throw new AppError("thread-files/unreadable", err.message);
  throw err;
}

/** What the viewer needs to show a version: a workbook's sheets and cells, or a document's text. */
export async function getThreadFileAddon(
  deps: Deps,
  o: ThreadTarget & { versionId: string; latest: boolean },
): Promise<ThreadFileAddon> {
  const v = await loadVersion(deps, o);
  const head = {
    file_id: v.file_id,
    version_id: v.version_id,
    filename: v.filename,
    is_latest: v.version_id === v.current_version_id,
  };
  const kind = kindOf(v.filename, v.content_type);
  if (kind === "binary") return { kind, ...head, content_type: v.content_type };
  const bytes = await readVersionBytes(deps, v, ADDON_MAX_BYTES);
  if (kind === "text") {
    const text = bytes.toString("utf8");
    return { kind, ...head, text: text.slice(0, ADDON_MAX_CHARS), truncated: text.length > ADDON_MAX_CHARS };
  }
  const book = await readWorkbook(new Uint8Array(bytes), { maxCells: ADDON_MAX_CELLS }).catch(unreadable);
  return {
    kind,
    ...head,
    sheets: book.sheets.map((s) => ({
      name: s.name,
      hidden: Boolean(s.hidden),
      dimensions: s.dimensions,
      cell_count: s.cellCount,
      cells: s.cells.map((c) => ({
        ref: c.ref,
        value: c.value,
        formula: c.formula ?? null,
        num_fmt: c.numFmt ?? null,
        text: c.text ?? null,
        comment: c.comment ?? null,
      })),
      truncated: s.truncated,
    })),
    truncated: book.truncated,
  };
}
