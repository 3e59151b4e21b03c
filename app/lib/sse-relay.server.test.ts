import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { withKeepalive } from "./sse-relay.server.ts";

const enc = new TextEncoder();
const dec = new TextDecoder();

/** An upstream the test feeds by hand. */
function source() {
  let ctl!: ReadableStreamDefaultController<Uint8Array>;
  let cancelled: unknown = "not cancelled";
  const stream = new ReadableStream<Uint8Array>({
    start: (c) => void (ctl = c),
    cancel: (reason) => void (cancelled = reason),
  });
  return {
    stream,
    push: (s: string) => ctl.enqueue(enc.encode(s)),
    end: () => ctl.close(),
    cancelled: () => cancelled,
  };
}

/** Reads what the relay sends, with the time each piece arrived. */
function collect(stream: ReadableStream<Uint8Array>) {
  const got: string[] = [];
  const reader = stream.getReader();
  const done = (async () => {
    for (;;) {
      const r = await reader.read();
      if (r.done) return;
      got.push(dec.decode(r.value));
    }
  })();
  return { got, done, reader };
}

describe("withKeepalive", () => {
  it("passes each chunk on as it arrives, without waiting for the end", async () => {
    const up = source();
    const out = collect(withKeepalive(up.stream, 10_000));
    up.push("event: text_delta\ndata: {}\n\n");
    await sleep(20);
    expect(out.got).toEqual(["event: text_delta\ndata: {}\n\n"]);
    up.end();
    await out.done;
  });

  it("adds a keepalive comment when quiet, only between events", async () => {
    const up = source();
    const out = collect(withKeepalive(up.stream, 60));
    up.push("event: a\ndata: 1\n\n");
    await sleep(150);
    const between = out.got.filter((s) => s.startsWith(": keepalive")).length;
    expect(between).toBeGreaterThanOrEqual(1);
    // Half an event: no comment may land inside it, however long the rest takes.
    up.push("event: b\n");
    await sleep(10);
    const before = out.got.length;
    await sleep(200);
    expect(out.got.length).toBe(before);
    up.push("data: 2\n\n");
    up.end();
    await out.done;
    expect(out.got.join("")).toMatch(/^event: a\ndata: 1\n\n(: keepalive\n\n)+event: b\ndata: 2\n\n$/);
  });

  it("stops the upstream read when the browser leaves", async () => {
    const up = source();
    const out = collect(withKeepalive(up.stream, 10_000));
    await out.reader.cancel("gone");
    expect(up.cancelled()).toBe("gone");
  });
});
