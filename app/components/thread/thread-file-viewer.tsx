import { useMemo, useState } from "react";
import { Form } from "react-router";
import type { ThreadFile, ThreadFileAddon, ThreadFileDiff } from "../../../contracts/thread-files.ts";
import { columnName } from "./sheet-cells.ts";
import { useResourceJson } from "./use-resource-json.ts";
import { useDialogFocus } from "../ui/use-dialog-focus.ts";
import { formatCellValue, parseRef, type WorkbookAddon } from "./workbook-grid.ts";

/** What the thread file viewer opens: a version of a file the thread's answers (or the user) wrote. */
export interface ThreadFileTarget {
  file_id: string;
  version_id: string;
  filename: string;
}

/** Most rows and columns drawn of a sheet; the rest is said, not drawn. */
const MAX_ROWS = 500;
const MAX_COLS = 52;

/**
 * A thread file beside the thread: a workbook as sheets of cells (formulas shown for the selected
 * cell), a document as its text; its versions, a comparison with the version before (the changed
 * cells marked and listed, or the changed lines), download, and for the owner: add it to the
 * workspace. Escape closes it.
 */
export function ThreadFileViewer(o: {
  workspaceId: string;
  threadId: string;
  threadPath: string;
  target: ThreadFileTarget;
  canWrite: boolean;
  onClose: () => void;
}) {
  const base = `/resources/workspaces/${encodeURIComponent(o.workspaceId)}/threads/${encodeURIComponent(o.threadId)}`;
  const files = useResourceJson<{ files: ThreadFile[] }>(`${base}/files`, "This file");
  const file = files.state === "ok" ? (files.data.files.find((f) => f.file_id === o.target.file_id) ?? null) : null;
  // Newest first from the API; the list here reads oldest first, numbered as the API numbers them.
  const versions = useMemo(() => (file ? [...file.versions].sort((a, b) => a.number - b.number) : []), [file]);
  const [versionId, setVersionId] = useState(o.target.version_id);
  const [compare, setCompare] = useState(false);
  const at = versions.findIndex((v) => v.version_id === versionId);
  const previous = at > 0 ? versions[at - 1]! : null;
  const addon = useResourceJson<ThreadFileAddon>(`${base}/files/${encodeURIComponent(versionId)}/addon`, "This file");
  const diff = useResourceJson<ThreadFileDiff>(
    compare && previous
      ? `${base}/file-diff/${encodeURIComponent(o.target.file_id)}?from=${encodeURIComponent(previous.version_id)}&to=${encodeURIComponent(versionId)}`
      : null,
    "The comparison",
  );
  const heading = useDialogFocus(o.onClose);

  const filename = file?.filename ?? o.target.filename;
  const number = versions[at]?.number;
  return (
    <section
      aria-labelledby="thread-file-title"
      data-testid="thread-file-viewer"
      className="fixed inset-0 z-40 flex flex-col overflow-hidden bg-white lg:sticky lg:inset-auto lg:top-20 lg:z-auto lg:h-[calc(100vh-6rem)] lg:rounded-xl lg:border lg:border-slate-200 lg:shadow-sm"
    >
      <header className="flex items-start gap-2 border-b border-slate-100 px-4 py-3">
        <div className="min-w-0 flex-1">
          <h2
            id="thread-file-title"
            ref={heading}
            tabIndex={-1}
            className="truncate text-sm font-semibold text-slate-900 focus:outline-none"
          >
            {filename}
          </h2>
          <p className="text-xs text-slate-500">
            Thread file{number ? ` · version ${number} of ${versions.length}` : ""}
          </p>
        </div>
        <a
          href={`${base}/files/${encodeURIComponent(versionId)}/download`}
          className="rounded-md border border-slate-200 px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-100"
          download
        >
          Download
        </a>
        <button
          type="button"
          onClick={o.onClose}
          aria-label="Close viewer"
          className="grid size-8 place-items-center rounded-md text-base text-slate-600 hover:bg-slate-100"
        >
          ✕
        </button>
      </header>
      {versions.length > 1 ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-100 px-4 py-2 text-xs text-slate-600">
          <label className="inline-flex items-center gap-1.5">
            Version
            <select
              value={versionId}
              onChange={(e) => setVersionId(e.target.value)}
              className="rounded-md border border-slate-300 bg-white px-1.5 py-0.5 text-xs"
            >
              {versions.map((v) => (
                <option key={v.version_id} value={v.version_id}>
                  {v.number} · {new Date(v.created_at).toLocaleString()}
                  {v.is_latest ? " (latest)" : ""}
                </option>
              ))}
            </select>
          </label>
          <label className="inline-flex items-center gap-1.5">
            <input
              type="checkbox"
              checked={compare}
              disabled={!previous}
              onChange={(e) => setCompare(e.target.checked)}
            />
            Compare with version {previous?.number ?? "before"}
          </label>
        </div>
      ) : null}
      {o.canWrite ? <TransferForm threadPath={o.threadPath} versionId={versionId} filename={filename} /> : null}
      <div data-viewer-scroll="" className="min-h-0 flex-1 overflow-auto bg-slate-100 p-3">
        {addon.state === "loading" ? <p className="p-4 text-sm text-slate-500">Loading {filename}…</p> : null}
        {addon.state === "error" ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {addon.message}
          </p>
        ) : null}
        {compare && diff.state === "error" ? (
          <p role="alert" className="mb-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
            {diff.message}
          </p>
        ) : null}
        {compare && diff.state === "loading" && previous ? (
          <p className="mb-2 text-xs text-slate-500">Comparing with version {previous.number}…</p>
        ) : null}
        {addon.state === "ok" && addon.data.kind === "workbook" ? (
          <WorkbookView
            addon={addon.data}
            diff={compare && diff.state === "ok" && diff.data.kind === "workbook" ? diff.data : null}
          />
        ) : null}
        {addon.state === "ok" && addon.data.kind === "text" ? (
          compare && diff.state === "ok" && diff.data.kind === "text" ? (
            <TextDiffView diff={diff.data} />
          ) : (
            <pre className="whitespace-pre-wrap break-words rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-800">
              {addon.data.text}
              {addon.data.truncated ? "\n…" : ""}
            </pre>
          )
        ) : null}
        {addon.state === "ok" && addon.data.kind === "binary" ? (
          <p className="p-4 text-sm text-slate-600">
            This file ({addon.data.content_type}) can't be shown here: download it to open it.
          </p>
        ) : null}
      </div>
    </section>
  );
}

