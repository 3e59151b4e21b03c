import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel } from "ai";
import type { PlatformConfig as Config } from "../config.ts";

/**
 * The language-model seam: which models are offered and an AI SDK model for an id. Adapters never
 * check permissions or validate requests (the agent did that before asking); `none` offers no
 * model, and the agent then answers in search mode.
 */
export interface LlmProvider {
  /** "none" or the configured provider. */
  readonly name: Config["LLM_PROVIDER"];
  /** Offered model ids, the default first; empty when no provider is configured. */
  readonly models: readonly string[];
  /** An AI SDK model for an offered id. */
  languageModel(id: string): LanguageModel;
  /** Cost in USD of one call, or null when no price is configured. */
  cost(usage: { inputTokens: number; outputTokens: number }): number | null;
}

type Factory = (id: string) => LanguageModel;

export function createLlmProvider(config: Config): LlmProvider {
  const models = config.LLM_PROVIDER === "none" ? [] : config.LLM_MODEL;
  const factory = makeFactory(config);
  const { LLM_PRICE_INPUT_PER_MTOK: pin, LLM_PRICE_OUTPUT_PER_MTOK: pout } = config;
  return {
    name: config.LLM_PROVIDER,
    models,
    languageModel(id) {
      if (!factory || !models.includes(id)) throw new Error(`Model "${id}" is not configured`);
      return factory(id);
    },
    cost({ inputTokens, outputTokens }) {
      if (pin === undefined && pout === undefined) return null;
      // Rounded to a millionth of a dollar: sums of many calls stay exact enough and readable.
      return Math.round(((inputTokens * (pin ?? 0) + outputTokens * (pout ?? 0)) / 1e6) * 1e6) / 1e6;
    },
  };
}

function makeFactory(config: Config): Factory | null {
  switch (config.LLM_PROVIDER) {
    case "none":
      return null;
    case "openai": {
      // Chat Completions (not the Responses API): the interface OpenAI-compatible servers and our
      // test fake share, so LLM_BASE_URL can point the same code anywhere.
      const openai = createOpenAI({ apiKey: config.OPENAI_API_KEY ?? "unused", baseURL: config.LLM_BASE_URL });
      return (id) => openai.chat(id);
    }
    case "anthropic": {
      const anthropic = createAnthropic({ apiKey: config.ANTHROPIC_API_KEY ?? "unused", baseURL: config.LLM_BASE_URL });
      return (id) => anthropic(id);
    }
    case "openai-compatible": {
      const compatible = createOpenAICompatible({
        name: "openai-compatible",
        baseURL: config.LLM_BASE_URL!,
        apiKey: config.LLM_API_KEY ?? config.OPENAI_API_KEY,
        includeUsage: true,
      });
      return (id) => compatible.chatModel(id);
    }
  }
}
