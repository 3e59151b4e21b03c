import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually, setupAgent, toolResults, type AgentSetup } from "../helpers/agent.ts";
import { ofType, openSse, textOf } from "../helpers/sse.ts";
import * as threadsApi from "../../contracts/threads.ts";

/**
 * The agent with a language model: the fake OpenAI-compatible server plays the model, scripted
 * step by step, over real HTTP on both sides. (a) the multi-step tool loop, (b) a fabricated quote.
 */
let s: AgentSetup;
beforeAll(async () => {
  s = await setupAgent();
}, 120_000);
afterAll(() => s?.close());

describe("the tool loop", () => {
  it("searches, reads a page, answers with a verified citation; events in order; stored complete and metered", async () => {
    const { fake, app, ws, files } = s;
    const acme = files["acme-2022.md"]!;
    fake.script(
      {
        toolCalls: [{ name: "search_documents", args: { query: "Acme net sales 2022" } }],
        usage: { prompt_tokens: 100, completion_tokens: 10 },
      },
      {
        reasoning: "The search found Acme's report; ",
        toolCalls: [{ name: "read_pages", args: { file_id: acme, pages: [1] } }],
        usage: { prompt_tokens: 200, completion_tokens: 20 },
      },
      (body) => {
        const read = toolResults(body).at(-1);
        const n = read.pages[0].n;
        return {
          reasoning: ["I have ", "the page."],
          text: [
            "Acme's net sales were ",
            "$4.6 billion ",
            `[${n}: "Net sales rose to $4.6 billion in fiscal 2022"]`,
            ".",
          ],
          usage: { prompt_tokens: 300, completion_tokens: 30 },
        };
      },
    );
    const tid = await s.newThread();
    const sse = await s.ask(tid, { query: "What were Acme's net sales in 2022?" });
    expect(sse.status).toBe(200);
    const events = await sse.done();
    const types = events.map((e) => e.data.type);
    expect(types[0]).toBe("message_started");
    expect(types.at(-1)).toBe("done");
    // One step after another: call, result, usage; then the answer with its citation.
    const squeezed = types.filter((t, i) => t !== types[i - 1]);
    expect(squeezed).toEqual([
      "message_started",
      "tool_call",
      "tool_result",
      "usage",
      "thinking",
      "tool_call",
      "tool_result",
      "usage",
      "thinking",
      "text_delta",
      "citation",
      "text_delta",
      "usage",
      "done",
    ]);

    const [search, read] = ofType(events, "tool_call");
    expect(search).toMatchObject({ name: "search_documents", args: { query: "Acme net sales 2022" } });
    expect(read).toMatchObject({ name: "read_pages", args: { file_id: acme, pages: [1] } });
    const results = ofType(events, "tool_result");
    expect(results.map((r) => [r.id, r.is_error])).toEqual([
      [search!.id, false],
      [read!.id, false],
    ]);
    expect((results[1]!.result as { pages: { text: string }[] }).pages[0]!.text).toContain(
      "Net sales rose to $4.6 billion",
    );
    expect(
      ofType(events, "thinking")
        .map((t) => t.text)
        .join(""),
    ).toBe("The search found Acme's report; I have the page.");

    const [citation] = ofType(events, "citation");
    expect(citation).toMatchObject({
      file_id: acme,
      filename: "acme-2022.md",
      page: 1,
      verified: true,
      quote: "Net sales rose to $4.6 billion in fiscal 2022",
    });
    const page = await app.deps.db.kysely
      .selectFrom("pages")
      .select("text")
      .where("version_id", "=", citation!.version_id)
      .where("page", "=", 1)
      .executeTakeFirstOrThrow();
    expect(page.text.slice(citation!.start!, citation!.end!)).toBe("Net sales rose to $4.6 billion in fiscal 2022");
    const text = textOf(events);
    expect(text).toBe(`Acme's net sales were $4.6 billion [${citation!.n}].`);

    // Usage: one event and one row per model call, priced from the configuration.
    const usage = ofType(events, "usage");
    expect(usage.map((u) => [u.input_tokens, u.output_tokens, u.model])).toEqual([
      [100, 10, "fake-large"],
      [200, 20, "fake-large"],
      [300, 30, "fake-large"],
    ]);
    expect(usage[0]!.cost_usd).toBeCloseTo((100 * 2 + 10 * 8) / 1e6, 9);
    const started = events[0]!.data as { message_id: string; user_message_id: string };
    const rows = await app.deps.db.kysely
      .selectFrom("usage_events")
      .selectAll()
      .where("message_id", "=", started.message_id)
      .orderBy("input_tokens")
      .execute();
    expect(rows.map((r) => [r.user_id, r.workspace_id, r.thread_id, r.input_tokens, r.output_tokens])).toEqual([
      [s.alice.user.uid, ws.id, tid, 100, 10],
      [s.alice.user.uid, ws.id, tid, 200, 20],
      [s.alice.user.uid, ws.id, tid, 300, 30],
    ]);
    expect(Number(rows[2]!.cost_usd)).toBeCloseTo((300 * 2 + 30 * 8) / 1e6, 9);

    // What the model was sent: our tools, the question, and each tool's result on the next call.
    expect(fake.requests).toHaveLength(3);
    const first = fake.requests[0]!.body;
    expect(first.model).toBe("fake-large");
    expect(first.stream_options?.include_usage).toBe(true);
    expect(first.tools?.map((t: { function: { name: string } }) => t.function.name).sort()).toEqual([
      "read_pages",
      "read_workbook",
      "run_js",
      "run_sql",
      "search_documents",
      "trace_formula",
      "write_workbook",
    ]);
    expect(first.messages[0].role).toBe("system");
    expect(first.messages.at(-1)).toMatchObject({ role: "user", content: "What were Acme's net sales in 2022?" });
    expect(toolResults(fake.requests[1]!.body)[0].results.map((r: { file_id: string }) => r.file_id)).toContain(acme);

    // Stored as it was streamed.
    const listed = await app.api(threadsApi.listMessages, {
      params: { id: ws.id, tid },
      query: {},
      token: s.alice.token,
    });
    const answer = listed.body.messages.find((m: { id: string }) => m.id === started.message_id);
    expect(answer).toMatchObject({
      status: "complete",
      content: text,
      model: "fake-large",
      parent_id: started.user_message_id,
    });
    expect(answer!.citations).toEqual([{ ...citation, type: undefined }].map(({ type: _t, ...c }) => c));
    expect(fake.unexpected).toEqual([]);
  });

  it("flags a quote that is not on the page as unverified, and leaves an unknown source number as text", async () => {
    const { fake } = s;
    fake.script({ toolCalls: [{ name: "search_documents", args: { query: "Globex net sales" } }] }, (body) => {
      const n = toolResults(body)[0].results.find((r: { filename: string }) => r.filename === "globex-2022.md").n;
      return { text: `Globex's sales fell [${n}: "Net sales fell to $1.2 billion"], see also [99].` };
    });
    const events = await (await s.ask(await s.newThread(), { query: "Globex net sales?" })).done();
    const [c] = ofType(events, "citation");
    expect(ofType(events, "citation")).toHaveLength(1);
    expect(c).toMatchObject({
      filename: "globex-2022.md",
      quote: "Net sales fell to $1.2 billion",
      verified: false,
      start: null,
      end: null,
    });
    expect(textOf(events)).toBe(`Globex's sales fell [${c!.n}], see also [99].`);
    expect(events.at(-1)!.data).toMatchObject({ type: "done", status: "complete" });
  });

  it("cites a bare [n] with the source's sentence that best matches the claim", async () => {
    s.fake.script({ toolCalls: [{ name: "search_documents", args: { query: "Acme dividend" } }] }, (body) => {
      const n = toolResults(body)[0].results.find((r: { filename: string }) => r.filename === "acme-2022.md").n;
      return { text: `The board declared a dividend of $1.20 per share [${n}].` };
    });
    const events = await (await s.ask(await s.newThread(), { query: "What dividend did Acme declare?" })).done();
    expect(ofType(events, "citation")).toEqual([
      expect.objectContaining({ quote: "The board declared a dividend of $1.20 per share.", verified: true }),
    ]);
  });

  it("sends a tool's failure back to the model and to the client as an error result", async () => {
    s.fake.script(
      { toolCalls: [{ name: "read_pages", args: { file_id: "no-such-file", pages: [1] } }] },
      { text: "I could not read it." },
    );
    const events = await (await s.ask(await s.newThread(), { query: "Read it" })).done();
    const [r] = ofType(events, "tool_result");
    expect(r).toMatchObject({ name: "read_pages", is_error: true });
    expect(JSON.stringify(r!.result)).toContain("No file no-such-file");
    expect(textOf(events)).toBe("I could not read it.");
  });

  it("a model that fails mid-answer: an error event, done failed, the message stored failed", async () => {
    s.fake.script({ error: { status: 500, message: "upstream exploded" } });
    const tid = await s.newThread();
    const events = await (await s.ask(tid, { query: "Anything" })).done();
    const [err] = ofType(events, "error");
    expect(err?.code).toBe("agent/model-error");
    expect(events.at(-1)!.data).toMatchObject({ type: "done", status: "failed" });
    const id = (events[0]!.data as { message_id: string }).message_id;
    await eventually(
      async () =>
        (await s.app.deps.db.kysely.selectFrom("messages").select("status").where("id", "=", id).executeTakeFirst())
          ?.status === "failed",
    );
  });

  it("uses the model asked for, and the conversation so far", async () => {
    const tid = await s.newThread();
    s.fake.script({ text: "First answer." });
    await (await s.ask(tid, { query: "First question" })).done();
    s.fake.script({ text: "Second answer." });
    await (await s.ask(tid, { query: "Second question", model: "fake-small" })).done();
    const last = s.fake.requests.at(-1)!.body;
    expect(last.model).toBe("fake-small");
    expect(last.messages.slice(1).map((m: { role: string; content: unknown }) => [m.role, m.content])).toEqual([
      ["user", "First question"],
      ["assistant", "First answer."],
      ["user", "Second question"],
    ]);
  });
});

