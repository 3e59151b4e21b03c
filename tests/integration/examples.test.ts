import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Citation } from "../../contracts/citation.ts";
import { buildExample, resolveDocuments, type ExampleSpec } from "../../backend/examples/build.ts";
import { systemActor } from "../../backend/examples/system.ts";
import { drainQueue } from "../../backend/ingestion/worker-loop.ts";
import type { Actor } from "../../backend/platform/http/context.ts";
import { createUser, type CreatedUser } from "../helpers/factories.ts";
import { openSse } from "../helpers/sse.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

/**
 * The example pods: `npm run examples` builds one (scripts/examples.ts calls buildExample) as the
 * system account through the normal pipeline, publishes it as a discoverable snapshot that
 * GET /examples names; a rebuild moves the slug to a new snapshot and deletes the old one, keeping
 * unchanged documents. A signed-in visitor copies a snapshot into a Pod of their own and asks.
 */
let app: TestApp;
let bob: CreatedUser;
let system: Actor;
let dir: string;

const SPEC: ExampleSpec = {
  slug: "berkshire-letters",
  title: "Berkshire letters",
  description: "Letters to shareholders.",
  documents: ["letters/"],
  questions: ["How large was the insurance float?", "What does the letter say about share repurchases?"],
};

function writeDocs(docs: Record<string, string>) {
  const letters = path.join(dir, "letters");
  fs.rmSync(letters, { recursive: true, force: true });
  fs.mkdirSync(letters, { recursive: true });
  for (const [name, text] of Object.entries(docs)) fs.writeFileSync(path.join(letters, name), text);
  fs.writeFileSync(path.join(letters, "LICENSE.txt"), "not a document of the example\n");
}

const FLOAT =
  "Our insurance float grew to $147 billion in 2021, and it cost us nothing: underwriting was profitable.\n";
const BUYBACKS = "We repurchase shares only when the price is below intrinsic value, conservatively estimated.\n";

async function ingest() {
  while ((await drainQueue(app.deps)) > 0);
}

async function build(spec = SPEC) {
  const { files, missing } = resolveDocuments(dir, spec);
  expect(missing).toEqual([]);
  return buildExample(app.deps, { actor: system, spec, files, ingest });
}

const get = (p: string, token?: string) => app.request("GET", p, { token });

beforeAll(async () => {
  app = await createTestApp();
  bob = await createUser(app);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "examples-test-"));
  system = await systemActor(app.deps, `examples-${crypto.randomUUID()}@system.local`, () =>
    crypto.randomBytes(16).toString("hex"),
  );
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("resolving an example's documents", () => {
  it("lists a folder's documents (not its licences) and names what is missing", () => {
    writeDocs({ "2021.txt": FLOAT });
    expect(resolveDocuments(dir, SPEC)).toEqual({ files: [path.join(dir, "letters", "2021.txt")], missing: [] });
    expect(resolveDocuments(dir, { ...SPEC, documents: ["letters/2021.txt", "nope.pdf", "empty/"] }).missing).toEqual([
      "nope.pdf",
      "empty/",
    ]);
    expect(resolveDocuments(dir, { ...SPEC, documents: [] }).missing).toHaveLength(1);
  });
});

