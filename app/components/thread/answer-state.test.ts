import { describe, expect, it } from "vitest";
import type { StreamEvent } from "../../../contracts/agent.ts";
import { applyEvent, emptyAnswer, type AnswerState } from "./answer-state.ts";

const cite = {
  n: 1,
  file_id: "f",
  version_id: "v",
  filename: "r.pdf",
  page: 2,
  quote: "q",
  start: 0,
  end: 1,
  verified: true,
};
const events: StreamEvent[] = [
  { type: "message_started", message_id: "a1", user_message_id: "q1", thread_id: "t" },
  { type: "thinking", text: "Look " },
  { type: "thinking", text: "it up." },
  { type: "tool_call", id: "c1", name: "search", args: { query: "x" } },
  { type: "tool_result", id: "c1", name: "search", result: { hits: 1 }, is_error: false },
  { type: "text_delta", text: "Revenue grew " },
  { type: "citation", ...cite },
  { type: "text_delta", text: "[1]." },
  { type: "usage", input_tokens: 10, output_tokens: 5, cost_usd: null, model: "m" },
  { type: "done", message_id: "a1", status: "complete" },
];
const run = (from: AnswerState, list: [StreamEvent, number][]) => list.reduce((s, [e, i]) => applyEvent(s, e, i), from);

describe("applyEvent", () => {
  it("builds the answer: ids, text, citations by number, one thought per run of thinking, tool results on their call", () => {
    const s = run(
      emptyAnswer(),
      events.map((e, i) => [e, i]),
    );
    expect(s).toMatchObject({
      messageId: "a1",
      questionId: "q1",
      content: "Revenue grew [1].",
      status: "complete",
      lastIndex: 9,
    });
    expect(s.citations[1]).toEqual(cite);
    expect(s.steps).toEqual([
      { kind: "thinking", text: "Look it up." },
      { kind: "tool", id: "c1", name: "search", args: { query: "x" }, result: { hits: 1 }, isError: false },
    ]);
    expect(s.usage).toHaveLength(1);
  });

  it("ignores events it already has, so resuming after index n never doubles the text", () => {
    const half = run(
      emptyAnswer(),
      events.slice(0, 6).map((e, i) => [e, i]),
    );
    // A follow from index 3 sends 4, 5 again before the new ones.
    const resumed = run(
      half,
      events.slice(4).map((e, i) => [e, i + 4]),
    );
    expect(resumed.content).toBe("Revenue grew [1].");
    expect(resumed.status).toBe("complete");
  });

  it("keeps errors and a failed status", () => {
    const s = run(emptyAnswer(), [
      [{ type: "error", code: "internal", message: "Boom" }, 0],
      [{ type: "done", message_id: "a", status: "failed" }, 1],
    ]);
    expect(s.errors).toEqual([{ code: "internal", message: "Boom" }]);
    expect(s.status).toBe("failed");
  });
});

describe("confirmations", () => {
  const filing = {
    cik: 1009672,
    company: "CARBO CERAMICS INC",
    form: "10-K",
    filed_at: "2018-03-08",
    period: "2017-12-31",
    accession_number: "0001564590-18-004771",
  };
  const request: StreamEvent = {
    type: "confirmation_request",
    id: "c1",
    kind: "edgar_import",
    filings: [filing],
    include_exhibits: false,
  };

  it("a request shows pending; its result and the import's progress update that card only", () => {
    const s = run(emptyAnswer(), [
      [request, 0],
      [{ ...request, id: "c2" } as StreamEvent, 1],
      [{ type: "confirmation_result", id: "c1", status: "approved" }, 2],
      [
        {
          type: "import_progress",
          id: "c1",
          files: [{ id: "f1", filename: "CARBO CERAMICS INC 10-K 2017-12-31.htm", status: "indexing" }],
          failures: [],
        },
        3,
      ],
      [
        {
          type: "import_progress",
          id: "c1",
          files: [{ id: "f1", filename: "CARBO CERAMICS INC 10-K 2017-12-31.htm", status: "indexed" }],
          failures: [],
        },
        4,
      ],
    ]);
    expect(s.confirmations).toEqual([
      {
        id: "c1",
        kind: "edgar_import",
        filings: [filing],
        includeExhibits: false,
        status: "approved",
        files: [{ id: "f1", filename: "CARBO CERAMICS INC 10-K 2017-12-31.htm", status: "indexed" }],
        failures: [],
      },
      {
        id: "c2",
        kind: "edgar_import",
        filings: [filing],
        includeExhibits: false,
        status: "pending",
        files: [],
        failures: [],
      },
    ]);
  });

  it("a replay from an earlier index does not add the card twice", () => {
    const once = run(emptyAnswer(), [
      [request, 0],
      [{ type: "confirmation_result", id: "c1", status: "declined" }, 1],
    ]);
    const again = run(once, [
      [request, 0],
      [{ type: "confirmation_result", id: "c1", status: "declined" }, 1],
    ]);
    expect(again.confirmations).toHaveLength(1);
    expect(again.confirmations[0]!.status).toBe("declined");
  });
});