describe("regenerate", () => {
  it("answers the same question again as the active sibling; /active switches back", async () => {
    const { app, ws, alice } = s;
    const tid = await s.newThread();
    s.fake.script({ text: "One." });
    const first = await (await s.ask(tid, { query: "Say a number" })).done();
    const firstId = (first[0]!.data as { message_id: string }).message_id;
    s.fake.script({ text: "Two." });
    const again = await (
      await openSse(app, "POST", `/workspaces/${ws.id}/threads/${tid}/messages/${firstId}/regenerate`, {
        token: alice.token,
        body: { model: "fake-small" },
      })
    ).done();
    const secondId = (again[0]!.data as { message_id: string }).message_id;
    expect(secondId).not.toBe(firstId);
    expect(textOf(again)).toBe("Two.");
    expect(s.fake.requests.at(-1)!.body.messages.at(-1)).toMatchObject({ role: "user", content: "Say a number" });

    const list = async () =>
      (await app.api(threadsApi.listMessages, { params: { id: ws.id, tid }, query: {}, token: alice.token })).body
        .messages as { id: string; parent_id: string; is_active: boolean; role: string }[];
    let msgs = await list();
    const q = msgs.find((m) => m.role === "user")!;
    expect(msgs.filter((m) => m.parent_id === q.id).map((m) => [m.id, m.is_active])).toEqual([
      [firstId, false],
      [secondId, true],
    ]);
    expect(
      (await app.api(threadsApi.setMessageActive, { params: { id: ws.id, tid, mid: firstId }, token: alice.token }))
        .status,
    ).toBe(200);
    msgs = await list();
    expect(msgs.filter((m) => m.parent_id === q.id).map((m) => [m.id, m.is_active])).toEqual([
      [firstId, true],
      [secondId, false],
    ]);
  });
});
