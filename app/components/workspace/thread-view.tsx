import type { Message, Thread } from "../../../contracts/threads.ts";
import { Card } from "../ui/card.tsx";

/** A thread's stored messages, read-only: asking questions arrives with the agent. */
export function ThreadView({ thread, messages }: { thread: Thread; messages: Message[] }) {
  const shown = messages.filter((m) => m.is_active || m.role === "user");
  return (
    <Card className="flex min-h-[28rem] flex-col">
      <header className="border-b border-slate-100 px-5 py-4">
        <h2 className="truncate text-base font-semibold text-slate-900">{thread.name}</h2>
      </header>
      <div className="flex-1 space-y-4 px-5 py-5">
        {shown.length === 0 ? (
          <div className="flex h-full flex-col items-center justify-center py-12 text-center">
            <span aria-hidden="true" className="grid size-12 place-items-center rounded-full bg-brand-50 text-xl text-brand-600">?</span>
            <p className="mt-3 text-sm font-medium text-slate-900">No messages yet</p>
            <p className="mt-1 max-w-sm text-sm text-slate-500">Questions and cited answers will appear here.</p>
          </div>
        ) : (
          shown.map((m) => (
            <article
              key={m.id}
              aria-label={m.role === "user" ? "Question" : "Answer"}
              className={`max-w-[85%] whitespace-pre-wrap rounded-xl px-4 py-3 text-sm ${
                m.role === "user" ? "ml-auto bg-brand-600 text-white" : "bg-slate-100 text-slate-900"
              }`}
            >
              {m.content}
            </article>
          ))
        )}
      </div>
      <footer className="border-t border-slate-100 p-4">
        <label htmlFor="ask" className="sr-only">Ask a question</label>
        <div className="flex gap-2">
          <input
            id="ask"
            disabled
            placeholder="Ask a question…"
            aria-describedby="ask-note"
            className="min-w-0 flex-1 cursor-not-allowed rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm placeholder:text-slate-400"
          />
          <button type="button" disabled className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white opacity-50">Ask</button>
        </div>
        <p id="ask-note" className="mt-2 text-xs text-slate-500">The analyst agent arrives soon: asking questions is not available yet.</p>
      </footer>
    </Card>
  );
}
