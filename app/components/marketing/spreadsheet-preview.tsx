import { memo } from "react";

const COLUMNS = ["A", "B", "C", "D", "E"];
const ROWS = 8;

/** The blank 8 x 5 (A-E) sheet the demo prompt is typed over. */
export const SpreadsheetPreview = memo(function SpreadsheetPreview() {
  return (
    <div aria-hidden className="overflow-hidden rounded-b-xl">
      <table className="w-full table-fixed border-collapse text-xs text-slate-500">
        <thead>
          <tr className="bg-slate-50">
            <th className="w-10 border border-slate-200 py-1.5 font-medium" />
            {COLUMNS.map((c) => (
              <th key={c} className="border border-slate-200 py-1.5 font-medium">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: ROWS }, (_, r) => (
            <tr key={r}>
              <td className="border border-slate-200 bg-slate-50 py-2 text-center font-medium">{r + 1}</td>
              {COLUMNS.map((c) => (
                <td key={c} className="h-8 border border-slate-200" />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
});
