import type { ThreadFileDiff } from "../../../contracts/thread-files.ts";

/** A text thread file's changes from the version before, as unified-diff hunks. */
export function TextDiffView({ diff }: { diff: Extract<ThreadFileDiff, { kind: "text" }> }) {
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
