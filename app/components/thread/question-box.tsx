import { useEffect, useRef, useState } from "react";
import { SEARCH_MODEL } from "../../../contracts/agent.ts";
import { QUESTION_FRAGMENT } from "../../lib/links.ts";
import { useHydrated } from "../ui/use-hydrated.ts";
import { PromptPicker } from "./prompt-picker.tsx";
import { SuggestedQuestions } from "./suggested-questions.tsx";
import { useSuggestedQuestions } from "./use-suggested-questions.ts";

interface Props {
  threadPath: string;
  models: string[];
  defaultModel: string | null;
  /** An answer of this thread is being written. */
  streaming: boolean;
  stopping: boolean;
  onAsk: (query: string, model: string | null) => void;
  onStop: () => void;
  /** The Pod asked about; with `suggest` (an empty thread), its suggested questions show as chips. */
  workspaceId?: string;
  suggest?: boolean;
}

/**
 * The question box: Enter sends, Shift+Enter starts a new line; read-only while an answer is
 * written, when Stop takes the Send button's place. Focus stays in it after Send (read-only, not
 * disabled, so the browser does not drop it) and comes back to it when Stop goes away. Without
 * JavaScript it is a plain form that waits for the whole answer.
 */
export function QuestionBox({
  threadPath,
  models,
  defaultModel,
  streaming,
  stopping,
  onAsk,
  onStop,
  workspaceId,
  suggest = false,
}: Props) {
  const [text, setText] = useState("");
  const [model, setModel] = useState(defaultModel ?? "");
  const area = useRef<HTMLTextAreaElement>(null);
  const hydrated = useHydrated();
  useEffect(() => {
    if (window.location.hash === QUESTION_FRAGMENT) area.current?.focus();
  }, []);
  // When an answer ends, the box is where the next question goes: always after Stop (its button is
  // gone by then), otherwise only if focus fell to <body> with the Stop button.
  const stopped = useRef(false);
  const wasStreaming = useRef(streaming);
  useEffect(() => {
    const ended = wasStreaming.current && !streaming;
    wasStreaming.current = streaming;
    if (!ended) return;
    if (stopped.current || document.activeElement === document.body) area.current?.focus();
    stopped.current = false;
  }, [streaming]);
  const send = () => {
    const q = text.trim();
    if (!q || streaming) return;
    onAsk(q, model || null);
    setText("");
    // Sent with the button, which Stop replaces: the next question is typed here.
    area.current?.focus();
  };
  const suggestions = useSuggestedQuestions(suggest && workspaceId ? workspaceId : null);
  // A saved prompt or a suggestion goes into the box to edit, not sent; the cursor waits at its end.
  const fill = (value: string) => {
    setText(value);
    requestAnimationFrame(() => {
      const el = area.current;
      if (!el) return;
      el.focus();
      el.setSelectionRange(value.length, value.length);
    });
  };
  const search = (model || defaultModel) === SEARCH_MODEL;
  return (
    <form
      method="post"
      action={threadPath}
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
      className="border-t border-slate-100 bg-white p-3 sm:p-4"
    >
      <input type="hidden" name="intent" value="ask" />
      {suggest && hydrated && !streaming ? (
        <SuggestedQuestions suggestions={suggestions} onPick={fill} className="mb-3" />
      ) : null}
      <label htmlFor="question" className="sr-only">
        Ask a question
      </label>
      <div className="flex items-end gap-2">
        <textarea
          id="question"
          ref={area}
          name="query"
          rows={2}
          value={text}
          required
          maxLength={10_000}
          readOnly={streaming}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              send();
            }
          }}
          placeholder={streaming ? "Wait for the answer, or stop it…" : "Ask about your files…"}
          aria-describedby="question-help"
          className="max-h-48 min-h-[2.75rem] min-w-0 flex-1 resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/40 read-only:cursor-not-allowed read-only:bg-slate-50"
        />
        {streaming ? (
          <button
            type="button"
            onClick={() => {
              if (stopping) return;
              stopped.current = true;
              onStop();
            }}
            // Not `disabled`: a disabled button loses the keyboard focus while the answer stops.
            aria-disabled={stopping}
            className="inline-flex h-10 shrink-0 items-center gap-1.5 rounded-lg border border-red-200 bg-white px-4 text-sm font-medium text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-600 aria-disabled:opacity-60"
          >
            <span aria-hidden="true" className="size-2.5 rounded-sm bg-current" />
            {stopping ? "Stopping…" : "Stop"}
          </button>
        ) : (
          <button
            type="submit"
            disabled={hydrated && !text.trim()}
            className="inline-flex h-10 shrink-0 items-center rounded-lg bg-brand-600 px-4 text-sm font-medium text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50"
          >
            Send
          </button>
        )}
      </div>
      <div className="mt-2 flex items-start gap-3">
        {/* Outside the box's description: the button is not part of what the box says. */}
        {hydrated ? <PromptPicker onPick={fill} disabled={streaming} /> : null}
        <div
          id="question-help"
          className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500"
        >
          <span className="hidden sm:inline">Enter to send · Shift+Enter for a new line</span>
          {models.length > 1 ? (
            <label className="inline-flex items-center gap-1.5">
              Model
              <select
                name="model"
                value={model}
                onChange={(e) => setModel(e.target.value)}
                disabled={streaming}
                className="rounded-md border border-slate-300 bg-white px-1.5 py-0.5 text-xs text-slate-800"
              >
                {models.map((m) => (
                  <option key={m} value={m}>
                    {m === SEARCH_MODEL ? "Search mode (no model)" : m}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          {search ? (
            <span data-testid="search-mode-note" className="font-medium text-amber-800">
              Search mode: answers are the most relevant passages of your files, with citations; no language model is
              used.
            </span>
          ) : null}
        </div>
      </div>
    </form>
  );
}
