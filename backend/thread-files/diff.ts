import { AppError } from "../../contracts/errors.ts";
import type { ThreadFileDiff } from "../../contracts/thread-files.ts";
import { TextDiffError, textDiff } from "./text-diff.ts";
import { diffWorkbooks } from "../workbooks/diff-workbooks.ts";
import type { Deps } from "../deps.ts";
import { loadThread } from "../threads/service.ts";
import { ADDON_MAX_BYTES, unreadable } from "./addon.ts";
import { kindOf } from "./kinds.ts";
import { findVersion } from "./repo.ts";
import { readVersionBytes, type ThreadTarget } from "./service.ts";

/** Cell changes listed at most in one diff. */
export const DIFF_MAX_CHANGES = 5_000;

/**
 * What changed from one version of a thread file to another: cell by cell for a workbook (values,
 * formulas, rows and sheets added or removed), line by line for a text. Both versions must be of
 * the file named in the path.
 */
export async function diffThreadFile(
  deps: Deps,
  o: ThreadTarget & { fileId: string; from: string; to: string },
): Promise<ThreadFileDiff> {
  await loadThread(deps, o.actor, o.workspaceId, o.threadId, "read");
  const [from, to] = await Promise.all(
    [o.from, o.to].map((versionId) => findVersion(deps.db.kysely, { ...o, versionId })),
  );
  if (!from || !to) throw new AppError("not_found", "Thread file version not found.");
  if (from.file_id !== o.fileId || to.file_id !== o.fileId) {
    throw new AppError(
      "thread-files/different-files",
      "Both versions must be versions of this file: a diff compares two versions of one file.",
    );
  }
  const kind = kindOf(from.filename, to.content_type);
  const [a, b] = await Promise.all([from, to].map((v) => readVersionBytes(deps, v, ADDON_MAX_BYTES)));
  const head = { file_id: o.fileId, from: from.version_id, to: to.version_id };
  if (kind === "workbook") {
    const d = await diffWorkbooks(new Uint8Array(a!), new Uint8Array(b!), { maxChanges: DIFF_MAX_CHANGES }).catch(
      unreadable,
    );
    const state = (s: { value: unknown; formula?: string } | null) =>
      s ? { value: s.value as ThreadFileDiffCellValue, formula: s.formula ?? null } : null;
    return {
      kind,
      ...head,
      sheets_added: d.sheetsAdded,
      sheets_removed: d.sheetsRemoved,
      changes: d.cells.map((c) => ({
        sheet: c.sheet,
        cell: c.ref,
        before_cell: c.beforeRef ?? null,
        before: state(c.before),
        after: state(c.after),
        kind: c.change,
      })),
      rows: d.rows,
      truncated: d.truncated,
    };
  }
  if (kind === "binary")
    throw new AppError(
      "thread-files/unreadable",
      `"${from.filename}" is neither a workbook nor a text document: its versions can't be compared.`,
    );
  let t;
  try {
    t = textDiff(a!.toString("utf8"), b!.toString("utf8"));
  } catch (err) {
    if (err instanceof TextDiffError) throw new AppError("thread-files/unreadable", err.message);
    throw err;
  }
  return {
    kind,
    ...head,
    identical: t.identical,
    added: t.added,
    removed: t.removed,
    hunks: t.hunks.map((h) => ({
      old_start: h.oldStart,
      old_lines: h.oldLines,
      new_start: h.newStart,
      new_lines: h.newLines,
      lines: h.lines.map((l) => ({
        type: l.type,
        old_line: l.oldLine ?? null,
        new_line: l.newLine ?? null,
        text: l.text,
      })),
    })),
  };
}

type ThreadFileDiffCellValue = number | string | boolean | null | { error: string };
