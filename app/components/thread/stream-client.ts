import { streamEvent, type StreamEvent } from "../../../contracts/agent.ts";
import { readSse } from "./read-sse.ts";

/** A refusal before the stream began (not signed in, not the owner, unknown model...): the API's words. */
export class StreamRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | null,
  ) {
    super(message);
    this.name = "StreamRefused";
  }
}

/** Where the thread's streams are relayed (app/routes/resources.*): the session cookie goes along. */
export function streamUrls(workspaceId: string, threadId: string) {
  const base = `/resources/workspaces/${encodeURIComponent(workspaceId)}/threads/${encodeURIComponent(threadId)}`;
  return {
    ask: `${base}/ask`,
    cancel: (messageId: string) => `${base}/cancel?message_id=${encodeURIComponent(messageId)}`,
    follow: (messageId: string, after: number) =>
      `${base}/messages/${encodeURIComponent(messageId)}/follow?after=${after}`,
    regenerate: (messageId: string) => `${base}/messages/${encodeURIComponent(messageId)}/regenerate`,
    confirm: (messageId: string, confirmationId: string) =>
      `${base}/messages/${encodeURIComponent(messageId)}/confirmations/${encodeURIComponent(confirmationId)}`,
  };
}

/**
 * Opens one answer stream and hands each event (with its index) to `onEvent`. Resolves "done"
 * once the answer's last event came, or "ended" when the connection closed before it (the page
 * then follows the answer from its last index). Throws StreamRefused for preflight errors.
 */
export async function runStream(o: {
  url: string;
  method: "GET" | "POST";
  body?: unknown;
  signal: AbortSignal;
  onEvent: (e: StreamEvent, index: number | null) => void;
}): Promise<"done" | "ended"> {
  const res = await fetch(o.url, {
    method: o.method,
    headers: { accept: "text/event-stream", ...(o.body === undefined ? {} : { "content-type": "application/json" }) },
    body: o.body === undefined ? undefined : JSON.stringify(o.body),
    signal: o.signal,
    credentials: "same-origin",
  });
  if (!res.ok || !(res.headers.get("content-type") ?? "").startsWith("text/event-stream") || !res.body) {
    const body = (await res.json().catch(() => null)) as { error?: { message?: string; code?: string } } | null;
    throw new StreamRefused(res.status, body?.error?.message ?? refusalText(res.status), body?.error?.code ?? null);
  }
  for await (const m of readSse(res.body, o.signal)) {
    let parsed: ReturnType<typeof streamEvent.safeParse>;
    try {
      parsed = streamEvent.safeParse(JSON.parse(m.data));
    } catch {
      continue;
    }
    // An event type this page does not know yet is skipped, not fatal.
    if (!parsed.success) continue;
    const index = m.id !== null && /^\d+$/.test(m.id) ? Number(m.id) : null;
    o.onEvent(parsed.data, index);
    if (parsed.data.type === "done") return "done";
  }
  return "ended";
}

function refusalText(status: number): string {
  if (status === 401) return "Please sign in to ask questions.";
  if (status === 404) return "This thread no longer exists.";
  if (status === 429) return "Too many requests. Please wait a moment and try again.";
  return "The answer could not be started. Please try again.";
}
