import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NO_MODEL_LINE } from "../../backend/agent/search-mode.ts";
import { drainQueue } from "../../backend/ingestion/worker-loop.ts";
import { locateQuote } from "../../backend/agent/quote.ts";
import { createUser, type CreatedUser } from "../helpers/factories.ts";
import { createWorkspace, uploadFile } from "../helpers/files.ts";
import { ofType, openSse, textOf } from "../helpers/sse.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import * as threadsApi from "../../contracts/threads.ts";
import * as agentApi from "../../contracts/agent.ts";

/** (g) With no language model configured, questions are answered from search, citations and all. */
let app: TestApp;
let alice: CreatedUser;
let ws: { id: string };
const files: Record<string, string> = {};

beforeAll(async () => {
  app = await createTestApp();
  alice = await createUser(app);
  ws = await createWorkspace(app, alice.token);
  const docs: Record<string, string> = {
    "acme-2022.md":
      "# Acme annual report 2022\n\nNet sales rose to $4.6 billion in fiscal 2022. Purchases of property and equipment were $355 million.\n\nThe board declared a dividend of $1.20 per share.\n",
    "globex-2022.md":
      "# Globex annual report 2022\n\nNet sales rose to $9.9 billion in fiscal 2022. Globex opened twelve new plants.\n",
  };
  for (const [filename, text] of Object.entries(docs)) {
    files[filename] = (
      await uploadFile(app, alice.token, ws.id, { filename, bytes: Buffer.from(text), contentType: "text/markdown" })
    ).id;
  }
  await drainQueue(app.deps);
}, 120_000);
afterAll(() => app?.close());

async function newThread(): Promise<string> {
  const res = await app.api(threadsApi.createThread, { params: { id: ws.id }, token: alice.token, body: {} });
  expect(res.status).toBe(201);
  return res.body.id;
}

describe("search mode (no model configured)", () => {
  it("offers only the search model", async () => {
    const res = await app.api(agentApi.listModels, { token: alice.token });
    expect(res.body).toEqual({ models: ["search"], default_model: "search" });
  });

  it("streams the best passages grouped by document, with verified citations, and stores the answer", async () => {
    const tid = await newThread();
    const sse = await openSse(app, "POST", `/workspaces/${ws.id}/threads/${tid}/stream_qa`, {
      token: alice.token,
      body: { query: "What were net sales in fiscal 2022?" },
    });
    expect(sse.status).toBe(200);
    expect(sse.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(sse.headers.get("content-encoding")).toBeNull();
    const events = await sse.done();
    expect(events.map((e) => e.id)).toEqual(events.map((_, i) => i));
    expect(events.every((e) => e.name === e.data.type)).toBe(true);
    const started = events[0]!.data;
    expect(started.type).toBe("message_started");
    expect(events.at(-1)!.data).toEqual({
      type: "done",
      message_id: (started as { message_id: string }).message_id,
      status: "complete",
    });

    const deltas = ofType(events, "text_delta");
    expect(deltas.length).toBeGreaterThan(3);
    const text = textOf(events);
    expect(text.startsWith(NO_MODEL_LINE)).toBe(true);
    expect(text).toContain("**acme-2022.md**");
    expect(text).toContain("**globex-2022.md**");

    const citations = ofType(events, "citation");
    expect(citations.length).toBeGreaterThanOrEqual(2);
    for (const c of citations) {
      expect(c.verified).toBe(true);
      expect(text).toContain(`[${c.n}]`);
      const page = await app.deps.db.kysely
        .selectFrom("pages")
        .select("text")
        .where("version_id", "=", c.version_id)
        .where("page", "=", c.page)
        .executeTakeFirstOrThrow();
      expect(page.text.slice(c.start!, c.end!).toLowerCase()).toBe(c.quote.toLowerCase());
      expect(locateQuote(page.text, c.quote)).not.toBeNull();
    }
    expect(citations.map((c) => c.file_id)).toEqual(
      expect.arrayContaining([files["acme-2022.md"], files["globex-2022.md"]]),
    );
    // Each citation arrives just before the text showing its marker.
    for (const [i, e] of events.entries()) {
      if (e.data.type !== "citation") continue;
      const next = events[i + 1]!.data;
      expect(next.type === "text_delta" && next.text.startsWith(`[${e.data.n}]`)).toBe(true);
    }

    const listed = await app.api(threadsApi.listMessages, {
      params: { id: ws.id, tid },
      query: {},
      token: alice.token,
    });
    const [question, answer] = listed.body.messages;
    expect(question).toMatchObject({
      role: "user",
      content: "What were net sales in fiscal 2022?",
      status: "complete",
      citations: [],
      model: null,
    });
    expect(answer).toMatchObject({
      role: "assistant",
      parent_id: question.id,
      status: "complete",
      content: text,
      model: "search",
      is_active: true,
    });
    expect(answer.citations).toEqual(citations.map(({ type: _t, ...c }) => c));

    const thread = await app.api(threadsApi.getThread, { params: { id: ws.id, tid }, token: alice.token });
    expect(thread.body.name).toBe("What were net sales in fiscal 2022");
  });

  it("limits the answer to the files asked for", async () => {
    const tid = await newThread();
    const sse = await openSse(app, "POST", `/workspaces/${ws.id}/threads/${tid}/stream_qa`, {
      token: alice.token,
      body: { query: "net sales fiscal 2022", file_ids: [files["globex-2022.md"]] },
    });
    const events = await sse.done();
    const cited = new Set(ofType(events, "citation").map((c) => c.file_id));
    expect([...cited]).toEqual([files["globex-2022.md"]]);
    expect(textOf(events)).not.toContain("acme-2022.md");
  });

  it("refuses a model when none is configured (400 before any byte)", async () => {
    const res = await app.request("POST", `/workspaces/${ws.id}/threads/${await newThread()}/stream_qa`, {
      token: alice.token,
      body: { query: "Hi", model: "gpt-4.1" },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("agent/unknown-model");
    expect(res.body.error.message).toContain("search");
  });

  it("says so when nothing matches", async () => {
    const tid = await newThread();
    const events = await (
      await openSse(app, "POST", `/workspaces/${ws.id}/threads/${tid}/stream_qa`, {
        token: alice.token,
        body: { query: "zeppelin xylophone" },
      })
    ).done();
    expect(textOf(events)).toContain("None of the documents");
    expect(ofType(events, "citation")).toEqual([]);
    expect(events.at(-1)!.data).toMatchObject({ type: "done", status: "complete" });
  });
});
