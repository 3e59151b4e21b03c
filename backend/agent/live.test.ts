import { describe, expect, it } from "vitest";
import { LiveAnswer, type IndexedEvent } from "./live.ts";

async function drain(it: AsyncGenerator<IndexedEvent>): Promise<IndexedEvent[]> {
  const out: IndexedEvent[] = [];
  for await (const e of it) out.push(e);
  return out;
}

describe("LiveAnswer", () => {
  it("adds up text and citations, and serves followers from any index, then live, until closed", async () => {
    const a = new LiveAnswer("m1", "t1");
    a.publish({ type: "text_delta", text: "Sales " });
    const early = drain(a.follow());
    a.publish({
      type: "citation",
      n: 1,
      file_id: "f",
      version_id: "v",
      filename: "x.md",
      page: 1,
      quote: "q",
      start: 0,
      end: 1,
      verified: true,
    });
    a.publish({ type: "text_delta", text: "[1]" });
    const late = drain(a.follow(1));
    // The final event is recorded (to be stored) before followers hear of it.
    a.record({ type: "done", message_id: "m1", status: "complete" });
    expect(a.events).toHaveLength(4);
    a.close("complete");
    expect((await early).map((e) => e.index)).toEqual([0, 1, 2, 3]);
    expect((await late).map((e) => e.event.type)).toEqual(["text_delta", "done"]);
    expect(a.content).toBe("Sales [1]");
    expect(a.citations).toEqual([
      { n: 1, file_id: "f", version_id: "v", filename: "x.md", page: 1, quote: "q", start: 0, end: 1, verified: true },
    ]);
    expect(a.events.map((e) => e.t)).toEqual([...a.events.map((e) => e.t)].sort((x, y) => x - y));
  });

  it("ignores events after it is closed", async () => {
    const a = new LiveAnswer("m1", "t1");
    a.close("cancelled");
    a.publish({ type: "text_delta", text: "late" });
    expect(a.events).toEqual([]);
    expect(await drain(a.follow())).toEqual([]);
  });

  it("records no more words once stopped, but still its error and end", () => {
    const a = new LiveAnswer("m1", "t1");
    a.publish({ type: "text_delta", text: "Sales rose " });
    a.controller.abort();
    a.publish({ type: "thinking", text: "and then" });
    a.publish({ type: "text_delta", text: "[1" });
    a.publish({ type: "error", code: "agent/timeout", message: "Too long." });
    a.record({ type: "done", message_id: "m1", status: "cancelled" });
    expect(a.content).toBe("Sales rose ");
    expect(a.events.map((e) => e.e.type)).toEqual(["text_delta", "error", "done"]);
  });
});
