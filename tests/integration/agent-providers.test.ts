import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEARCH_CHOSEN_LINE } from "../../backend/agent/search-mode.ts";
import { eventually, setupAgent, type AgentSetup } from "../helpers/agent.ts";
import { ofType, textOf } from "../helpers/sse.ts";
import * as threadsApi from "../../contracts/threads.ts";
import * as agentApi from "../../contracts/agent.ts";

/**
 * LLM_PROVIDER=openai (Chat Completions) pointed at the fake with LLM_BASE_URL, naming threads with
 * the model (LLM_AUTO_TITLE); and "search" chosen while a model is configured.
 */
let s: AgentSetup;
beforeAll(async () => {
  s = await setupAgent({
    LLM_PROVIDER: "openai",
    LLM_MODEL: "gpt-test",
    OPENAI_API_KEY: "sk-test",
    LLM_AUTO_TITLE: "true",
  });
  s.fake.route = (body) =>
    JSON.stringify(body.messages[0]).includes("Write a title")
      ? { text: "Acme Sales Question", usage: { prompt_tokens: 7, completion_tokens: 3 } }
      : null;
}, 120_000);
afterAll(() => s?.close());

describe("the openai provider", () => {
  it("streams an answer through the Chat Completions API and names the thread with the model (metered)", async () => {
    s.fake.script({ text: "Acme sold a lot.", usage: { prompt_tokens: 50, completion_tokens: 5 } });
    const tid = await s.newThread();
    const events = await (await s.ask(tid, { query: "how much did acme sell in the year 2022 overall?" })).done();
    expect(textOf(events)).toBe("Acme sold a lot.");
    expect(ofType(events, "usage")).toEqual([
      { type: "usage", input_tokens: 50, output_tokens: 5, cost_usd: (50 * 2 + 5 * 8) / 1e6, model: "gpt-test" },
    ]);
    const answerReq = s.fake.requests.find((r) => !JSON.stringify(r.body.messages[0]).includes("Write a title"))!;
    expect(answerReq.body.model).toBe("gpt-test");
    const thread = await eventually(async () => {
      const t = (await s.app.api(threadsApi.getThread, { params: { id: s.ws.id, tid }, token: s.alice.token })).body;
      return t.name === "Acme Sales Question" && t;
    });
    expect(thread.name).toBe("Acme Sales Question");
    const rows = await eventually(async () => {
      const r = await s.app.deps.db.kysely
        .selectFrom("usage_events")
        .selectAll()
        .where("thread_id", "=", tid)
        .execute();
      return r.length === 2 && r;
    });
    expect(rows.find((r) => r.message_id === null)).toMatchObject({
      model: "gpt-test",
      input_tokens: 7,
      output_tokens: 3,
    });
    expect(s.fake.unexpected).toEqual([]);
  });

  it("a thread someone named keeps its name", async () => {
    const tid = (
      await s.app.api(threadsApi.createThread, {
        params: { id: s.ws.id },
        token: s.alice.token,
        body: { name: "Mine" },
      })
    ).body.id;
    s.fake.script({ text: "Fine." });
    await (await s.ask(tid, { query: "Anything at all?" })).done();
    expect(
      (await s.app.api(threadsApi.getThread, { params: { id: s.ws.id, tid }, token: s.alice.token })).body.name,
    ).toBe("Mine");
  });

  it('"search" answers from search results without calling the model', async () => {
    const before = s.fake.requests.length;
    const models = await s.app.api(agentApi.listModels, { token: s.alice.token });
    expect(models.body).toEqual({ models: ["gpt-test", "search"], default_model: "gpt-test" });
    const tid = (
      await s.app.api(threadsApi.createThread, {
        params: { id: s.ws.id },
        token: s.alice.token,
        body: { name: "Kept" },
      })
    ).body.id;
    const events = await (await s.ask(tid, { query: "Globex net sales", model: "search" })).done();
    expect(textOf(events).startsWith(SEARCH_CHOSEN_LINE)).toBe(true);
    expect(ofType(events, "citation").every((c) => c.verified)).toBe(true);
    expect(ofType(events, "usage")).toEqual([]);
    expect(s.fake.requests.length).toBe(before);
  });
});
