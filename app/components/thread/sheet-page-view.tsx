import { useEffect, useMemo, useRef } from "react";
import type { Range } from "./find-quote.ts";
import { centreInViewer } from "./scroll-into-viewer.ts";
import { citedCells, columnName, sheetGrid, type SheetLayout } from "./sheet-cells.ts";

/**
 * A sheet page as the spreadsheet shows it: column letters, row numbers and cells, the header row
 * first; a cited quote marks its cell(s), names their address and scrolls to them.
 */
export function SheetPageView({ text, layout, range }: { text: string; layout: SheetLayout; range: Range | null }) {
  const grid = useMemo(() => sheetGrid(text, layout), [text, layout]);
  const cited = useMemo(() => (range ? citedCells(grid, layout.sheet, range) : null), [grid, layout.sheet, range]);
  const marked = new Set(cited?.cells.map(([i, j]) => `${i}:${j}`));
  const ref = useRef<HTMLTableCellElement>(null);
  useEffect(() => {
    centreInViewer(ref.current);
  }, [cited]);
  return (
    <div className="rounded-lg border border-slate-200 bg-white">
      <p className="border-b border-slate-100 px-3 py-2 text-xs text-slate-600">
        Sheet <span className="font-medium text-slate-900">{layout.sheet}</span>
        {cited?.address ? (
          <>
            {" · cited cell "}
            <span data-testid="cited-cell" className="font-mono font-medium text-amber-900">
              {cited.address}
            </span>
          </>
        ) : null}
      </p>
      <div className="overflow-x-auto">
        <table className="min-w-full border-collapse font-mono text-xs text-slate-800">
          <caption className="sr-only">{`Rows ${layout.rows[0] ?? ""}–${layout.rows.at(-1) ?? ""} of sheet ${layout.sheet}`}</caption>
          <thead>
            <tr>
              <th scope="col" className="sticky left-0 bg-slate-100 px-2 py-1 text-slate-500">
                <span className="sr-only">Row</span>
              </th>
              {Array.from({ length: grid.columns }, (_, j) => (
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
            {grid.lines.map((line, i) => (
              <tr key={i} className={i === 0 ? "bg-slate-50 font-semibold" : "odd:bg-white even:bg-slate-50/40"}>
                <th scope="row" className="sticky left-0 bg-slate-100 px-2 py-1 text-right font-medium text-slate-500">
                  {Number.isNaN(line.row) ? "" : line.row}
                </th>
                {Array.from({ length: grid.columns }, (_, j) => {
                  const cell = line.cells[j];
                  const isCited = marked.has(`${i}:${j}`);
                  // The first cited cell is the one scrolled into view.
                  const attach = cited?.cells[0]?.[0] === i && cited.cells[0][1] === j;
                  return (
                    <td
                      key={j}
                      ref={attach ? ref : undefined}
                      data-cited={isCited ? "" : undefined}
                      aria-label={isCited ? `Cited: ${columnName(j)}${line.row}` : undefined}
                      className={`whitespace-pre border-l border-t border-slate-200 px-2 py-1 ${/^[-+$€£(]?[\d.,]+%?\)?$/.test(cell?.text.trim() ?? "") ? "text-right" : ""} ${isCited ? "bg-amber-200 text-slate-900 outline outline-2 -outline-offset-2 outline-amber-500" : ""}`}
                    >
                      {cell?.text ?? ""}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
