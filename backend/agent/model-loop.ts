import { stepCountIs, streamText, type LanguageModel, type ModelMessage, type TextStreamPart, type ToolSet } from "ai";
import type { StreamEvent } from "../../contracts/agent.ts";

export interface ModelRun {
  model: LanguageModel;
  /** Our id of the model, as the usage event names it. */
  modelId: string;
  system: string;
  messages: ModelMessage[];
  tools: ToolSet;
  maxSteps: number;
  signal: AbortSignal;
  cost(usage: { inputTokens: number; outputTokens: number }): number | null;
}

/**
 * The agent loop with a language model: it may search and read pages (tools) over several steps,
 * then answers. Yields our stream events; text deltas are raw (their citation markers are turned
 * into citations by the caller). Aborting `signal` aborts the model's HTTP call.
 */
export function modelAnswer(run: ModelRun): AsyncGenerator<StreamEvent> {
  const result = streamText({
    model: run.model,
    system: run.system,
    messages: run.messages,
    tools: run.tools,
    stopWhen: stepCountIs(run.maxSteps),
    abortSignal: run.signal,
    // Retries would replay a partly streamed answer; the user can regenerate instead.
    maxRetries: 0,
    // Errors arrive as stream parts (mapped below), not through the default console logger.
    onError: () => undefined,
  });
  return mapFullStream(result.fullStream, run);
}

/** The AI SDK's full stream as our events (exported for the unit tests). */
export async function* mapFullStream<T extends ToolSet>(
  parts: AsyncIterable<TextStreamPart<T>>,
  run: Pick<ModelRun, "modelId" | "cost">,
): AsyncGenerator<StreamEvent> {
  // Text of a later step starts a new paragraph ("Let me search." then "Sales were ...").
  let wrote = "";
  let newStep = false;
  for await (const part of parts) {
    switch (part.type) {
      case "start-step":
        newStep = true;
        break;
      case "reasoning-delta":
        if (part.text) yield { type: "thinking", text: part.text };
        break;
      case "text-delta": {
        if (!part.text) break;
        const text = newStep && wrote && !/\s$/.test(wrote) ? `\n\n${part.text}` : part.text;
        newStep = false;
        wrote = text.slice(-1);
        yield { type: "text_delta", text };
        break;
      }
      case "tool-call":
        yield { type: "tool_call", id: part.toolCallId, name: part.toolName, args: part.input ?? null };
        break;
      case "tool-result":
        yield {
          type: "tool_result",
          id: part.toolCallId,
          name: part.toolName,
          result: part.output ?? null,
          is_error: false,
        };
        break;
      case "tool-error":
        yield {
          type: "tool_result",
          id: part.toolCallId,
          name: part.toolName,
          result: { error: errorText(part.error) },
          is_error: true,
        };
        break;
      case "finish-step": {
        const inputTokens = part.usage.inputTokens ?? 0;
        const outputTokens = part.usage.outputTokens ?? 0;
        yield {
          type: "usage",
          input_tokens: inputTokens,
          output_tokens: outputTokens,
          cost_usd: run.cost({ inputTokens, outputTokens }),
          model: run.modelId,
        };
        break;
      }
      case "error":
        yield {
          type: "error",
          code: "agent/model-error",
          message: `The language model failed: ${errorText(part.error)}`,
        };
        return;
      case "abort":
        return;
      default:
        break;
    }
  }
}

function errorText(err: unknown): string {
  const msg = err instanceof Error ? err.message : typeof err === "string" ? err : JSON.stringify(err);
  return (msg || "unknown error").slice(0, 500);
}
