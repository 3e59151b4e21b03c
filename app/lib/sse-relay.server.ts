import type { AppLoadContext } from "react-router";
import type { RawEndpoint, RawPathInput } from "../../contracts/endpoint.ts";
import { relayToApi, type RelayInit } from "./api-relay.server.ts";

/** A comment line this often keeps proxies between the browser and us from closing a quiet stream. */
export const RELAY_KEEPALIVE_MS = 15_000;
const KEEPALIVE = new TextEncoder().encode(": keepalive\n\n");

const SSE_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  // no-transform: neither our compressor nor a proxy may buffer the stream to compress it.
  "cache-control": "no-cache, no-transform",
  "x-accel-buffering": "no",
};

/**
 * Relays one of the agent's Server-Sent Event streams to the browser with the visitor's bearer
 * token. A check that failed before the stream began (not signed in, not the owner, unknown
 * model...) keeps its status and JSON error body, so the page can show the API's message. The
 * stream itself passes through chunk by chunk as it arrives, never collected first.
 */
export async function relaySse<E extends RawEndpoint>(
  request: Request,
  context: AppLoadContext,
  e: E,
  o: RawPathInput<E> & { body?: ReadableStream<Uint8Array> | null; keepaliveMs?: number },
): Promise<Response> {
  const { keepaliveMs, ...to } = o;
  let res: Response;
  try {
    res = await relayToApi(request, context, e, {
      ...to,
      contentType: o.body ? "application/json" : null,
      accept: "text/event-stream",
      signal: request.signal,
    } as RelayInit<E>);
  } catch (err) {
    if (request.signal.aborted) return new Response(null, { status: 499 });
    throw err;
  }
  const type = res.headers.get("content-type") ?? "";
  if (!res.ok || !type.startsWith("text/event-stream") || !res.body) {
    const body: unknown = await res.json().catch(() => null);
    const fallback = { error: { code: "bad_gateway", message: "The answer could not be started. Please try again." } };
    return Response.json(isErrorBody(body) ? body : fallback, {
      status: res.ok ? 502 : res.status,
      headers: { "cache-control": "no-store" },
    });
  }
  return new Response(withKeepalive(res.body, keepaliveMs ?? RELAY_KEEPALIVE_MS), {
    status: 200,
    headers: SSE_HEADERS,
  });
}

function isErrorBody(v: unknown): v is { error: { message: string } } {
  return (
    typeof v === "object" && v !== null && typeof (v as { error?: { message?: unknown } }).error?.message === "string"
  );
}

/**
 * Passes an event stream through and, when nothing has been sent for `intervalMs`, adds a
 * keepalive comment, only between events (never inside one that arrived in pieces). Cancelling
 * the result (the browser left) cancels the upstream read. An upstream that breaks ends the
 * stream: the page notices no `done` arrived and follows the answer again from its last event.
 */
export function withKeepalive(upstream: ReadableStream<Uint8Array>, intervalMs: number): ReadableStream<Uint8Array> {
  const reader = upstream.getReader();
  let timer: ReturnType<typeof setInterval> | null = null;
  let lastSent = Date.now();
  // The last two bytes sent: an event ends with a blank line ("\n\n").
  let tail = [10, 10];
  const stop = () => {
    if (timer) clearInterval(timer);
    timer = null;
  };
  return new ReadableStream<Uint8Array>({
    start(controller) {
      timer = setInterval(
        () => {
          if (Date.now() - lastSent < intervalMs || tail[0] !== 10 || tail[1] !== 10) return;
          controller.enqueue(KEEPALIVE);
          lastSent = Date.now();
        },
        Math.max(10, Math.floor(intervalMs / 3)),
      );
    },
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          stop();
          controller.close();
          return;
        }
        if (value.length === 0) return;
        controller.enqueue(value);
        lastSent = Date.now();
        tail = value.length >= 2 ? [value[value.length - 2]!, value[value.length - 1]!] : [tail[1]!, value[0]!];
      } catch {
        stop();
        controller.close();
      }
    },
    cancel(reason) {
      stop();
      return reader.cancel(reason);
    },
  });
}
