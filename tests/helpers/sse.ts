import type { StreamEvent } from "../../contracts/agent.ts";
import type { TestApp } from "./test-app.ts";

export interface ReceivedEvent {
  /** The `event:` line (always equal to data.type for our streams). */
  name: string;
  id: number | null;
  data: StreamEvent;
  /** performance.now() when the frame was parsed. */
  at: number;
}

export interface SseConnection {
  status: number;
  headers: Headers;
  /** The body as JSON when the answer is not a stream (an HTTP error). */
  error: { error: { code: string; message: string; fields?: Record<string, string> } } | null;
  /** Frames received so far. */
  events: ReceivedEvent[];
  /** Comment lines (": keepalive") received so far. */
  comments: string[];
  /** Resolves with the first event matching, waiting for it to arrive. */
  waitFor(match: (e: ReceivedEvent) => boolean, timeoutMs?: number): Promise<ReceivedEvent>;
  /** Resolves with every event once the server ends the stream. */
  done(): Promise<ReceivedEvent[]>;
  /** Drops the connection (like a closed tab). */
  close(): void;
}

/** Opens a Server-Sent Events request and parses frames as they arrive. */
export async function openSse(
  app: Pick<TestApp, "url">,
  method: string,
  path: string,
  o: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<SseConnection> {
  const abort = new AbortController();
  const headers: Record<string, string> = { accept: "text/event-stream", ...o.headers };
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(app.url + path, {
    method,
    headers,
    body: o.body === undefined ? undefined : JSON.stringify(o.body),
    signal: abort.signal,
  });
  const events: ReceivedEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  let ended = false;
  let failure: unknown = null;
  const notify = () => waiters.forEach((w) => w());

  if (!(res.headers.get("content-type") ?? "").startsWith("text/event-stream")) {
    const text = await res.text();
    let error: SseConnection["error"];
    try {
      error = JSON.parse(text);
    } catch {
      error = { error: { code: "not_json", message: text } };
    }
    return {
      status: res.status,
      headers: res.headers,
      error,
      events,
      comments,
      waitFor: () => Promise.reject(new Error("not a stream")),
      done: async () => events,
      close: () => undefined,
    };
  }

  const reading = (async () => {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          const frame = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          parseFrame(frame, events, comments);
          notify();
        }
      }
    } catch (err) {
      if (!abort.signal.aborted) failure = err;
    }
    ended = true;
    notify();
  })();

  return {
    status: res.status,
    headers: res.headers,
    error: null,
    events,
    comments,
    waitFor(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (found) return finish(() => resolve(found));
          if (ended)
            finish(() =>
              reject(new Error(`stream ended without the event; got ${events.map((e) => e.name).join(",")}`)),
            );
        };
        const timer = setTimeout(
          () => finish(() => reject(new Error(`timed out waiting; got ${events.map((e) => e.name).join(",")}`))),
          timeoutMs,
        );
        const finish = (fn: () => void) => {
          clearTimeout(timer);
          waiters.delete(check);
          fn();
        };
        waiters.add(check);
        check();
      });
    },
    async done() {
      await reading;
      if (failure) throw failure;
      return events;
    },
    close() {
      abort.abort();
    },
  };
}

function parseFrame(frame: string, events: ReceivedEvent[], comments: string[]): void {
  let name = "message";
  let id: number | null = null;
  const data: string[] = [];
  for (const line of frame.split("\n")) {
    if (line.startsWith(":")) comments.push(line.slice(1).trim());
    else if (line.startsWith("event: ")) name = line.slice(7);
    else if (line.startsWith("id: ")) id = Number(line.slice(4));
    else if (line.startsWith("data: ")) data.push(line.slice(6));
  }
  if (data.length) events.push({ name, id, data: JSON.parse(data.join("\n")) as StreamEvent, at: performance.now() });
}

/** The answer's text as the client would show it. */
export function textOf(events: ReceivedEvent[]): string {
  return events.map((e) => (e.data.type === "text_delta" ? e.data.text : "")).join("");
}

export function ofType<T extends StreamEvent["type"]>(
  events: ReceivedEvent[],
  type: T,
): Extract<StreamEvent, { type: T }>[] {
  return events.map((e) => e.data).filter((d): d is Extract<StreamEvent, { type: T }> => d.type === type);
}
