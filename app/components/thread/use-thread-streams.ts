import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { StreamEvent } from "../../../contracts/agent.ts";
import { applyEvent, emptyAnswer, type AnswerStatus } from "./answer-state.ts";
import { cancelStream, runStream, StreamRefused, streamUrls } from "./stream-client.ts";
import type { LiveEntry } from "./turns.ts";

/** A dropped connection is followed again from the last event this many times, waiting longer each time. */
const RESUME_ATTEMPTS = 5;
const RESUME_BASE_MS = 400;
/** Words arriving within this long are painted together. */
const FLUSH_MS = 60;
const BATCHED: ReadonlySet<StreamEvent["type"]> = new Set(["text_delta", "thinking", "citation"]);
/** An answer still being written after a Stop is asked about again this many times, this far apart. */
const STOP_CHECKS = 5;
const STOP_CHECK_MS = 1_000;

interface Request {
  url: string;
  method: "GET" | "POST";
  body?: unknown;
}

/**
 * The answers this page streams: asking, regenerating, following an answer still being written
 * (after a refresh), and stopping. Each answer is driven until its `done` event; a connection
 * that drops is followed again from the last event seen. Stop closes the answer's stream at once
 * (the answer keeps the words shown) and asks the API to stop writing it. Leaving the page closes
 * the connections but not the answers: they go on and are stored.
 */
