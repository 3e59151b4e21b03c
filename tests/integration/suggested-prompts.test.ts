import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drainQueue } from "../../backend/ingestion/worker-loop.ts";
import { autoGeneratePrompts } from "../../contracts/suggested-prompts.ts";
import { createUser, type CreatedUser } from "../helpers/factories.ts";
import { startFakeOpenAI, type FakeOpenAI } from "../helpers/fake-openai.ts";
import { createWorkspace, uploadFile } from "../helpers/files.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

/**
 * POST /workspaces/{id}/auto_generate_prompts: questions built from the Pod's documents (their
 * profiles and headings) without a model; written by the model with LLM_SUGGEST_PROMPTS (metered),
 * falling back to the documents when the model fails. Only the owner may ask for them.
 */
const TEN_K = [
  "UNITED STATES SECURITIES AND EXCHANGE COMMISSION",
  "FORM 10-K",
  "ANNUAL REPORT PURSUANT TO SECTION 13 OR 15(d) OF THE SECURITIES EXCHANGE ACT OF 1934",
  "For the fiscal year ended December 31, 2022",
  "Acme Widgets, Inc.",
  "(Exact name of registrant as specified in its charter)",
  "",
  "## Risk Factors",
  "Our widgets face competition from gadgets. Demand for widgets is seasonal.",
  "",
  "## Liquidity and Capital Resources",
  "Net sales were $4.6 billion in fiscal 2022. Cash on hand was $1.1 billion.",
].join("\n");
const LETTER = [
  "To the Shareholders of Berkshire Hathaway Inc.:",
  "",
  "Our gain in net worth during 2019 was $80.4 billion. Charlie and I are grateful to our shareholders.",
  "",
  "## Insurance Operations",
  "Float grew to $129 billion.",
].join("\n");

async function podWith(app: TestApp, token: string, docs: Record<string, string>, isPublic = false) {
  const ws = await createWorkspace(app, token, { is_public: isPublic });
  for (const [filename, text] of Object.entries(docs))
    await uploadFile(app, token, ws.id, { filename, bytes: Buffer.from(text), contentType: "text/markdown" });
  await drainQueue(app.deps);
  return ws;
}

const suggest = (app: TestApp, id: string, token: string | undefined, body?: { count?: number }) =>
  app.api(autoGeneratePrompts, { params: { id }, token, body });

describe("without a model: built from the documents", () => {
  let app: TestApp;
  let alice: CreatedUser;
  let bob: CreatedUser;
  let pod: { id: string };
  beforeAll(async () => {
    app = await createTestApp();
    [alice, bob] = await Promise.all([createUser(app), createUser(app)]);
    pod = await podWith(app, alice.token, { "acme-10k.md": TEN_K, "2019ltr.md": LETTER });
  }, 120_000);
  afterAll(() => app?.close());

  it("names each document's issuer, kind and period, the newest document first, four by default", async () => {
    const res = await suggest(app, pod.id, alice.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.generated_by).toBe("documents");
    expect(res.body.prompts).toHaveLength(4);
    expect(res.body.prompts).toContain("What was Acme Widgets, Inc.'s total revenue in fiscal 2022?");
    expect(res.body.prompts.some((p: string) => /^Summarise .*Berkshire/.test(p))).toBe(true);
    // Content, not only the profile: a heading of the 10-K.
    const more = await suggest(app, pod.id, alice.token, { count: 8 });
    expect(more.body.prompts.length).toBeGreaterThan(4);
    expect(more.body.prompts.some((p: string) => /liquidity and capital resources|insurance operations/i.test(p))).toBe(
      true,
    );
    expect(new Set(more.body.prompts).size).toBe(more.body.prompts.length);
  });

  it("count picks how many (1..8); anything else is a 400 naming the field", async () => {
    expect((await suggest(app, pod.id, alice.token, { count: 1 })).body.prompts).toHaveLength(1);
    for (const count of [0, 9, 2.5]) {
      const res = await suggest(app, pod.id, alice.token, { count });
      expect(res.status).toBe(400);
      expect(res.error?.fields?.count).toEqual(expect.any(String));
    }
  });

  it("an empty Pod suggests nothing (200, no prompts)", async () => {
    const empty = await createWorkspace(app, alice.token);
    const res = await suggest(app, empty.id, alice.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ prompts: [], generated_by: "documents" });
  });

  it("only the owner: another user gets 404 on a private Pod, 403 on a public one; signed out 401", async () => {
    expect((await suggest(app, pod.id, bob.token)).status).toBe(404);
    expect((await suggest(app, pod.id, undefined)).status).toBe(401);
    const open = await podWith(app, alice.token, { "acme-10k.md": TEN_K }, true);
    const res = await suggest(app, open.id, bob.token);
    expect(res.status).toBe(403);
    expect(res.error?.message).toBe("Only the workspace owner can do this.");
    expect((await suggest(app, open.id, alice.token)).body.prompts[0]).toBe(
      "What was Acme Widgets, Inc.'s total revenue in fiscal 2022?",
    );
  });
});

