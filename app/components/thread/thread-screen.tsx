import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties, type RefObject } from "react";
import { PanelLeft } from "lucide-react";
import { useRevalidator, useSearchParams } from "react-router";
import type { Citation } from "../../../contracts/citation.ts";
import type { FileInfo } from "../../../contracts/files.ts";
import type { ThreadFile } from "../../../contracts/thread-files.ts";
import type { Thread } from "../../../contracts/threads.ts";
import { takePendingMessage } from "../../lib/pending-message.ts";
import { useMediaQuery } from "../ui/use-media-query.ts";
import { useThreadNav } from "../workspace/thread-nav.tsx";
import { AnswerView, type WrittenFile } from "./answer-view.tsx";
import { FileViewer, type ViewerTarget } from "./file-viewer.tsx";
import { QuestionBox } from "./question-box.tsx";
import { ThreadFileViewer, type ThreadFileTarget } from "./thread-file-viewer.tsx";
import { FilesDrawer } from "./files-drawer.tsx";
import { PaneSeparator } from "./pane-separator.tsx";
import { PaneTabs, paneFromParam, paneId, tabId, type PaneTab } from "./pane-tabs.tsx";
import { ThreadFilesPane } from "./thread-files-pane.tsx";
import { usePaneSize } from "./use-pane-size.ts";
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
 * The thread screen, a full-height workspace: the files pane (the Pod's files, the thread's written
 * files, the threads), the thread with the question box pinned at its foot, and the viewer when a
 * citation or a file is open (`?canvas=1` gives it the larger share). Panes are resizable on a
 * desktop; on a tablet the files pane is a drawer; on a phone the panes are tabs.
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
  const panes = usePanes(canvas, paneFromParam(params.get("pane")));
  const { setTab } = panes;
  const [drawer, setDrawer] = useState(false);
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

  // Whatever opens the viewer shows it (the Viewer tab on a phone) and puts the files drawer away.
  const show = useCallback(() => (setTab("viewer"), setDrawer(false)), [setTab]);
  const openCitation = useCallback((c: Citation) => (setFileViewer(null), setViewer({ ...c }), show()), [show]);
  const openPage = useCallback((t: ViewerTarget) => (setFileViewer(null), setViewer(t), show()), [show]);
  const openFile = useCallback(
    (f: ThreadFileTarget) => (
      setViewer(null),
      setFileViewer({ file_id: f.file_id, version_id: f.version_id, filename: f.filename }),
      show()
    ),
    [show],
  );
  const closeViewer = useCallback(
    () => (setViewer(null), setFileViewer(null), setTab((t) => (t === "viewer" ? "thread" : t))),
    [setTab],
  );
  // Every citation of the thread, answer by answer: the viewer's Previous / Next citation.
  const citations = useMemo(
    () => turns.flatMap((t) => (t.live ? Object.values(t.live.answer.citations) : (t.stored?.citations ?? []))),
    [turns],
  );
  const { regenerate: regenerateAnswer } = streams;
  const regenerate = useCallback(
    (answerId: string, questionId: string, model: string | null) =>
      regenerateAnswer(answerId, questionId, model && models.includes(model) ? model : defaultModel),
    [regenerateAnswer, models, defaultModel],
  );

  const viewerOpen = Boolean(viewer || fileViewer);
  const threadNav = useThreadNav();
  const scroller = useRef<HTMLDivElement>(null);
  useStickToBottom(scroller, streams.entries.map((e) => e.answer.content.length).join(","));
  const filesPane = (
    <ThreadFilesPane
      podFiles={podFiles}
      files={files}
      openFileId={viewer?.file_id ?? fileViewer?.file_id ?? null}
      onOpenPage={openPage}
      onOpenFile={openFile}
      threadNav={threadNav}
      snapshotMode={snapshotMode}
    />
  );
  return (
    <div className="flex h-full flex-col gap-2">
      <PaneTabs
        tab={panes.tab}
        onChange={setTab}
        hrefFor={(t) => {
          const next = new URLSearchParams(params);
          next.set("pane", t);
          return `?${next}`;
        }}
        className="md:hidden"
      />
      <div className="flex min-h-0 flex-1 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
        <section
          {...panes.panel("files")}
          aria-label={panes.phone ? undefined : "Files"}
          className={`${panes.tab === "files" ? "block" : "hidden"} w-full min-w-0 overflow-y-auto bg-slate-50/70 md:hidden lg:block lg:w-[var(--files-w)] lg:shrink-0`}
          style={{ "--files-w": `${panes.filesWidth}px` } as CSSProperties}
        >
          {filesPane}
        </section>
        <PaneSeparator
          label="Resize the files pane"
          controls={paneId("files")}
          value={panes.filesWidth}
          bounds={FILES_WIDTH}
          step={16}
          pixelsPerUnit={() => 1}
          onChange={panes.setFilesWidth}
          className="hidden lg:block"
        />
        <div ref={panes.split} className="flex min-w-0 flex-1">
          <section
            {...panes.panel("thread")}
            aria-labelledby={panes.phone ? tabId("thread") : "thread-title"}
            className={`${panes.tab === "thread" ? "flex" : "hidden"} min-w-0 flex-1 flex-col md:flex md:min-w-[20rem]`}
          >
            <header className="flex items-center gap-2 border-b border-slate-100 px-4 py-2.5 sm:px-5">
              <h2 id="thread-title" className="min-w-0 flex-1 truncate text-base font-semibold text-slate-900">
                {thread.name}
              </h2>
              <button
                type="button"
                onClick={() => setDrawer(true)}
                aria-haspopup="dialog"
                className="hidden items-center gap-1.5 rounded-md border border-slate-200 px-2.5 py-1 text-xs font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 md:inline-flex lg:hidden"
              >
                <PanelLeft className="size-3.5" aria-hidden="true" />
                Files
              </button>
            </header>
            <div ref={scroller} className="min-h-0 flex-1 space-y-5 overflow-y-auto px-3 py-4 sm:px-5" aria-live="off">
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
                  <section key={t.key} className="mx-auto max-w-3xl space-y-2">
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
              <div className="shrink-0">
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
          </section>
          {viewerOpen ? (
            <PaneSeparator
              label="Resize the thread and the viewer"
              controls={paneId("thread")}
              value={panes.threadShare}
              bounds={panes.shareBounds}
              step={2}
              pixelsPerUnit={() => (panes.split.current?.clientWidth ?? 1000) / 100}
              onChange={panes.setThreadShare}
              className="hidden md:block"
            />
          ) : null}
          <div
            {...panes.panel("viewer")}
            className={`${panes.tab === "viewer" ? "flex" : "hidden"} w-full min-w-0 flex-col ${viewerOpen ? "md:flex" : "md:hidden"} md:w-[var(--viewer-w)]`}
            style={{ "--viewer-w": `${100 - panes.threadShare}%` } as CSSProperties}
          >
            {viewer ? (
              <FileViewer
                workspaceId={workspaceId}
                target={viewer}
                citations={citations}
                onOpenCitation={openCitation}
                onClose={closeViewer}
                placement="pane"
              />
            ) : fileViewer ? (
              <ThreadFileViewer
                key={fileViewer.version_id}
                workspaceId={workspaceId}
                threadId={thread.id}
                threadPath={threadPath}
                target={fileViewer}
                canWrite={canWrite && !snapshotMode}
                onClose={closeViewer}
              />
            ) : (
              <div className="flex flex-1 flex-col items-center justify-center p-8 text-center">
                <p className="text-sm font-medium text-slate-900">Nothing open</p>
                <p className="mt-1 max-w-xs text-sm text-slate-500">
                  Open a citation in an answer, or a file from Files, to see it here.
                </p>
              </div>
            )}
          </div>
        </div>
      </div>
      <FilesDrawer open={drawer} onClose={() => setDrawer(false)}>
        {filesPane}
      </FilesDrawer>
    </div>
  );
}