/** Copies the shown version into the workspace's files (queued for indexing) under a name of the owner's choice. */
function TransferForm({
  threadPath,
  versionId,
  filename,
}: {
  threadPath: string;
  versionId: string;
  filename: string;
}) {
  return (
    <Form
      method="post"
      action={threadPath}
      className="flex flex-wrap items-center gap-2 border-b border-slate-100 px-4 py-2 text-xs"
    >
      <input type="hidden" name="intent" value="transfer-file" />
      <input type="hidden" name="versionId" value={versionId} />
      <input type="hidden" name="redirectTo" value={threadPath} />
      <label className="inline-flex min-w-0 flex-1 items-center gap-1.5 text-slate-600">
        Add to the Pod's files as
        <input
          name="filename"
          defaultValue={filename}
          key={filename}
          required
          maxLength={255}
          className="min-w-0 flex-1 rounded-md border border-slate-300 px-1.5 py-0.5 text-xs"
        />
      </label>
      <button type="submit" className="rounded-md bg-brand-600 px-2 py-1 font-medium text-white hover:bg-brand-700">
        Add to Pod
      </button>
    </Form>
  );
}

type Change = Extract<ThreadFileDiff, { kind: "workbook" }>["changes"][number];

function WorkbookView({
  addon,
  diff,
}: {
  addon: WorkbookAddon;
  diff: Extract<ThreadFileDiff, { kind: "workbook" }> | null;
}) {
  const visible = addon.sheets.filter((s) => !s.hidden);
  const sheets = visible.length ? visible : addon.sheets;
  const [sheetName, setSheetName] = useState(sheets[0]?.name ?? "");
  const sheet = sheets.find((s) => s.name === sheetName) ?? sheets[0];
  const [selected, setSelected] = useState<string | null>(null);
  const changed = useMemo(() => {
    const m = new Map<string, Change>();
    for (const c of diff?.changes ?? []) if (c.sheet === sheet?.name) m.set(c.cell, c);
    return m;
  }, [diff, sheet?.name]);
  const grid = useMemo(() => {
    const byRef = new Map<string, WorkbookAddon["sheets"][number]["cells"][number]>();
    let rows = 0;
    let cols = 0;
    for (const c of sheet?.cells ?? []) {
      const p = parseRef(c.ref);
      if (!p) continue;
      byRef.set(`${columnName(p.col)}${p.row}`, c);
      rows = Math.max(rows, p.row);
      cols = Math.max(cols, p.col + 1);
    }
    return {
      byRef,
      rows: Math.min(rows, MAX_ROWS),
      cols: Math.min(cols, MAX_COLS),
      clipped: rows > MAX_ROWS || cols > MAX_COLS,
    };
  }, [sheet]);
  if (!sheet) return <p className="p-4 text-sm text-slate-500">This workbook has no sheets.</p>;
  const cell = selected ? grid.byRef.get(selected) : undefined;
  const change = selected ? changed.get(selected) : undefined;
  return (
    <div className="space-y-2">
      {diff ? <WorkbookChanges diff={diff} onPick={(c) => (setSheetName(c.sheet), setSelected(c.cell))} /> : null}
      <div role="tablist" aria-label="Sheets" className="flex flex-wrap gap-1">
        {sheets.map((s) => {
          const count = diff ? diff.changes.filter((c) => c.sheet === s.name).length : 0;
          return (
            <button
              key={s.name}
              type="button"
              role="tab"
              aria-selected={s.name === sheet.name}
              onClick={() => (setSheetName(s.name), setSelected(null))}
              className={`rounded-md px-2 py-1 text-xs font-medium ${s.name === sheet.name ? "bg-white text-slate-900 shadow-sm ring-1 ring-slate-200" : "text-slate-600 hover:bg-white/60"}`}
            >
              {s.name}
              {count ? <span className="ml-1 rounded bg-amber-200 px-1 text-amber-900">{count}</span> : null}
            </button>
          );
        })}
      </div>
      <div
        className="rounded-md border border-slate-200 bg-white px-3 py-1.5 font-mono text-xs text-slate-700"
        aria-live="polite"
        data-testid="formula-bar"
      >
        {selected ? (
          <>
            <span className="font-semibold text-slate-900">{selected}</span>
            {"  "}
            {cell?.formula ? `=${cell.formula.replace(/^=/, "")}` : cell ? formatCellValue(cell.value) : "(empty)"}
            {cell?.formula ? <span className="text-slate-500">{`  → ${formatCellValue(cell.value)}`}</span> : null}
            {cell?.comment ? <span className="block font-sans text-slate-500">Note: {cell.comment}</span> : null}
            {change ? <span className="block font-sans text-amber-900">{describeChange(change)}</span> : null}
          </>
        ) : (
          <span className="font-sans text-slate-500">Select a cell to see its formula.</span>
        )}
      </div>
      <div className="overflow-auto rounded-lg border border-slate-200 bg-white">
        <table className="border-collapse font-mono text-xs text-slate-800">
          <caption className="sr-only">Sheet {sheet.name}</caption>
          <thead>
            <tr>
              <th scope="col" className="sticky left-0 top-0 bg-slate-100 px-2 py-1">
                <span className="sr-only">Row</span>
              </th>
              {Array.from({ length: grid.cols }, (_, j) => (
                <th
                  key={j}
                  scope="col"
                  className="border-l border-slate-200 bg-slate-100 px-2 py-1 font-medium text-slate-500"
                >
                  {columnName(j)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: grid.rows }, (_, i) => (
              <tr key={i}>
                <th scope="row" className="sticky left-0 bg-slate-100 px-2 py-1 text-right font-medium text-slate-500">
                  {i + 1}
                </th>
                {Array.from({ length: grid.cols }, (_, j) => {
                  const ref = `${columnName(j)}${i + 1}`;
                  const c = grid.byRef.get(ref);
                  const ch = changed.get(ref);
                  return (
                    <td
                      key={j}
                      data-ref={ref}
                      data-changed={ch ? ch.kind : undefined}
                      aria-selected={selected === ref}
                      onClick={() => setSelected(ref)}
                      title={c?.formula ? `=${c.formula.replace(/^=/, "")}` : undefined}
                      className={`cursor-cell whitespace-pre border-l border-t border-slate-200 px-2 py-1 ${typeof c?.value === "number" ? "text-right" : ""} ${c?.formula ? "text-brand-800" : ""} ${ch ? "bg-amber-100" : ""} ${selected === ref ? "outline outline-2 -outline-offset-2 outline-brand-600" : ""}`}
                    >
                      {c ? (c.text ?? formatCellValue(c.value)) : ""}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {grid.clipped || sheet.truncated || addon.truncated ? (
        <p className="text-xs text-slate-500">
          Only part of this sheet is shown here: download the workbook for all of it.
        </p>
      ) : null}
    </div>
  );
}

function WorkbookChanges({
  diff,
  onPick,
}: {
  diff: Extract<ThreadFileDiff, { kind: "workbook" }>;
  onPick: (c: Change) => void;
}) {
  const rows = diff.rows.filter((r) => r.added.length || r.removed.length);
  const nothing = !diff.changes.length && !diff.sheets_added.length && !diff.sheets_removed.length && !rows.length;
  return (
    <div
      className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-xs text-amber-950"
      data-testid="workbook-diff"
    >
      <p className="font-semibold">
        {nothing
          ? "No changes from the previous version."
          : `${diff.changes.length} changed cell${diff.changes.length === 1 ? "" : "s"}${diff.truncated ? " (first ones shown)" : ""}`}
      </p>
      {diff.sheets_added.length ? <p className="mt-1">Sheets added: {diff.sheets_added.join(", ")}</p> : null}
      {diff.sheets_removed.length ? <p className="mt-1">Sheets removed: {diff.sheets_removed.join(", ")}</p> : null}
      {rows.map((r) => (
        <p key={r.sheet} className="mt-1">
          {r.sheet}: {r.added.length ? `rows added ${r.added.join(", ")}` : ""}
          {r.added.length && r.removed.length ? "; " : ""}
          {r.removed.length ? `rows removed ${r.removed.join(", ")}` : ""}
        </p>
      ))}
      {diff.changes.length ? (
        <ul className="mt-2 max-h-48 space-y-0.5 overflow-auto">
          {diff.changes.map((c, i) => (
            <li key={i}>
              <button
                type="button"
                onClick={() => onPick(c)}
                className="w-full rounded px-1 py-0.5 text-left hover:bg-amber-100"
              >
                <span className="font-mono font-semibold">
                  {c.sheet}!{c.cell}
                </span>{" "}
                {describeChange(c)}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function describeChange(c: Change): string {
  const show = (s: Change["before"]) =>
    s
      ? s.formula
        ? `=${s.formula.replace(/^=/, "")} (${formatCellValue(s.value)})`
        : formatCellValue(s.value)
      : "empty";
  if (c.kind === "added") return `added: ${show(c.after)}`;
  if (c.kind === "removed") return `removed (was ${show(c.before)})`;
  return `${show(c.before)} → ${show(c.after)}${c.before_cell && c.before_cell !== c.cell ? ` (was at ${c.before_cell})` : ""}`;
}

function TextDiffView({ diff }: { diff: Extract<ThreadFileDiff, { kind: "text" }> }) {
  if (diff.identical)
    return (
      <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-600">
        No changes from the previous version.
      </p>
    );
  return (
    <div className="rounded-lg border border-slate-200 bg-white text-sm" data-testid="text-diff">
      <p className="border-b border-slate-100 px-3 py-2 text-xs text-slate-600">
        <span className="text-emerald-700">+{diff.added}</span> <span className="text-red-700">−{diff.removed}</span>{" "}
        lines
      </p>
      {diff.hunks.map((h, i) => (
        <div key={i} className="border-b border-slate-100 last:border-0">
          <p className="bg-slate-50 px-3 py-1 font-mono text-xs text-slate-500">
            @@ −{h.old_start},{h.old_lines} +{h.new_start},{h.new_lines} @@
          </p>
          {h.lines.map((l, k) => (
            <p
              key={k}
              className={`whitespace-pre-wrap break-words px-3 font-mono text-xs leading-5 ${l.type === "added" ? "bg-emerald-50 text-emerald-900" : l.type === "removed" ? "bg-red-50 text-red-900 line-through decoration-red-300" : "text-slate-600"}`}
            >
              <span aria-hidden="true" className="mr-2 select-none">
                {l.type === "added" ? "+" : l.type === "removed" ? "−" : " "}
              </span>
              <span className="sr-only">
                {l.type === "added" ? "Added: " : l.type === "removed" ? "Removed: " : ""}
              </span>
              {l.text}
            </p>
          ))}
        </div>
      ))}
    </div>
  );
}
