import { Sparkles } from "lucide-react";
import { useId } from "react";
import type { Suggestions } from "./use-suggested-questions.ts";

/**
 * "Suggested questions" as chips: a skeleton while they load, a quiet note when they could not
 * be loaded, nothing when the Pod suggests none (no indexed documents). `busy` marks the chip
 * whose question is being started.
 */
export function SuggestedQuestions({
  suggestions,
  onPick,
  busy = null,
  className = "",
}: {
  suggestions: Suggestions;
  onPick: (question: string) => void;
  busy?: string | null;
  className?: string;
}) {
  const titleId = useId();
  if (suggestions.state === "ok" && suggestions.prompts.length === 0) return null;
  return (
    <section aria-labelledby={titleId} className={className}>
      <h3
        id={titleId}
        className="mb-1.5 flex items-center gap-1.5 text-xs font-medium uppercase tracking-wide text-slate-500"
      >
        <Sparkles aria-hidden="true" className="size-3.5 text-brand-600" />
        Suggested questions
      </h3>
      {suggestions.state === "loading" ? (
        <div aria-busy="true" aria-label="Loading suggested questions" role="status" className="flex flex-wrap gap-2">
          {["w-56", "w-72", "w-48"].map((w) => (
            <span key={w} className={`h-8 max-w-full animate-pulse rounded-2xl bg-slate-100 ${w}`} />
          ))}
        </div>
      ) : suggestions.state === "error" ? (
        <p className="text-xs text-slate-500">{suggestions.message}</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {suggestions.prompts.map((q) => (
            <li key={q} className="max-w-full">
              <button
                type="button"
                onClick={() => busy === null && onPick(q)}
                aria-disabled={busy !== null}
                className="max-w-full rounded-2xl border border-brand-100 bg-brand-50 px-3 py-1.5 text-left text-sm text-brand-700 hover:border-brand-500/40 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 aria-disabled:cursor-wait aria-disabled:opacity-70"
              >
                {busy === q ? "Starting… " : null}
                {q}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
