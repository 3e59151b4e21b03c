import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { StreamEvent } from "../../../contracts/agent.ts";
import { applyEvent, emptyAnswer } from "./answer-state.ts";
import { runStream, StreamRefused, streamUrls } from "./stream-client.ts";
import type { LiveEntry } from "./turns.ts";

/** A dropped connection is followed again from the last event this many times, waiting longer each time. */
const RESUME_ATTEMPTS = 5;
const RESUME_BASE_MS = 400;

interface Request {
  url: string;
  method: "GET" | "POST";
  body?: unknown;
}

/**
 * The answers this page streams: asking, regenerating, following an answer still being written
 * (after a refresh), and stopping. Each answer is driven until its `done` event; a connection
 * that drops is followed again from the last event seen. Leaving the page closes the connections
 * but not the answers: they go on and are stored.
 */
export function useThreadStreams(o: { workspaceId: string; threadId: string; onSettled: () => void }) {
  const urls = useMemo(() => streamUrls(o.workspaceId, o.threadId), [o.workspaceId, o.threadId]);
  const entries = useRef(new Map<string, LiveEntry>());
  const controllers = useRef(new Map<string, AbortController>());
  const stopWanted = useRef(new Set<string>());
  const [list, setList] = useState<LiveEntry[]>([]);
  const onSettled = useRef(o.onSettled);
  onSettled.current = o.onSettled;

  const put = useCallback((key: string, change: (e: LiveEntry) => LiveEntry) => {
    const e = entries.current.get(key);
    if (!e) return;
    entries.current.set(key, change(e));
    setList([...entries.current.values()]);
  }, []);

  const sendCancel = useCallback(
    async (key: string, messageId: string) => {
      try {
        const res = await fetch(urls.cancel(messageId), { method: "POST", credentials: "same-origin" });
        if (!res.ok) {
          const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
          put(key, (e) => ({
            ...e,
            stopping: false,
            problem: body?.error?.message ?? "The answer could not be stopped.",
          }));
        }
      } catch {
        put(key, (e) => ({
          ...e,
          stopping: false,
          problem: "The answer could not be stopped: the connection failed.",
        }));
      }
    },
    [put, urls],
  );

  const drive = useCallback(
    async (key: string, first: Request) => {
      const ctl = new AbortController();
      controllers.current.set(key, ctl);
      const onEvent = (ev: StreamEvent, index: number | null) => {
        put(key, (e) => ({ ...e, answer: applyEvent(e.answer, ev, index) }));
        if (ev.type === "message_started" && stopWanted.current.has(key)) void sendCancel(key, ev.message_id);
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
      controllers.current.delete(key);
      stopWanted.current.delete(key);
      put(key, (e) => ({ ...e, connected: false, stopping: false }));
      if (!ctl.signal.aborted) onSettled.current();
    },
    [put, sendCancel, urls],
  );

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
      if (e.answer.messageId) void sendCancel(key, e.answer.messageId);
      else stopWanted.current.add(key);
    },
    [put, sendCancel],
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
      for (const c of open.values()) c.abort();
    };
  }, []);

  return { entries: list, ask, regenerate, follow, stop, confirm };
}
