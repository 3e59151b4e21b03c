import { drainQueue } from "../../backend/ingestion/worker-loop.ts";
import { createThread } from "../../contracts/threads.ts";
import { createUser, type CreatedUser } from "./factories.ts";
import { startFakeOpenAI, type ChatRequest, type FakeOpenAI } from "./fake-openai.ts";
import { createWorkspace, uploadFile } from "./files.ts";
import { openSse, type SseConnection } from "./sse.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

export const DOCS: Record<string, string> = {
  "acme-2022.md":
    "# Acme annual report 2022\n\nNet sales rose to $4.6 billion in fiscal 2022. Purchases of property and equipment were $355 million.\n\nThe board declared a dividend of $1.20 per share.\n",
  "globex-2022.md":
    "# Globex annual report 2022\n\nNet sales rose to $9.9 billion in fiscal 2022. Globex opened twelve new plants.\n",
};

export interface AgentSetup {
  app: TestApp;
  fake: FakeOpenAI;
  alice: CreatedUser;
  ws: { id: string };
  files: Record<string, string>;
  newThread(): Promise<string>;
  ask(tid: string, body: Record<string, unknown>, token?: string): Promise<SseConnection>;
  close(): Promise<void>;
}

/**
 * An app whose language model is the loopback fake (openai-compatible unless `env` says otherwise),
 * with a user and a workspace holding DOCS, indexed.
 */
export async function setupAgent(env: Record<string, string> = {}): Promise<AgentSetup> {
  const fake = await startFakeOpenAI();
  const app = await createTestApp({
    LLM_PROVIDER: "openai-compatible",
    LLM_MODEL: "fake-large,fake-small",
    LLM_BASE_URL: fake.baseURL,
    LLM_PRICE_INPUT_PER_MTOK: "2",
    LLM_PRICE_OUTPUT_PER_MTOK: "8",
    ...env,
  });
  const alice = await createUser(app);
  const ws = await createWorkspace(app, alice.token);
  const files: Record<string, string> = {};
  for (const [filename, text] of Object.entries(DOCS)) {
    files[filename] = (
      await uploadFile(app, alice.token, ws.id, { filename, bytes: Buffer.from(text), contentType: "text/markdown" })
    ).id;
  }
  await drainQueue(app.deps);
  return {
    app,
    fake,
    alice,
    ws,
    files,
    async newThread() {
      const res = await app.api(createThread, { token: alice.token, params: { id: ws.id }, body: {} });
      if (res.status !== 201) throw new Error(`createThread: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.id;
    },
    ask: (tid, body, token = alice.token) =>
      openSse(app, "POST", `/workspaces/${ws.id}/threads/${tid}/stream_qa`, { token, body }),
    async close() {
      await app.close();
      await fake.close();
    },
  };
}

/** The JSON results of the tool calls the client sent back to the model so far. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tool results are whatever the tool returned
export function toolResults(body: ChatRequest): any[] {
  return body.messages
    .filter((m) => m.role === "tool")
    .map((m) => JSON.parse(typeof m.content === "string" ? m.content : JSON.stringify(m.content)));
}

/** Polls until `check` returns something truthy. */
export async function eventually<T>(
  check: () => Promise<T | null | undefined | false>,
  timeoutMs = 10_000,
  what = "condition",
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
