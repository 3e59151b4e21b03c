import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useRevalidator, useSearchParams } from "react-router";
import type { Citation } from "../../../contracts/citation.ts";
import type { FileInfo } from "../../../contracts/files.ts";
import type { ThreadFile } from "../../../contracts/thread-files.ts";
import type { Thread } from "../../../contracts/threads.ts";
import { takePendingMessage } from "../../lib/pending-message.ts";
import { Card } from "../ui/card.tsx";
import { AnswerView, type WrittenFile } from "./answer-view.tsx";
import { FileViewer, type ViewerTarget } from "./file-viewer.tsx";
import { QuestionBox } from "./question-box.tsx";
import { ThreadFileViewer, type ThreadFileTarget } from "./thread-file-viewer.tsx";
import { PodFilesMenu, ThreadFilesMenu } from "./thread-files-menu.tsx";
import { buildTurns, type StoredMessage } from "./turns.ts";
import { useThreadStreams } from "./use-thread-streams.ts";

interface Props {
  workspaceId: string;
  thread: Thread;
  messages: StoredMessage[];
  canWrite: boolean;
  signedIn: boolean;
  showThoughts: boolean;
  models: string[];
  defaultModel: string | null;
  /** Files the thread's answers (or its owner) wrote, with their versions. */
  files: ThreadFile[];
  /** The workspace's files, any of which the viewer opens at page 1 (none in a snapshot). */
  podFiles?: FileInfo[];
  /** A published snapshot (section 4): read only, no question box, no feedback. */
  snapshotMode?: boolean;
}

/**
 * The thread: questions and their answers (streaming in as they are written), the question box,
 * and the file viewer beside them when a citation is opened (`?canvas=1` gives it the larger share).
 */
