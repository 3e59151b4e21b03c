import { useMemo } from "react";
import { SEARCH_MODEL } from "../../../contracts/agent.ts";
import type { Citation } from "../../../contracts/citation.ts";
import { useThinkingPhrase } from "../../lib/loading.tsx";
import { Badge } from "../ui/badge.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { AnswerActions } from "./answer-actions.tsx";
import { AnswerMarkdown } from "./answer-markdown.tsx";
import { ConfirmationCard } from "./confirmation-card.tsx";
import { SourcesList } from "./sources-list.tsx";
import { ThoughtsPanel } from "./thoughts-panel.tsx";
import type { Turn } from "./turns.ts";

/** A thread file version an answer wrote. */
export interface WrittenFile {
  file_id: string;
  version_id: string;
  filename: string;
  number?: number;
}

export interface AnswerCallbacks {
  onOpenCitation: (c: Citation) => void;
  onOpenFile: (f: { file_id: string; version_id: string; filename: string }) => void;
  /** Answers again with the same model as this answer (null: the default). */
  onRegenerate: (answerId: string, questionId: string, model: string | null) => void;
  onLoadThoughts: (answerId: string, questionId: string | null, model: string | null) => void;
  /** Import / Cancel on a confirmation the answer asks for: null once taken, else why not. */
  onConfirm: (answerId: string, confirmationId: string, approve: boolean) => Promise<string | null>;
}

/** The text to copy: the answer, then its sources by number. */
function copyText(content: string, citations: Citation[]): string {
  if (citations.length === 0) return content;
  return `${content.trimEnd()}\n\nSources:\n${citations.map((c) => `[${c.n}] ${c.filename}, page ${c.page}: "${c.quote}"`).join("\n")}\n`;
}

/** One answer: live while it streams (thoughts, text, chips), then with its actions. */
export function AnswerView({
  turn,
  threadPath,
  showThoughts,
  canWrite,
  signedIn,
  busy,
  exportName,
  writtenFiles,
  ...cb
}: AnswerCallbacks & {
  turn: Turn;
  /** The thread file versions stored answers wrote, by answer id. */
  writtenFiles: Map<string, WrittenFile[]>;
  threadPath: string;
  showThoughts: boolean;
  canWrite: boolean;
  signedIn: boolean;
  /** Another answer of the thread is streaming: no regenerating meanwhile. */
  busy: boolean;
  exportName: string;
}) {
  const { live, stored } = turn;
  const content = live ? live.answer.content : (stored?.content ?? "");
  const citations = useMemo<Record<number, Citation>>(
    () => (live ? live.answer.citations : Object.fromEntries((stored?.citations ?? []).map((c) => [c.n, c]))),
    [live, stored],
  );
  const status =
    live && (live.answer.status !== "streaming" || live.connected)
      ? live.answer.status
      : (stored?.status ?? "streaming");
  const streaming = Boolean(live?.connected) && live?.answer.status === "streaming";
  const model = live?.model ?? stored?.model ?? null;
  const answerId = live?.answer.messageId ?? stored?.id ?? null;
  const questionId = turn.question.id;
  const sources = Object.values(citations).sort((a, b) => a.n - b.n);
  // Once the thread's file list knows the versions (after the answer), they carry their numbers.
  const storedFiles = answerId ? writtenFiles.get(answerId) : undefined;
  const files = storedFiles?.length ? storedFiles : (live?.answer.files ?? []);
  // While a card waits for the user, the answer is not "reading": the card says what it waits for.
  const waitingForUser = Boolean(live?.answer.confirmations.some((c) => c.status === "pending"));

  return (
    <article
      aria-label="Answer"
      aria-busy={streaming}
      data-status={status}
      data-message-id={answerId ?? undefined}
      className="min-w-0 rounded-xl bg-slate-50 px-4 py-3 ring-1 ring-slate-200/70"
    >
      {model === SEARCH_MODEL ? (
        <div className="mb-2">
          <Badge tone="amber">Search mode · passages from your files, no language model</Badge>
        </div>
      ) : null}
      {showThoughts ? (
        <ThoughtsPanel
          steps={live ? live.answer.steps : null}
          streaming={streaming}
          onLoad={
            stored && answerId && stored.status !== "streaming" && model !== SEARCH_MODEL
              ? () => cb.onLoadThoughts(answerId, questionId, model)
              : null
          }
        />
      ) : null}
      {live && answerId
        ? live.answer.confirmations.map((c) => (
            <ConfirmationCard
              key={c.id}
              confirmation={c}
              answerStatus={status}
              onAnswer={canWrite ? (cid, approve) => cb.onConfirm(answerId, cid, approve) : null}
            />
          ))
        : null}
      {content ? (
        <AnswerMarkdown
          content={content}
          citations={citations}
          onOpenCitation={cb.onOpenCitation}
          exportName={exportName}
        />
      ) : streaming && !waitingForUser ? (
        <Thinking />
      ) : status === "complete" ? (
        <p className="text-sm text-slate-500">The answer is empty.</p>
      ) : null}
      {streaming && content ? (
        <p className="mt-1 flex items-center gap-2 text-xs text-slate-500" data-testid="streaming-indicator">
          <Spinner className="size-3" /> {live?.stopping ? "Stopping…" : "Writing…"}
        </p>
      ) : null}
      {files.length ? (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label="Files written">
          {files.map((f) => (
            <li key={f.version_id}>
              <button
                type="button"
                onClick={() => cb.onOpenFile(f)}
                className="rounded-md border border-slate-200 bg-white px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-100"
              >
                <span aria-hidden="true">{/\.xlsx?$/i.test(f.filename) ? "▦" : "📄"} </span>
                {f.filename}
                {"number" in f && typeof f.number === "number" ? (
                  <span className="text-slate-500"> · v{f.number}</span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {live?.answer.errors.map((e, i) => (
        <p
          key={i}
          role="alert"
          className="mt-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {e.message}
        </p>
      ))}
      {live?.problem ? (
        <p role="alert" className="mt-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {live.problem}
        </p>
      ) : null}
      {status === "cancelled" ? (
        <p className="mt-2 inline-flex items-center gap-1.5 rounded-full bg-slate-200/80 px-2.5 py-0.5 text-xs font-medium text-slate-700">
          <span aria-hidden="true" className="size-2 rounded-[2px] bg-current" />
          Stopped.
        </p>
      ) : null}
      {status === "failed" && !live?.answer.errors.length ? (
        <p className="mt-2 text-xs font-medium text-red-700">The answer failed.</p>
      ) : null}
      {/* A search-mode answer lists its sources in its own text, grouped by document. */}
      {sources.length && !streaming && model !== SEARCH_MODEL ? (
        <SourcesList citations={sources} onOpen={cb.onOpenCitation} />
      ) : null}
      {!streaming && (answerId || content) ? (
        <AnswerActions
          threadPath={threadPath}
          answer={stored}
          siblings={turn.answers}
          text={copyText(content, sources)}
          canWrite={canWrite}
          signedIn={signedIn}
          busy={busy}
          onRegenerate={answerId && questionId ? () => cb.onRegenerate(answerId, questionId, model) : null}
        />
      ) : null}
    </article>
  );
}

function Thinking() {
  const phrase = useThinkingPhrase();
  return (
    <p className="flex items-center gap-2 text-sm text-slate-500" data-testid="streaming-indicator">
      <Spinner className="size-4" /> {phrase}
    </p>
  );
}
