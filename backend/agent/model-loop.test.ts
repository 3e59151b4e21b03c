import type { LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { simulateReadableStream, tool } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { StreamEvent } from "../../contracts/agent.ts";
import { modelAnswer } from "./model-loop.ts";

const usage = (input: number, output: number) => ({
  inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: output, text: output, reasoning: undefined },
});
const finish = (reason: "stop" | "tool-calls", input: number, output: number): LanguageModelV3StreamPart => ({
  type: "finish",
  finishReason: { unified: reason, raw: reason },
  usage: usage(input, output),
});
const stream = (chunks: LanguageModelV3StreamPart[]) => ({ stream: simulateReadableStream({ chunks }) });

const tools = {
  lookup: tool({
    description: "Look up",
    inputSchema: z.object({ q: z.string() }),
    execute: async ({ q }) => ({ found: q.toUpperCase() }),
  }),
  broken: tool({
    description: "Fails",
    inputSchema: z.object({}),
    execute: async (): Promise<{ ok: boolean }> => {
      throw new Error("disk on fire");
    },
  }),
};

async function collect(model: MockLanguageModelV3, signal = new AbortController().signal): Promise<StreamEvent[]> {
  const out: StreamEvent[] = [];
  const run = modelAnswer({
    model,
    modelId: "m1",
    system: "sys",
    messages: [{ role: "user", content: "q" }],
    tools,
    maxSteps: 5,
    signal,
    cost: ({ inputTokens, outputTokens }) => inputTokens + outputTokens * 10,
  });
  for await (const e of run) out.push(e);
  return out;
}

describe("modelAnswer: the AI SDK's stream as our events", () => {
  it("maps tool calls and results (also failed ones), reasoning, text and per-step usage, across steps", async () => {
    const model = new MockLanguageModelV3({
      doStream: [
        stream([
          { type: "stream-start", warnings: [] },
          { type: "tool-call", toolCallId: "c1", toolName: "lookup", input: JSON.stringify({ q: "acme" }) },
          { type: "tool-call", toolCallId: "c2", toolName: "broken", input: "{}" },
          finish("tool-calls", 11, 3),
        ]),
        stream([
          { type: "reasoning-start", id: "r" },
          { type: "reasoning-delta", id: "r", delta: "Thinking" },
          { type: "reasoning-end", id: "r" },
          { type: "text-start", id: "t" },
          { type: "text-delta", id: "t", delta: "Acme " },
          { type: "text-delta", id: "t", delta: "[1]." },
          { type: "text-end", id: "t" },
          finish("stop", 20, 4),
        ]),
      ],
    });
    const events = await collect(model);
    // Tools run in parallel: their results come in the order they finish.
    const results = events.slice(2, 4).sort((a, b) => ((a as { id: string }).id < (b as { id: string }).id ? -1 : 1));
    expect(results).toEqual([
      { type: "tool_result", id: "c1", name: "lookup", result: { found: "ACME" }, is_error: false },
      { type: "tool_result", id: "c2", name: "broken", result: { error: "disk on fire" }, is_error: true },
    ]);
    expect([...events.slice(0, 2), ...events.slice(4)]).toEqual([
      { type: "tool_call", id: "c1", name: "lookup", args: { q: "acme" } },
      { type: "tool_call", id: "c2", name: "broken", args: {} },
      { type: "usage", input_tokens: 11, output_tokens: 3, cost_usd: 41, model: "m1" },
      { type: "thinking", text: "Thinking" },
      { type: "text_delta", text: "Acme " },
      { type: "text_delta", text: "[1]." },
      { type: "usage", input_tokens: 20, output_tokens: 4, cost_usd: 60, model: "m1" },
    ]);
    // The second call carried the tool results back.
    expect(model.doStreamCalls).toHaveLength(2);
    expect(JSON.stringify(model.doStreamCalls[1]!.prompt)).toContain("ACME");
    expect(model.doStreamCalls[0]!.tools?.map((t) => t.name).sort()).toEqual(["broken", "lookup"]);
  });

  it("starts a later step's text on a new paragraph", async () => {
    const model = new MockLanguageModelV3({
      doStream: [
        stream([
          { type: "text-start", id: "a" },
          { type: "text-delta", id: "a", delta: "Let me look." },
          { type: "text-end", id: "a" },
          { type: "tool-call", toolCallId: "c1", toolName: "lookup", input: '{"q":"x"}' },
          finish("tool-calls", 1, 1),
        ]),
        stream([
          { type: "text-start", id: "b" },
          { type: "text-delta", id: "b", delta: "Found" },
          { type: "text-delta", id: "b", delta: " it." },
          { type: "text-end", id: "b" },
          finish("stop", 1, 1),
        ]),
      ],
    });
    const text = (await collect(model)).map((e) => (e.type === "text_delta" ? e.text : "")).join("");
    expect(text).toBe("Let me look.\n\nFound it.");
  });

  it("turns a stream error into an error event and stops", async () => {
    const model = new MockLanguageModelV3({
      doStream: stream([
        { type: "text-start", id: "t" },
        { type: "text-delta", id: "t", delta: "Par" },
        { type: "error", error: new Error("overloaded") },
      ]),
    });
    const events = await collect(model);
    expect(events[0]).toEqual({ type: "text_delta", text: "Par" });
    expect(events.at(-1)).toEqual({
      type: "error",
      code: "agent/model-error",
      message: "The language model failed: overloaded",
    });
  });

  it("passes the abort signal to the model call and ends quietly when it fires", async () => {
    const controller = new AbortController();
    const model = new MockLanguageModelV3({
      doStream: async ({ abortSignal }) => ({
        stream: new ReadableStream<LanguageModelV3StreamPart>({
          start(c) {
            c.enqueue({ type: "text-start", id: "t" });
            c.enqueue({ type: "text-delta", id: "t", delta: "Hello" });
            abortSignal?.addEventListener("abort", () => c.error(abortSignal.reason));
          },
        }),
      }),
    });
    const seen: StreamEvent[] = [];
    const run = modelAnswer({
      model,
      modelId: "m1",
      system: "s",
      messages: [{ role: "user", content: "q" }],
      tools,
      maxSteps: 2,
      signal: controller.signal,
      cost: () => null,
    });
    for await (const e of run) {
      seen.push(e);
      if (e.type === "text_delta") controller.abort();
    }
    expect(seen).toEqual([{ type: "text_delta", text: "Hello" }]);
    expect(model.doStreamCalls[0]!.abortSignal?.aborted).toBe(true);
  });
});
