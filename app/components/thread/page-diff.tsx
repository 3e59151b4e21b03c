import { diffLines } from "diff";
import { useMemo } from "react";

/**
 * One page of two versions of a file, line by line: removed lines struck through in red, added
 * ones in green, unchanged ones plain (long unchanged runs folded to their first and last lines).
 */
export function PageDiff({
  before,
  after,
  beforeLabel,
  afterLabel,
}: {
  before: string;
  after: string;
  beforeLabel: string;
  afterLabel: string;
}) {
  const parts = useMemo(() => diffLines(before, after), [before, after]);
  const changed = parts.some((p) => p.added || p.removed);
  return (
    <div className="rounded-lg border border-slate-200 bg-white text-sm" data-testid="page-diff">
      <p className="border-b border-slate-100 px-3 py-2 text-xs text-slate-500">
        <span className="text-red-700">− {beforeLabel}</span> · <span className="text-emerald-700">+ {afterLabel}</span>
        {changed ? null : <span className="ml-2 font-medium text-slate-700">No changes on this page.</span>}
      </p>
      <div className="overflow-x-auto p-2 font-mono text-xs leading-5">
        {parts.map((p, i) => {
          const lines = p.value.replace(/\n$/, "").split("\n");
          if (!p.added && !p.removed) {
            const shown =
              lines.length > 6
                ? [...lines.slice(0, 2), `… ${lines.length - 4} unchanged lines …`, ...lines.slice(-2)]
                : lines;
            return shown.map((l, j) => (
              <div key={`${i}-${j}`} className="whitespace-pre-wrap px-2 text-slate-500">
                {l || " "}
              </div>
            ));
          }
          const Tag = p.added ? "ins" : "del";
          return lines.map((l, j) => (
            <Tag
              key={`${i}-${j}`}
              className={`block whitespace-pre-wrap px-2 no-underline ${p.added ? "bg-emerald-50 text-emerald-900" : "bg-red-50 text-red-900 line-through decoration-red-300"}`}
            >
              <span aria-hidden="true">{p.added ? "+ " : "− "}</span>
              {l || " "}
            </Tag>
          ));
        })}
      </div>
    </div>
  );
}
