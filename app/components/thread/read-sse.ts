/** One Server-Sent Event as the browser's EventSource would deliver it. */
export interface SseMessage {
  event: string;
  data: string;
  id: string | null;
}

/**
 * Parses a Server-Sent Events body as it arrives (fetch, since the stream of a question is a
 * POST that EventSource cannot make). Comments (keepalives) are skipped; a frame cut off by the
 * end of the stream is dropped, as the spec says.
 */
export async function* readSse(body: ReadableStream<Uint8Array>, signal?: AbortSignal): AsyncGenerator<SseMessage> {
  // The DOM typings of TextDecoderStream's writable side (BufferSource) and Node's disagree.
  const reader = body
    .pipeThrough(new TextDecoderStream() as unknown as ReadableWritablePair<string, Uint8Array>)
    .getReader();
  const stop = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener("abort", stop, { once: true });
  let buffer = "";
  let event = "";
  let data: string[] = [];
  let id: string | null = null;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += value;
      let nl: number;
      while ((nl = buffer.search(/\r\n|\r|\n/)) >= 0) {
        // A lone "\r" at the end may be the first half of "\r\n": wait for the next piece.
        if (nl === buffer.length - 1 && buffer.endsWith("\r")) break;
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + (buffer.startsWith("\r\n", nl) ? 2 : 1));
        if (line === "") {
          if (data.length > 0) yield { event: event || "message", data: data.join("\n"), id };
          event = "";
          data = [];
          continue;
        }
        if (line.startsWith(":")) continue;
        const colon = line.indexOf(":");
        const name = colon < 0 ? line : line.slice(0, colon);
        const val = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
        if (name === "event") event = val;
        else if (name === "data") data.push(val);
        else if (name === "id") id = val;
      }
    }
  } finally {
    signal?.removeEventListener("abort", stop);
  }
}
