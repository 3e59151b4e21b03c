import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { createLlmProvider } from "./provider.ts";

describe("createLlmProvider", () => {
  it("none offers no model", () => {
    const p = createLlmProvider(loadConfig({}));
    expect(p.name).toBe("none");
    expect(p.models).toEqual([]);
    expect(() => p.languageModel("gpt-4.1")).toThrow(/not configured/);
  });

  it("builds models only for the configured ids", () => {
    const p = createLlmProvider(
      loadConfig({ LLM_PROVIDER: "openai-compatible", LLM_MODEL: "a,b", LLM_BASE_URL: "http://127.0.0.1:9/v1" }),
    );
    expect(p.models).toEqual(["a", "b"]);
    const m = p.languageModel("b");
    expect(typeof m === "object" && m.modelId).toBe("b");
    expect(() => p.languageModel("c")).toThrow(/not configured/);
  });

  it("prices calls per million tokens when prices are set, else null", () => {
    const priced = createLlmProvider(loadConfig({ LLM_PRICE_INPUT_PER_MTOK: "3", LLM_PRICE_OUTPUT_PER_MTOK: "15" }));
    expect(priced.cost({ inputTokens: 1_000_000, outputTokens: 2_000 })).toBeCloseTo(3.03, 9);
    expect(createLlmProvider(loadConfig({})).cost({ inputTokens: 10, outputTokens: 10 })).toBeNull();
  });
});
