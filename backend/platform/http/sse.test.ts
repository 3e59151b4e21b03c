import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { AppError } from "../../../contracts/errors.ts";
import { sseResponse } from "./sse.ts";

const read = async (res: Response) => new TextDecoder().decode(new Uint8Array(await res.arrayBuffer()));

describe("sseResponse", () => {
  it("writes typed frames with ids, and keepalive comments while the source is quiet", async () => {
    const res = sseResponse(
      async function* () {
        yield { index: 0, event: { type: "a" } };
        await sleep(250);
        yield { index: 1, event: { type: "b" } };
      },
      { log: () => undefined, keepaliveMs: 25 },
    );
    expect(res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-cache, no-transform");
    const text = await read(res);
    expect(text.replace(/: keepalive\n\n/g, "")).toBe(
      'event: a\nid: 0\ndata: {"type":"a"}\n\nevent: b\nid: 1\ndata: {"type":"b"}\n\n',
    );
    expect(text.match(/: keepalive\n\n/g)?.length).toBeGreaterThanOrEqual(2);
  });

  it("turns a failure after the first byte into an error event, hiding unknown errors", async () => {
    const logged: unknown[] = [];
    const failing = (err: Error) =>
      sseResponse(
        async function* () {
          yield { event: { type: "a" } };
          throw err;
        },
        { log: (...a) => logged.push(a) },
      );
    expect(await read(failing(new AppError("not_found", "Gone.")))).toContain(
      'data: {"type":"error","code":"not_found","message":"Gone."}',
    );
    expect(await read(failing(new Error("secret detail")))).toContain(
      '"code":"internal","message":"The stream failed."',
    );
    expect(logged).toHaveLength(1);
  });

  it("aborts the source's signal when the client goes away", async () => {
    let seen: AbortSignal | null = null;
    const res = sseResponse(
      (signal) => {
        seen = signal;
        return (async function* () {
          yield { event: { type: "a" } };
          await sleep(10_000, undefined, { signal }).catch(() => undefined);
        })();
      },
      { log: () => undefined },
    );
    const reader = res.body!.getReader();
    await reader.read();
    await reader.cancel();
    expect(seen!.aborted).toBe(true);
  });
});
