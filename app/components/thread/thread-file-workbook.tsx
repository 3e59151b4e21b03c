import { useMemo, useState } from "react";
import type { ThreadFileDiff } from "../../../contracts/thread-files.ts";
import { columnName } from "./sheet-cells.ts";
import { formatCellValue, parseRef, type WorkbookAddon } from "./workbook-grid.ts";

/** Most rows and columns drawn of a sheet; the rest is said, not drawn. */
const MAX_ROWS = 500;
const MAX_COLS = 52;

type Change = Extract<ThreadFileDiff, { kind: "workbook" }>["changes"][number];

/** A thread file that is a workbook: its sheets as cells, the selected cell's formula, and the changes from the version before. */
export function WorkbookView({
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