describe("building an example pod", () => {
  let first: Awaited<ReturnType<typeof build>>;

  beforeAll(async () => {
    writeDocs({ "2021.txt": FLOAT, "2019.txt": BUYBACKS });
    first = await build();
  }, 120_000);

  it("the system account is created once, verified, and reused", async () => {
    expect(system.user.emailVerified).toBe(true);
    const again = await systemActor(app.deps, system.user.email, () => {
      throw new Error("must not sign up twice");
    });
    expect(again.user.id).toBe(system.user.id);
  });

  it("publishes a discoverable snapshot that GET /examples names, one cited thread per question", async () => {
    expect(first).toMatchObject({ uploaded: 2, kept: 0, removed: 0, failed: [] });
    const listed = (await get("/examples")).body.examples;
    expect(listed).toEqual([
      { slug: SPEC.slug, snapshot_id: first.snapshotId, thread_id: expect.any(String), built_at: expect.any(String) },
    ]);
    const snap = (await get(`/snapshots/${first.snapshotId}`)).body;
    expect(snap).toMatchObject({ is_discoverable: true, workspace_name: SPEC.title, thread_id: null });
    const site = (await get("/site_published_snapshots")).body.snapshots.map((s: { id: string }) => s.id);
    expect(site).toContain(first.snapshotId);
    const files = (await get(`/snapshots/${first.snapshotId}/files`)).body.files;
    expect(files.map((f: { filename: string }) => f.filename).sort()).toEqual(["2019.txt", "2021.txt"]);
    const threads = (await get(`/snapshots/${first.snapshotId}/threads`)).body.threads as { id: string }[];
    expect(threads).toHaveLength(2);
    expect(threads.map((t) => t.id)).toContain(listed[0].thread_id);
    // The first question's thread: its answer cites the letter about float, on a page anyone opens.
    const messages = (await get(`/snapshots/${first.snapshotId}/threads/${listed[0].thread_id}/messages`)).body
      .messages as { role: string; content: string; status: string; citations: Citation[] }[];
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(messages[0]!.content).toBe(SPEC.questions[0]);
    const answer = messages[1]!;
    expect(answer.status).toBe("complete");
    expect(answer.citations[0]!.filename).toBe("2021.txt");
    const c = answer.citations[0]!;
    const page = await get(
      `/workspaces/${snap.workspace_id}/files/${c.file_id}/versions/${c.version_id}/pages/${c.page}`,
    );
    expect(page.status).toBe(200);
    expect(page.body.text).toContain("insurance float");
  });

  it("a rebuild keeps unchanged documents, moves the slug to a new snapshot and deletes the old one", async () => {
    const again = await build();
    expect(again).toMatchObject({ uploaded: 0, kept: 2, removed: 0 });
    expect(again.snapshotId).not.toBe(first.snapshotId);
    expect((await get(`/snapshots/${first.snapshotId}`)).status).toBe(404);
    const listed = (await get("/examples")).body.examples;
    expect(listed.map((e: { snapshot_id: string }) => e.snapshot_id)).toEqual([again.snapshotId]);
    // A changed document is replaced, one no longer listed is removed; still one snapshot.
    writeDocs({ "2021.txt": FLOAT + "Float is a liability we enjoy.\n" });
    const third = await build();
    expect(third).toMatchObject({ uploaded: 1, kept: 0, removed: 1 });
    const files = (await get(`/snapshots/${third.snapshotId}/files`)).body.files;
    expect(files.map((f: { filename: string }) => f.filename)).toEqual(["2021.txt"]);
    expect((await get(`/snapshots/${again.snapshotId}`)).status).toBe(404);
    first = third;
  }, 120_000);

  it("a signed-in visitor copies the example into a private Pod of their own and keeps asking", async () => {
    const res = await app.request("POST", `/snapshots/${first.snapshotId}/copy`, { token: bob.token });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const ws = res.body;
    expect(ws).toMatchObject({ name: SPEC.title, permission: "owner", is_public: false });
    // Private: nobody else reads it.
    expect((await get(`/workspaces/${ws.id}`)).status).toBe(404);
    const threads = (await get(`/workspaces/${ws.id}/threads`, bob.token)).body.threads as { id: string }[];
    expect(threads).toHaveLength(2);
    const files = (await get(`/workspaces/${ws.id}/files`, bob.token)).body.files as { id: string; status: string }[];
    expect(files.map((f) => f.status)).toEqual(["indexed"]);
    // Copied answers cite the copy's own file rows.
    const copied = (await get(`/workspaces/${ws.id}/threads/${threads[0]!.id}/messages`, bob.token)).body.messages as {
      citations: Citation[];
    }[];
    expect(copied.flatMap((m) => m.citations).every((c) => c.file_id === files[0]!.id)).toBe(true);
    // A new question in the copy: answered from the shared index, citing the copy's file.
    const sse = await openSse(app, "POST", `/workspaces/${ws.id}/threads/${threads[0]!.id}/stream_qa`, {
      token: bob.token,
      body: { query: "Is float a liability?" },
    });
    expect(sse.status).toBe(200);
    await sse.done();
    const after = (await get(`/workspaces/${ws.id}/threads/${threads[0]!.id}/messages`, bob.token)).body.messages as {
      role: string;
      status: string;
      citations: Citation[];
    }[];
    const last = after.at(-1)!;
    expect(last).toMatchObject({ role: "assistant", status: "complete" });
    expect(last.citations[0]!.file_id).toBe(files[0]!.id);
    // The copy outlives the snapshot: a rebuild deletes it, the copy still reads its file.
    const rebuilt = await build();
    expect((await get(`/snapshots/${first.snapshotId}`)).status).toBe(404);
    const content = await fetch(
      `${app.url}/workspaces/${ws.id}/files/${files[0]!.id}/versions/${(await get(`/workspaces/${ws.id}/files`, bob.token)).body.files[0].version_id}/content`,
      { headers: { authorization: `Bearer ${bob.token}` } },
    );
    expect(content.status).toBe(200);
    expect(await content.text()).toContain("insurance float");
    first = rebuilt;
  }, 120_000);

  it("copying a snapshot that does not exist is 404, signed out is 401", async () => {
    const missing = await app.request("POST", `/snapshots/${crypto.randomUUID()}/copy`, { token: bob.token });
    expect(missing.status).toBe(404);
    const anon = await app.request("POST", `/snapshots/${first.snapshotId}/copy`);
    expect(anon.status).toBe(401);
  });
});