export function useThreadStreams(o: { workspaceId: string; threadId: string; onSettled: () => void }) {
  const urls = useMemo(() => streamUrls(o.workspaceId, o.threadId), [o.workspaceId, o.threadId]);
  const entries = useRef(new Map<string, LiveEntry>());
  const controllers = useRef(new Map<string, AbortController>());
  /** Stop pressed before the answer had an id: it is stopped when the id arrives. */
  const stopWanted = useRef(new Set<string>());
  /** Streams Stop closed: the cancel request, not the stream, ends them. */
  const halted = useRef(new Set<string>());
  const pending = useRef(new Map<string, { event: StreamEvent; index: number | null }[]>());
  const flushTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** `drive`, for `halt` (declared before it) to follow an answer again. */
  const driveRef = useRef<(key: string, req: Request) => Promise<void>>(async () => undefined);
  const [list, setList] = useState<LiveEntry[]>([]);
  const onSettled = useRef(o.onSettled);
  onSettled.current = o.onSettled;

  const put = useCallback((key: string, change: (e: LiveEntry) => LiveEntry) => {
    const e = entries.current.get(key);
    if (!e) return;
    entries.current.set(key, change(e));
    setList([...entries.current.values()]);
  }, []);

  /** Applies the events that arrived since the last paint: one render for all of them. */
  const flush = useCallback(() => {
    if (flushTimer.current) clearTimeout(flushTimer.current);
    flushTimer.current = null;
    if (pending.current.size === 0) return;
    for (const [key, events] of pending.current) {
      const e = entries.current.get(key);
      if (!e) continue;
      let answer = e.answer;
      for (const { event, index } of events) answer = applyEvent(answer, event, index);
      entries.current.set(key, { ...e, answer });
    }
    pending.current.clear();
    setList([...entries.current.values()]);
  }, []);

  /**
   * Queues an event. A fast model sends a piece of text every few milliseconds and each render
   * parses the whole answer again: rendering each piece fell seconds behind the stream, so a Stop
   * came long after the words on screen. Words are painted every FLUSH_MS; anything else (the
   * answer's id, its end, an error, a card) at once.
   */
  const queue = useCallback(
    (key: string, event: StreamEvent, index: number | null) => {
      pending.current.set(key, [...(pending.current.get(key) ?? []), { event, index }]);
      if (!BATCHED.has(event.type)) flush();
      else flushTimer.current ??= setTimeout(flush, FLUSH_MS);
    },
    [flush],
  );

  /** The end of an answer Stop closed: its status as the API reports it, then the stored rows. */
  const settle = useCallback(
    (key: string, status: AnswerStatus) => {
      halted.current.delete(key);
      put(key, (e) => ({ ...e, connected: false, stopping: false, answer: { ...e.answer, status } }));
      onSettled.current();
    },
    [put],
  );

  /**
   * Stop, once the answer has an id: no more of it is read or shown, then the API is asked to
   * stop writing it. Stopped, it keeps the words shown. When it ended before the request got
   * there (complete, failed) or the request failed, the page follows it again from the last
   * event shown, so nothing of a finished answer is missing.
   */
  const halt = useCallback(
    (key: string, messageId: string) => {
      halted.current.add(key);
      stopWanted.current.delete(key);
      pending.current.delete(key);
      controllers.current.get(key)?.abort();
      // The words on screen are the ones kept: what arrived but was not painted yet is dropped.
      const url = urls.cancel(messageId, entries.current.get(key)?.answer.lastIndex ?? -1);
      void (async () => {
        let outcome = await cancelStream(url);
        for (let i = 0; i < STOP_CHECKS && "status" in outcome && outcome.status === "streaming"; i++) {
          await new Promise((r) => setTimeout(r, STOP_CHECK_MS));
          outcome = await cancelStream(url);
        }
        if ("status" in outcome && outcome.status === "cancelled") return settle(key, "cancelled");
        halted.current.delete(key);
        const problem = "problem" in outcome ? outcome.problem : null;
        put(key, (e) => ({ ...e, stopping: false, problem: problem ?? e.problem }));
        const last = entries.current.get(key)?.answer.lastIndex ?? -1;
        void driveRef.current(key, { url: urls.follow(messageId, last), method: "GET" });
      })();
    },
    [put, settle, urls],
  );

  const drive = useCallback(
    async (key: string, first: Request) => {
      const ctl = new AbortController();
      controllers.current.set(key, ctl);
      const onEvent = (ev: StreamEvent, index: number | null) => {
        // Frames already read when Stop closed the stream are not shown.
        if (ctl.signal.aborted) return;
        queue(key, ev, index);
        if (ev.type === "message_started" && stopWanted.current.has(key)) halt(key, ev.message_id);
      };
      let req = first;
      let attempt = 0;
      for (;;) {
        let outcome: "done" | "ended" | "failed" = "failed";
        try {
          outcome = await runStream({ ...req, signal: ctl.signal, onEvent });
        } catch (err) {
          if (ctl.signal.aborted) break;
          if (err instanceof StreamRefused) {
            put(key, (e) => ({ ...e, problem: err.message }));
            break;
          }
        }
        if (outcome === "done" || ctl.signal.aborted) break;
        flush();
        const current = entries.current.get(key);
        const messageId = current?.answer.messageId;
        if (!current || !messageId || attempt >= RESUME_ATTEMPTS) {
          put(key, (e) => ({
            ...e,
            problem: "The connection to the answer was lost. Refresh the page to see where it stands.",
          }));
          break;
        }
        attempt += 1;
        await new Promise((r) => setTimeout(r, RESUME_BASE_MS * attempt));
        if (ctl.signal.aborted) break;
        req = { url: urls.follow(messageId, current.answer.lastIndex), method: "GET" };
      }
      // Stop closed this stream (its cancel request ends the answer), or another took over: leave it to them.
      const mine = controllers.current.get(key) === ctl;
      if (mine) controllers.current.delete(key);
      if (!mine || halted.current.has(key)) return;
      flush();
      stopWanted.current.delete(key);
      put(key, (e) => ({ ...e, connected: false, stopping: false }));
      if (!ctl.signal.aborted) onSettled.current();
    },
    [put, flush, queue, halt, urls],
  );
  driveRef.current = drive;

  const start = useCallback(
    (entry: Omit<LiveEntry, "connected" | "stopping" | "problem">, req: Request) => {
      entries.current.set(entry.key, { ...entry, connected: true, stopping: false, problem: null });
      setList([...entries.current.values()]);
      void drive(entry.key, req);
    },
    [drive],
  );
  const ask = useCallback(
    (query: string, model: string | null) => {
      const key = crypto.randomUUID();
      start(
        { key, kind: "ask", question: query, model, answer: emptyAnswer() },
        { url: urls.ask, method: "POST", body: model ? { query, model } : { query } },
      );
    },
    [start, urls],
  );

  const regenerate = useCallback(
    (answerId: string, questionId: string, model: string | null) => {
      const key = crypto.randomUUID();
      start(
        { key, kind: "regenerate", question: null, model, answer: emptyAnswer({ questionId }) },
        { url: urls.regenerate(answerId), method: "POST", body: model ? { model } : undefined },
      );
    },
    [start, urls],
  );

  /** Follows a stored answer from its first event: one still being written, or to read its steps. */
  const follow = useCallback(
    (answerId: string, questionId: string | null, model: string | null) => {
      if ([...entries.current.values()].some((e) => e.answer.messageId === answerId)) return;
      start(
        {
          key: crypto.randomUUID(),
          kind: "follow",
          question: null,
          model,
          answer: emptyAnswer({ messageId: answerId, questionId }),
        },
        { url: urls.follow(answerId, -1), method: "GET" },
      );
    },
    [start, urls],
  );

  const stop = useCallback(
    (key: string) => {
      const e = entries.current.get(key);
      if (!e || !e.connected || e.stopping) return;
      put(key, (x) => ({ ...x, stopping: true }));
      if (e.answer.messageId) halt(key, e.answer.messageId);
      else stopWanted.current.add(key);
    },
    [put, halt],
  );

  /** Import / Cancel on a confirmation card: null once taken, else the reason in the API's words. */
  const confirm = useCallback(
    async (messageId: string, confirmationId: string, approve: boolean): Promise<string | null> => {
      try {
        const res = await fetch(urls.confirm(messageId, confirmationId), {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ approve }),
          credentials: "same-origin",
        });
        if (res.ok) return null;
        const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
        return body?.error?.message ?? "Your answer could not be sent. Please try again.";
      } catch {
        return "Your answer could not be sent: the connection failed.";
      }
    },
    [urls],
  );

  useEffect(() => {
    const open = controllers.current;
    return () => {
      if (flushTimer.current) clearTimeout(flushTimer.current);
      for (const c of open.values()) c.abort();
    };
  }, []);

  return { entries: list, ask, regenerate, follow, stop, confirm };
}