/** The resizable panes' bounds: the files pane in px, the thread's share of thread + viewer in %. */
const FILES_WIDTH = { min: 208, max: 420 };
const SHARE = { min: 30, max: 70 };
/** `?canvas=1`: the viewer always has the larger share. */
const CANVAS_SHARE = { min: 30, max: 50 };

/** The panes' sizes (remembered), the phone's current tab, and the tab panels' ARIA when on a phone. */
function usePanes(canvas: boolean, initialTab: PaneTab) {
  const phone = useMediaQuery("(max-width: 767px)");
  const [tab, setTab] = useState<PaneTab>(initialTab);
  const [filesWidth, setFilesWidth] = usePaneSize("pane:files-width", 272, FILES_WIDTH);
  const shareBounds = canvas ? CANVAS_SHARE : SHARE;
  const [threadShare, setThreadShare] = usePaneSize(
    canvas ? "pane:thread-share:canvas" : "pane:thread-share",
    canvas ? 40 : 50,
    shareBounds,
  );
  const split = useRef<HTMLDivElement>(null);
  // Tab panels only where the panes are tabs; beside each other they are plain regions.
  const panel = (t: PaneTab) =>
    phone ? { id: paneId(t), role: "tabpanel", "aria-labelledby": tabId(t) } : { id: paneId(t) };
  return { phone, tab, setTab, filesWidth, setFilesWidth, threadShare, setThreadShare, shareBounds, split, panel };
}

/** Keeps the newest text in view while it streams, unless the reader scrolled up the thread's pane. */
function useStickToBottom(pane: RefObject<HTMLDivElement | null>, signal: string) {
  const near = useRef(true);
  useEffect(() => {
    const el = pane.current;
    if (!el) return;
    const onScroll = () => {
      near.current = el.scrollTop + el.clientHeight >= el.scrollHeight - 160;
    };
    el.addEventListener("scroll", onScroll, { passive: true });
    return () => el.removeEventListener("scroll", onScroll);
  }, [pane]);
  useEffect(() => {
    const el = pane.current;
    if (signal && el && near.current) el.scrollTo({ top: el.scrollHeight });
  }, [pane, signal]);
}
