import { useCallback, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { DEMO_SEND_DELAY_MS, saveDemoSignup } from "../../lib/demo-signup.ts";
import { DEMO_PROMPT } from "./demo-timing.ts";
import { SpreadsheetPreview } from "./spreadsheet-preview.tsx";
import { TypedPrompt } from "./typed-prompt.tsx";

/**
 * The hero demo: the sample prompt types itself over a blank sheet; when it is done the send
 * button enables, and sending starts the demo sign-up (section 4). Without JavaScript the whole
 * prompt shows and the button is a plain GET to /signup carrying the same fields.
 */
export function DemoPrompt({ signedIn, onSend }: { signedIn: boolean; onSend?: (query: string) => void }) {
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  const onDone = useCallback(() => setDone(true), []);
  const [hydrated, setHydrated] = useState(false);
  const [sending, setSending] = useState(false);
  useEffect(() => setHydrated(true), []);

  const send = (e: React.FormEvent) => {
    e.preventDefault();
    if (!done || sending) return;
    setSending(true);
    setTimeout(() => {
      if (onSend) return onSend(DEMO_PROMPT);
      saveDemoSignup(DEMO_PROMPT, { createWorkspaceOnLoad: true });
      if (signedIn) navigate("/workspaces");
      else navigate("/signup", { state: { fromDemo: true, sampleQuery: DEMO_PROMPT } });
    }, DEMO_SEND_DELAY_MS);
  };

  return (
    <div className="relative mx-auto w-full max-w-3xl rounded-xl border border-slate-200 bg-white shadow-xl shadow-slate-900/5">
      <div className="flex items-center gap-1.5 border-b border-slate-200 px-4 py-2.5">
        <span className="h-2.5 w-2.5 rounded-full bg-slate-300" />
        <span className="h-2.5 w-2.5 rounded-full bg-slate-300" />
        <span className="h-2.5 w-2.5 rounded-full bg-slate-300" />
        <span className="ml-3 text-xs font-medium text-slate-500">model.xlsx</span>
      </div>
      <SpreadsheetPreview />
      <form
        method="get"
        action="/signup"
        onSubmit={send}
        className="absolute inset-x-3 bottom-3 rounded-lg border border-slate-300 bg-white p-3 shadow-lg sm:inset-x-8 sm:bottom-6"
      >
        <input type="hidden" name="fromDemo" value="1" />
        <input type="hidden" name="sampleQuery" value={DEMO_PROMPT} />
        <p className="min-h-[4.5rem] text-left text-sm leading-6 text-ink sm:min-h-12" data-testid="demo-prompt">
          <span className="demo-static">{DEMO_PROMPT}</span>
          <TypedPrompt text={DEMO_PROMPT} onDone={onDone} />
        </p>
        <div className="mt-2 flex items-center justify-between">
          <span className="text-xs text-slate-500">{sending ? "Starting your workspace..." : "Sample question"}</span>
          <button
            type="submit"
            disabled={hydrated && (!done || sending)}
            aria-label="Send sample question"
            className="btn-primary px-3 py-1.5"
          >
            Send
            <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden fill="currentColor">
              <path d="M3 10l14-7-4 14-3-6z" />
            </svg>
          </button>
        </div>
      </form>
    </div>
  );
}
