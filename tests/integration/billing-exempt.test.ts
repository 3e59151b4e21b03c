import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildExample, resolveDocuments, type ExampleSpec } from "../../backend/examples/build.ts";
import { systemActor } from "../../backend/examples/system.ts";
import { drainQueue } from "../../backend/ingestion/worker-loop.ts";
import { BILLING_ENV, ledgerRows } from "../helpers/billing.ts";
import { createUser } from "../helpers/factories.ts";
import { createWorkspace } from "../helpers/files.ts";
import { openSse } from "../helpers/sse.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

/**
 * With billing on, the operator's system account (the example pods' owner, made by systemActor
 * for `npm run examples`) is not a customer: it uploads, indexes and asks without a plan or
 * credits, and nothing is charged to it. Everyone else is checked as before.
 */
let app: TestApp;
let dir: string;

const SPEC: ExampleSpec = {
  slug: "exempt-letters",
  title: "Letters",
  description: "Letters to shareholders.",
  documents: ["letters/"],
  questions: ["How large was the insurance float?"],
};

beforeAll(async () => {
  app = await createTestApp(BILLING_ENV);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "billing-exempt-"));
  fs.mkdirSync(path.join(dir, "letters"));
  fs.writeFileSync(path.join(dir, "letters", "2021.txt"), "Our insurance float grew to $147 billion in 2021.\n");
}, 60_000);
afterAll(async () => {
  await app?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("billing on: the system account", () => {
  it("builds an example pod (upload, indexing, a question) with no plan and no credits, charged nothing", async () => {
    const system = await systemActor(app.deps, `examples-${crypto.randomUUID()}@system.local`, () =>
      crypto.randomBytes(16).toString("hex"),
    );
    const { files } = resolveDocuments(dir, SPEC);
    const built = await buildExample(app.deps, {
      actor: system,
      spec: SPEC,
      files,
      ingest: async () => {
        while ((await drainQueue(app.deps)) > 0);
      },
    });
    expect(built).toMatchObject({ uploaded: 1, failed: [] });
    const threads = (await app.request("GET", `/snapshots/${built.snapshotId}/threads`)).body.threads;
    const messages = (await app.request("GET", `/snapshots/${built.snapshotId}/threads/${threads[0].id}/messages`)).body
      .messages as { role: string; status: string }[];
    expect(messages.map((m) => [m.role, m.status])).toEqual([
      ["user", "complete"],
      ["assistant", "complete"],
    ]);
    expect(await ledgerRows(app, system.user.id)).toEqual([]);
  }, 120_000);
});

describe("billing on: an ordinary user without a plan", () => {
  it("is still refused an upload (413) and a question (402)", async () => {
    const u = await createUser(app);
    const ws = await createWorkspace(app, u.token);
    const upload = await app.request("POST", `/workspaces/${ws.id}/files/generate_upload_url`, {
      token: u.token,
      body: { byte_size: 10 },
    });
    expect(upload.status).toBe(413);
    expect(upload.body.error.code).toBe("billing/storage-exceeded");
    const thread = (await app.request("POST", `/workspaces/${ws.id}/threads`, { token: u.token, body: {} })).body;
    const sse = await openSse(app, "POST", `/workspaces/${ws.id}/threads/${thread.id}/stream_qa`, {
      token: u.token,
      body: { query: "Hello?" },
    });
    expect(sse.status).toBe(402);
    expect(sse.error?.error.code).toBe("billing/no-plan");
  });
});
