import { describe, expect, it } from "vitest";
import type { StreamEvent } from "../../contracts/agent.ts";
import { shownPart } from "./trim.ts";

const at = (e: StreamEvent) => ({ t: 0, e });
const cite = (n: number) =>
  at({
    type: "citation",
    n,
    file_id: "f",
    version_id: "v",
    filename: "a.md",
    page: 1,
    quote: "q",
    start: null,
    end: null,
    verified: false,
  });

describe("shownPart", () => {
  const events = [
    at({ type: "message_started", message_id: "m", user_message_id: "u", thread_id: "t" }),
    at({ type: "text_delta", text: "Sales rose " }),
    cite(1),
    at({ type: "text_delta", text: "[1]. " }),
    cite(2),
    at({ type: "text_delta", text: "Costs [2]" }),
    at({ type: "usage", input_tokens: 1, output_tokens: 2, cost_usd: null, model: "x" }),
    at({ type: "done", message_id: "m", status: "cancelled" }),
  ];

  it("keeps the words up to the event shown and every other event, renumbered", () => {
    const part = shownPart(events, 4)!;
    expect(part.content).toBe("Sales rose [1]. ");
    // Citation 2 came, but its marker did not: the reader never saw it.
    expect(part.citations.map((c) => c.n)).toEqual([1]);
    expect(part.events.map((t) => t.e.type)).toEqual([
      "message_started",
      "text_delta",
      "citation",
      "text_delta",
      "citation",
      "usage",
      "done",
    ]);
  });

  it("is null when the reader saw every word", () => {
    expect(shownPart(events, 5)).toBeNull();
  });
});
