import type { Step } from "./answer-state.ts";
import { CodeResult, codeArgsText, isCodeResult } from "./code-result.tsx";
import { Check, Ellipsis, X } from "lucide-react";

/** Tool arguments and results as short readable JSON (long ones cut). */
function preview(v: unknown, max = 1200): string {
  let s: string;
  try {
    s = typeof v === "string" ? v : JSON.stringify(v, null, 2);
  } catch {
    s = String(v);
  }
  return s.length > max ? `${s.slice(0, max)}\n…` : s;
}

/**
 * The agent's thoughts and tool calls for one answer, collapsible. The workspace's Show/Hide
 * Thoughts setting decides whether the panel is there at all.
 */
export function ThoughtsPanel({
  steps,
  streaming,
  onLoad,
}: {
  steps: Step[] | null;
  streaming: boolean;
  onLoad: (() => void) | null;
}) {
  if (steps === null) {
    return onLoad ? (
      <button
        type="button"
        onClick={onLoad}
        className="mb-2 text-xs font-medium text-slate-500 underline-offset-2 hover:text-slate-800 hover:underline"
      >
        Load thoughts
      </button>
    ) : null;
  }
  if (steps.length === 0) return null;
  const tools = steps.filter((s) => s.kind === "tool").length;
  const label = `Thoughts${tools ? ` · ${tools} tool call${tools === 1 ? "" : "s"}` : ""}`;
  return (
    <details
      open={streaming || undefined}
      className="group mb-3 rounded-lg border border-slate-200 bg-slate-50 text-xs"
    >
      <summary className="flex cursor-pointer list-none items-center gap-2 px-3 py-2 font-medium text-slate-600 [&::-webkit-details-marker]:hidden">
        <span aria-hidden="true" className="transition group-open:rotate-90">
          ▸
        </span>
        {label}
      </summary>
      <ol className="space-y-2 border-t border-slate-200 px-3 py-2">
        {steps.map((s, i) =>
          s.kind === "thinking" ? (
            <li key={i} className="whitespace-pre-wrap italic leading-5 text-slate-600">
              {s.text}
            </li>
          ) : (
            <li key={i}>
              <details className="rounded border border-slate-200 bg-white">
                <summary className="flex cursor-pointer items-center gap-2 px-2 py-1 font-mono text-[0.7rem] text-slate-700">
                  <span
                    className={
                      s.result === undefined ? "text-slate-400" : s.isError ? "text-red-600" : "text-emerald-600"
                    }
                    aria-hidden="true"
                  >
                    {s.result === undefined ? (
                      <Ellipsis className="size-3.5" />
                    ) : s.isError ? (
                      <X className="size-3.5" />
                    ) : (
                      <Check className="size-3.5" />
                    )}
                  </span>
                  {s.name}
                  <span className="sr-only">{s.result === undefined ? "running" : s.isError ? "failed" : "done"}</span>
                </summary>
                <div className="space-y-1 border-t border-slate-100 p-2">
                  <pre className="overflow-x-auto whitespace-pre-wrap break-words text-[0.7rem] text-slate-600">
                    {preview(codeArgsText(s.name, s.args) ?? s.args)}
                  </pre>
                  {s.result === undefined ? null : !s.isError && isCodeResult(s.name, s.result) ? (
                    <CodeResult name={s.name} result={s.result} />
                  ) : (
                    <pre
                      className={`max-h-48 overflow-auto whitespace-pre-wrap break-words text-[0.7rem] ${s.isError ? "text-red-700" : "text-slate-600"}`}
                    >
                      {preview(s.result)}
                    </pre>
                  )}
                </div>
              </details>
            </li>
          ),
        )}
      </ol>
    </details>
  );
}
