import { AppError } from "../../../contracts/errors.ts";

/** A comment line this often keeps proxies and load balancers from closing a quiet stream. */
export const KEEPALIVE_MS = 15_000;

export interface SseEvent {
  /** Sent as the event's `id:`, so a client can resume after it (Last-Event-ID). */
  index?: number;
  event: { type: string };
}

/**
 * Server-Sent Events from an async sequence: `event: <type>`, `id: <index>`, `data: <json>`.
 * The sequence is opened with a signal that aborts when the client goes away; that only stops
 * this response (what produces the events decides for itself whether to go on). A failure after
 * the first byte becomes an `error` event, then the stream ends. Never compressed or buffered.
 */
export function sseResponse(
  open: (signal: AbortSignal) => AsyncIterable<SseEvent>,
  o: { log: (...args: unknown[]) => void; keepaliveMs?: number },
): Response {
  const encoder = new TextEncoder();
  const gone = new AbortController();
  let keepalive: NodeJS.Timeout | null = null;
  let iterator: AsyncIterator<SseEvent> | null = null;
  const stop = () => {
    if (keepalive) clearInterval(keepalive);
    keepalive = null;
  };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        if (!gone.signal.aborted) controller.enqueue(encoder.encode(text));
      };
      keepalive = setInterval(() => send(": keepalive\n\n"), o.keepaliveMs ?? KEEPALIVE_MS);
      void (async () => {
        try {
          iterator = open(gone.signal)[Symbol.asyncIterator]();
          for (;;) {
            const next = await iterator.next();
            if (next.done || gone.signal.aborted) break;
            send(frame(next.value));
          }
        } catch (err) {
          if (!(err instanceof AppError)) o.log("[sse] stream failed:", err);
          const e = err instanceof AppError ? err : new AppError("internal", "The stream failed.");
          send(frame({ event: { type: "error", code: e.code, message: e.message } as { type: string } }));
        }
        stop();
        if (!gone.signal.aborted) controller.close();
      })();
    },
    cancel() {
      gone.abort();
      stop();
      // Not awaited: a generator waiting for its next event returns when it gets there.
      void iterator?.return?.(undefined)?.catch(() => undefined);
    },
  });
  return new Response(body, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      "x-accel-buffering": "no",
    },
  });
}

function frame({ index, event }: SseEvent): string {
  return `event: ${event.type}\n${index === undefined ? "" : `id: ${index}\n`}data: ${JSON.stringify(event)}\n\n`;
}
