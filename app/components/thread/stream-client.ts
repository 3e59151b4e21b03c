import { cancelStreamQa, streamEvent, type StreamEvent } from "../../../contracts/agent.ts";
import type { AnswerStatus } from "./answer-state.ts";
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
    /** `shown`: the last event the reader was shown; the stopped answer is stored as it was then. */
    cancel: (messageId: string, shown: number) =>
      `${base}/cancel?message_id=${encodeURIComponent(messageId)}&shown=${shown}`,
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

/**
 * Stop: asks the API to stop an answer. The API waits briefly for it to stop and answers with its
 * status then ("cancelled", "complete" when it ended first, "streaming" when it has not stopped
 * yet); else why it could not, in the API's words.
 */
export async function cancelStream(url: string): Promise<{ status: AnswerStatus } | { problem: string }> {
  try {
    const res = await fetch(url, { method: "POST", credentials: "same-origin" });
    const body: unknown = await res.json().catch(() => null);
    const ok = res.ok ? cancelStreamQa.response.safeParse(body) : null;
    if (ok?.success) return { status: ok.data.status };
    const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
    return { problem: typeof message === "string" ? message : "The answer could not be stopped." };
  } catch {
    return { problem: "The answer could not be stopped: the connection failed." };
  }
}

function refusalText(status: number): string {
  if (status === 401) return "Please sign in to ask questions.";
  if (status === 404) return "This thread no longer exists.";
  if (status === 429) return "Too many requests. Please wait a moment and try again.";
  return "The answer could not be started. Please try again.";
}