describe("with LLM_SUGGEST_PROMPTS and a model", () => {
  let app: TestApp;
  let fake: FakeOpenAI;
  let alice: CreatedUser;
  let pod: { id: string };
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    app = await createTestApp({
      LLM_PROVIDER: "openai-compatible",
      LLM_MODEL: "fake-large,fake-small",
      LLM_BASE_URL: fake.baseURL,
      LLM_PRICE_INPUT_PER_MTOK: "2",
      LLM_PRICE_OUTPUT_PER_MTOK: "8",
      LLM_SUGGEST_PROMPTS: "true",
    });
    alice = await createUser(app);
    pod = await podWith(app, alice.token, { "acme-10k.md": TEN_K });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });

  it("asks the default model with the documents' profiles and first pages, and meters the call", async () => {
    fake.script({
      text: '1. How did Acme\'s widget sales change in 2022?\n2. "What risks does Acme name?"\n\n- ok\n3. How much cash did Acme hold?',
      usage: { prompt_tokens: 120, completion_tokens: 30 },
    });
    const before = fake.requests.length;
    const res = await suggest(app, pod.id, alice.token, { count: 2 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      prompts: ["How did Acme's widget sales change in 2022?", "What risks does Acme name?"],
      generated_by: "model",
    });
    const sent = fake.requests[before]!.body;
    expect(sent.model).toBe("fake-large");
    const said = JSON.stringify(sent.messages);
    expect(said).toContain("Suggest 2 questions");
    expect(said).toContain("10-K annual report, Acme Widgets, Inc., 2022");
    expect(said).toContain("Exact name of registrant");
    const usage = await app.deps.db.kysely
      .selectFrom("usage_events")
      .selectAll()
      .where("workspace_id", "=", pod.id)
      .execute();
    expect(usage).toEqual([
      expect.objectContaining({
        user_id: alice.user.uid,
        thread_id: null,
        message_id: null,
        model: "fake-large",
        input_tokens: 120,
        output_tokens: 30,
        cost_usd: (120 * 2 + 30 * 8) / 1e6,
      }),
    ]);
  });

  it("falls back to the documents when the model fails or answers nothing usable", async () => {
    fake.script({ error: { status: 500, message: "model down" } });
    const failed = await suggest(app, pod.id, alice.token);
    expect(failed.status).toBe(200);
    expect(failed.body.generated_by).toBe("documents");
    expect(failed.body.prompts[0]).toBe("What was Acme Widgets, Inc.'s total revenue in fiscal 2022?");

    fake.script({ text: "ok\n\n" });
    const blank = await suggest(app, pod.id, alice.token);
    expect(blank.body.generated_by).toBe("documents");
    expect(blank.body.prompts.length).toBeGreaterThan(0);
  });

  it("an empty Pod does not call the model", async () => {
    const empty = await createWorkspace(app, alice.token);
    const before = fake.requests.length;
    expect((await suggest(app, empty.id, alice.token)).body).toEqual({ prompts: [], generated_by: "documents" });
    expect(fake.requests.length).toBe(before);
  });
});
