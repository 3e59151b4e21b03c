/**
 * The app's pending thread message (spec section 3, "App context"): a question to ask as soon as
 * a thread screen opens, handed from the page that made the thread to that thread's screen. It
 * lives in this browser tab's memory only, so a reload of the thread never asks it again.
 */
let pending: { threadId: string; query: string } | null = null;

export function setPendingMessage(threadId: string, query: string): void {
  pending = { threadId, query };
}

/** The question waiting for this thread, once: taking it removes it. */
export function takePendingMessage(threadId: string): string | null {
  if (pending?.threadId !== threadId) return null;
  const { query } = pending;
  pending = null;
  return query;
}