export function ThreadScreen({
  workspaceId,
  thread,
  messages,
  canWrite,
  signedIn,
  showThoughts,
  models,
  defaultModel,
  files,
  podFiles = [],
  snapshotMode = false,
}: Props) {
  const revalidator = useRevalidator();
  const [params] = useSearchParams();
  const canvas = params.get("canvas") === "1";
  const threadPath = `/workspace/${workspaceId}/thread/${thread.id}`;
  const streams = useThreadStreams({
    workspaceId,
    threadId: thread.id,
    onSettled: () => void revalidator.revalidate(),
  });
  const { follow, ask } = streams;
  const turns = useMemo(() => buildTurns(messages, streams.entries), [messages, streams.entries]);
  // What the Stop button stops: an answer asked or regenerated here, or one followed while it is written.
  const writing = useMemo(() => new Set(messages.filter((m) => m.status === "streaming").map((m) => m.id)), [messages]);
  const running = streams.entries.find(
    (e) => e.connected && (e.kind !== "follow" || (e.answer.messageId !== null && writing.has(e.answer.messageId))),
  );
  // One viewer at a time: a cited page, or a file the thread wrote.
  const [viewer, setViewer] = useState<ViewerTarget | null>(null);
  const [fileViewer, setFileViewer] = useState<ThreadFileTarget | null>(null);
  const writtenFiles = useMemo(() => {
    const byAnswer = new Map<string, WrittenFile[]>();
    for (const f of files) {
      for (const v of [...f.versions].sort((a, b) => a.number - b.number)) {
        if (v.message_id)
          byAnswer.set(v.message_id, [
            ...(byAnswer.get(v.message_id) ?? []),
            { file_id: f.file_id, version_id: v.version_id, filename: f.filename, number: v.number },
          ]);
      }
    }
    return byAnswer;
  }, [files]);

  // An answer still being written when the page loaded (a refresh, another tab): follow it live.
  useEffect(() => {
    for (const m of messages)
      if (m.role === "assistant" && m.is_active && m.status === "streaming") follow(m.id, m.parent_id, m.model ?? null);
  }, [messages, follow]);

  // A question handed over by the page that made this thread (the landing demo): asked once, now.
  useEffect(() => {
    if (!canWrite || snapshotMode) return;
    const query = takePendingMessage(thread.id);
    if (query) ask(query, defaultModel);
  }, [thread.id, canWrite, snapshotMode, ask, defaultModel]);

  useStickToBottom(streams.entries.map((e) => e.answer.content.length).join(","));

  const openCitation = useCallback((c: Citation) => (setFileViewer(null), setViewer({ ...c })), []);
  const openPage = useCallback((t: ViewerTarget) => (setFileViewer(null), setViewer(t)), []);
  const openFile = useCallback(
    (f: ThreadFileTarget) => (
      setViewer(null),
      setFileViewer({ file_id: f.file_id, version_id: f.version_id, filename: f.filename })
    ),
    [],
  );
  // Every citation of the thread, answer by answer: the viewer's Previous / Next citation.
  const citations = useMemo(
    () => turns.flatMap((t) => (t.live ? Object.values(t.live.answer.citations) : (t.stored?.citations ?? []))),
    [turns],
  );
  const closeViewer = useCallback(() => (setViewer(null), setFileViewer(null)), []);
  const { regenerate: regenerateAnswer } = streams;
  const regenerate = useCallback(
    (answerId: string, questionId: string, model: string | null) =>
      regenerateAnswer(answerId, questionId, model && models.includes(model) ? model : defaultModel),
    [regenerateAnswer, models, defaultModel],
  );

  const grid =
    viewer || fileViewer
      ? canvas
        ? "lg:grid lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:gap-4"
        : "lg:grid lg:grid-cols-2 lg:gap-4"
      : "";
  return (
    <div className={`${grid} items-start`}>
      <Card className="flex min-h-[28rem] min-w-0 flex-col">
        <header className="flex items-center gap-2 border-b border-slate-100 px-4 py-3 sm:px-5">
          <h2 className="min-w-0 flex-1 truncate text-base font-semibold text-slate-900">{thread.name}</h2>
          <PodFilesMenu files={podFiles} onOpen={openPage} />
          <ThreadFilesMenu files={files} onOpen={openFile} />
        </header>
        <div className="flex-1 space-y-5 px-3 py-4 sm:px-5" aria-live="off">
          {turns.length === 0 ? (
            <div className="flex h-full flex-col items-center justify-center py-12 text-center">
              <span
                aria-hidden="true"
                className="grid size-12 place-items-center rounded-full bg-brand-50 text-xl text-brand-600"
              >
                ?
              </span>
              <p className="mt-3 text-sm font-medium text-slate-900">No questions yet</p>
              <p className="mt-1 max-w-sm text-sm text-slate-500">
                {canWrite
                  ? "Ask about the files of this Pod: answers cite the pages they come from."
                  : "Questions and cited answers will appear here."}
              </p>
            </div>
          ) : (
            turns.map((t) => (
              <section key={t.key} className="space-y-2">
                <p
                  aria-label="Question"
                  className="ml-auto w-fit max-w-[85%] whitespace-pre-wrap break-words rounded-xl bg-brand-600 px-4 py-2.5 text-sm text-white"
                >
                  {t.question.content}
                </p>
                {t.stored || t.live ? (
                  <AnswerView
                    turn={t}
                    threadPath={threadPath}
                    showThoughts={showThoughts}
                    canWrite={canWrite && !snapshotMode}
                    signedIn={signedIn && !snapshotMode}
                    busy={Boolean(running)}
                    exportName={thread.name}
                    onOpenCitation={openCitation}
                    onOpenFile={openFile}
                    writtenFiles={writtenFiles}
                    onRegenerate={regenerate}
                    onLoadThoughts={follow}
                    onConfirm={streams.confirm}
                  />
                ) : null}
              </section>
            ))
          )}
        </div>
        {snapshotMode ? (
          <p className="border-t border-slate-100 px-5 py-3 text-xs text-slate-500">
            A published copy of this thread, as it was when it was shared.
          </p>
        ) : canWrite ? (
          <div className="sticky bottom-0 rounded-b-xl">
            <QuestionBox
              threadPath={threadPath}
              models={models}
              defaultModel={defaultModel}
              streaming={Boolean(running)}
              stopping={Boolean(running?.stopping)}
              onAsk={streams.ask}
              onStop={() => running && streams.stop(running.key)}
              workspaceId={workspaceId}
              suggest={turns.length === 0}
            />
          </div>
        ) : (
          <p className="border-t border-slate-100 px-5 py-3 text-xs text-slate-500">
            Only the owner of this Pod can ask questions here.
          </p>
        )}
      </Card>
      {viewer ? (
        <FileViewer
          workspaceId={workspaceId}
          target={viewer}
          citations={citations}
          onOpenCitation={openCitation}
          onClose={closeViewer}
        />
      ) : null}
      {fileViewer ? (
        <ThreadFileViewer
          key={fileViewer.version_id}
          workspaceId={workspaceId}
          threadId={thread.id}
          threadPath={threadPath}
          target={fileViewer}
          canWrite={canWrite && !snapshotMode}
          onClose={closeViewer}
        />
      ) : null}
    </div>
  );
}

/** Keeps the newest text in view while it streams, unless the reader scrolled up. */
function useStickToBottom(signal: string) {
  const near = useRef(true);
  useEffect(() => {
    const onScroll = () => {
      near.current = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 160;
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  useEffect(() => {
    if (signal && near.current) window.scrollTo({ top: document.documentElement.scrollHeight });
  }, [signal]);
}
