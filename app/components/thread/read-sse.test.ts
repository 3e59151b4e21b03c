import { describe, expect, it } from "vitest";
import { readSse } from "./read-sse.ts";

function body(pieces: string[]): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  return new ReadableStream({
    start(c) {
      for (const p of pieces) c.enqueue(enc.encode(p));
      c.close();
    },
  });
}

async function all(pieces: string[]) {
  const out = [];
  for await (const m of readSse(body(pieces))) out.push(m);
  return out;
}

describe("readSse", () => {
  it("reads events split anywhere across chunks, skipping keepalive comments", async () => {
    const text =
      'event: text_delta\nid: 3\ndata: {"type":"text_delta","text":"a\\nb"}\n\n: keepalive\n\nevent: done\r\nid: 4\r\ndata: {}\r\n\r\n';
    for (const size of [1, 3, 7, text.length]) {
      const pieces = [];
      for (let i = 0; i < text.length; i += size) pieces.push(text.slice(i, i + size));
      expect(await all(pieces), `chunks of ${size}`).toEqual([
        { event: "text_delta", id: "3", data: '{"type":"text_delta","text":"a\\nb"}' },
        { event: "done", id: "4", data: "{}" },
      ]);
    }
  });

  it("joins multi-line data and drops a frame the stream cut off", async () => {
    expect(await all(["data: one\ndata: two\n\n", "event: x\ndata: half"])).toEqual([
      { event: "message", id: null, data: "one\ntwo" },
    ]);
  });
});
