import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Citation } from "../../contracts/citation.ts";
import { drainQueue } from "../../backend/ingestion/worker-loop.ts";
import { createUser, type CreatedUser } from "../helpers/factories.ts";
import { blobFiles, createWorkspace, getBytes, postMultipart, uploadFile } from "../helpers/files.ts";
import { openSse } from "../helpers/sse.ts";
import { createPeerApp, createTestApp, type TestApp } from "../helpers/test-app.ts";

/**
 * Publishing: a snapshot is a frozen copy in its own workspace that shares the source's versions
 * (bytes, pages, passages). Later edits and deletion of the source do not change it; deleting it
 * leaves the source alone, and bytes go only when nothing names them.
 */
let app: TestApp;
let alice: CreatedUser;
let bob: CreatedUser;

const DOCS: Record<string, string> = {
  "acme-2022.md":
    "# Acme annual report 2022\n\nNet sales rose to $4.6 billion in fiscal 2022. Purchases of property and equipment were $355 million.\n",
  "globex-2022.md":
    "# Globex annual report 2022\n\nNet sales rose to $9.9 billion in fiscal 2022. Globex opened twelve new plants.\n",
  "initech-memo.md": "# Initech memo\n\nStapler inventory audited during March by facilities.\n",
};

beforeAll(async () => {
  app = await createTestApp();
  [alice, bob] = await Promise.all([createUser(app), createUser(app)]);
});
afterAll(() => app?.close());

/** A Pod with DOCS indexed and one thread holding a cited answer (search mode). */
async function podWithAnswer(query = "What were net sales in fiscal 2022?") {
  const ws = await createWorkspace(app, alice.token, { name: "Annual reports" });
  const files: Record<string, string> = {};
  for (const [filename, text] of Object.entries(DOCS))
    files[filename] = (
      await uploadFile(app, alice.token, ws.id, { filename, bytes: Buffer.from(text), contentType: "text/markdown" })
    ).id;
  await drainQueue(app.deps);
  const tid = await ask(ws.id, null, query);
  return { ws, files, tid };
}

async function ask(wsId: string, tid: string | null, query: string): Promise<string> {
  const thread =
    tid ??
    (await app.request("POST", `/workspaces/${wsId}/threads`, { token: alice.token, body: { name: "Sales" } })).body.id;
  const sse = await openSse(app, "POST", `/workspaces/${wsId}/threads/${thread}/stream_qa`, {
    token: alice.token,
    body: { query },
  });
  expect(sse.status).toBe(200);
  await sse.done();
  return thread;
}

const get = (path: string, token?: string) => app.request("GET", path, { token });

async function publish(wsId: string, o: { tid?: string; discoverable?: boolean; token?: string } = {}) {
  const path = o.tid ? `/workspaces/${wsId}/threads/${o.tid}/snapshot` : `/workspaces/${wsId}/snapshot`;
  return app.request("POST", path, {
    token: o.token ?? alice.token,
    body: o.discoverable === undefined ? undefined : { is_discoverable: o.discoverable },
  });
}

/** Everything an anonymous visitor reads of a snapshot, to compare before and after. */
async function readAll(snapshotId: string) {
  const snap = (await get(`/snapshots/${snapshotId}`)).body;
  const workspace = (await get(`/snapshots/${snapshotId}/workspace`)).body;
  const threads = (await get(`/snapshots/${snapshotId}/threads`)).body.threads;
  const files = (await get(`/snapshots/${snapshotId}/files`)).body.files;
  const messages: Record<string, unknown[]> = {};
  for (const t of threads)
    messages[t.id] = (await get(`/snapshots/${snapshotId}/threads/${t.id}/messages`)).body.messages;
  const pages: unknown[] = [];
  for (const list of Object.values(messages))
    for (const m of list as { citations: Citation[] }[])
      for (const c of m.citations) {
        const res = await get(
          `/workspaces/${snap.workspace_id}/files/${c.file_id}/versions/${c.version_id}/pages/${c.page}`,
        );
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.text.slice(c.start!, c.end!)).toBe(c.quote);
        pages.push(res.body);
      }
  const contents: string[] = [];
  for (const f of files as { id: string; version_id: string }[]) {
    const res = await fetch(
      `${app.url}/workspaces/${snap.workspace_id}/files/${f.id}/versions/${f.version_id}/content`,
    );
    expect(res.status).toBe(200);
    contents.push(await res.text());
  }
  const search = await app.request("POST", `/workspaces/${snap.workspace_id}/search`, { body: { query: "net sales" } });
  expect(search.status).toBe(200);
  return { snap, workspace, threads, files, messages, pages, contents, search: search.body.results };
}

describe("publishing a Pod", () => {
  let pod: Awaited<ReturnType<typeof podWithAnswer>>;
  let snapshot: { id: string; workspace_id: string; share_path: string };
  let before: Awaited<ReturnType<typeof readAll>>;

  beforeAll(async () => {
    pod = await podWithAnswer();
    const res = await publish(pod.ws.id, { discoverable: true });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    snapshot = res.body;
    before = await readAll(snapshot.id);
  }, 120_000);

  it("answers with the snapshot, its own workspace and share link", async () => {
    expect(snapshot).toMatchObject({
      thread_id: null,
      is_discoverable: true,
      workspace_name: "Annual reports",
      thread_name: null,
      share_path: `/share/${snapshot.id}`,
    });
    expect(snapshot.workspace_id).not.toBe(pod.ws.id);
    expect(before.workspace).toMatchObject({
      id: snapshot.workspace_id,
      name: "Annual reports",
      snapshot_id: snapshot.id,
      is_published: true,
      is_public: true,
      permission: "viewer",
    });
    // The publisher sees it read-only too.
    expect((await get(`/snapshots/${snapshot.id}/workspace`, alice.token)).body.permission).toBe("viewer");
    expect((await get(`/workspaces/${pod.ws.id}`, alice.token)).body).toMatchObject({
      is_published: true,
      snapshot_id: null,
    });
  });

  it("copies threads, messages with citations pointing at its own files, and the files", async () => {
    expect(before.threads).toHaveLength(1);
    expect(before.threads[0].id).not.toBe(pod.tid);
    expect(before.threads[0].workspace_id).toBe(snapshot.workspace_id);
    expect(before.files.map((f: { filename: string }) => f.filename).sort()).toEqual(Object.keys(DOCS).sort());
    const fileIds = new Set(before.files.map((f: { id: string }) => f.id));
    for (const id of Object.values(pod.files)) expect(fileIds.has(id)).toBe(false);
    const msgs = Object.values(before.messages)[0] as {
      role: string;
      content: string;
      citations: Citation[];
      parent_id: string | null;
      id: string;
    }[];
    expect(msgs.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(msgs[1]!.parent_id).toBe(msgs[0]!.id);
    const source = (await get(`/workspaces/${pod.ws.id}/threads/${pod.tid}/messages`, alice.token)).body.messages;
    expect(msgs.map((m) => m.content)).toEqual(source.map((m: { content: string }) => m.content));
    expect(msgs[1]!.citations.length).toBeGreaterThan(0);
    for (const c of msgs[1]!.citations) expect(fileIds.has(c.file_id)).toBe(true);
    expect(before.pages.length).toBe(msgs[1]!.citations.length);
    expect(before.search.length).toBeGreaterThan(0);
    for (const hit of before.search) expect(fileIds.has(hit.file_id)).toBe(true);
  });

  it("copies no bytes, pages or passages", async () => {
    const db = app.deps.db.kysely;
    const count = async (t: "file_versions" | "documents" | "passages") =>
      Number(
        (
          await db
            .selectFrom(t)
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const [v, d, p, blobs] = [
      await count("file_versions"),
      await count("documents"),
      await count("passages"),
      (await blobFiles(app)).length,
    ];
    const again = await publish(pod.ws.id);
    expect(again.status).toBe(201);
    expect([
      await count("file_versions"),
      await count("documents"),
      await count("passages"),
      (await blobFiles(app)).length,
    ]).toEqual([v, d, p, blobs]);
    expect((await app.request("DELETE", `/snapshots/${again.body.id}`, { token: alice.token })).status).toBe(200);
  });

  it("refuses every change to the snapshot's workspace, its publisher's included", async () => {
    const w = snapshot.workspace_id;
    const tid = before.threads[0].id;
    const fid = before.files[0].id;
    const msgs = Object.values(before.messages)[0] as { id: string }[];
    const attempts: [string, string, unknown][] = [
      ["PATCH", `/workspaces/${w}`, { name: "Changed" }],
      ["DELETE", `/workspaces/${w}`, undefined],
      ["POST", `/workspaces/${w}/threads`, { name: "New" }],
      ["PATCH", `/workspaces/${w}/threads/${tid}`, { name: "Changed" }],
      ["DELETE", `/workspaces/${w}/threads/${tid}`, undefined],
      ["POST", `/workspaces/${w}/threads/${tid}/stream_qa`, { query: "More?" }],
      ["PATCH", `/workspaces/${w}/files/${fid}`, { filename: "x.md" }],
      ["DELETE", `/workspaces/${w}/files/${fid}`, undefined],
      ["POST", `/workspaces/${w}/files/generate_upload_url`, { byte_size: 5 }],
      ["POST", `/workspaces/${w}/bookmark`, undefined],
      ["POST", `/workspaces/${w}/threads/${tid}/bookmark`, undefined],
      ["POST", `/workspaces/${w}/threads/${tid}/messages/${msgs[1]!.id}/feedback`, { rating: "up" }],
    ];
    for (const token of [alice.token, bob.token])
      for (const [method, path, body] of attempts) {
        const res = await app.request(method, path, { token, body });
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.body.error.code).toBe("forbidden");
        expect(res.body.error.message).toContain("published snapshot");
      }
  });

  it("stays out of the publisher's workspace and thread lists", async () => {
    const list = (await get("/workspaces", alice.token)).body.workspaces.map((w: { id: string }) => w.id);
    expect(list).toContain(pod.ws.id);
    expect(list).not.toContain(snapshot.workspace_id);
    const threads = (await get("/threads", alice.token)).body.threads.map(
      (t: { workspace_id: string }) => t.workspace_id,
    );
    expect(threads).not.toContain(snapshot.workspace_id);
    // Nor in the cross-workspace file search, by name or by content.
    for (const option of ["name", "content"]) {
      const res = await fetch(`${app.url}/find_files`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${alice.token}` },
        body: JSON.stringify({ query: option === "name" ? "acme" : "net sales", option }),
      });
      const found = (await res.text())
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as { type: string; workspace_id?: string | null });
      const inPods = found.filter((e) => e.type === "file").map((e) => e.workspace_id);
      expect(inPods, option).toContain(pod.ws.id);
      expect(inPods, option).not.toContain(snapshot.workspace_id);
    }
  });

  it("lists in the creator's snapshots and, discoverable, in the public list with its label", async () => {
    const mine = (await get("/snapshots", alice.token)).body.snapshots;
    expect(mine.map((s: { id: string }) => s.id)).toContain(snapshot.id);
    expect((await get("/snapshots", bob.token)).body.snapshots).toEqual([]);
    const site = (await get("/site_published_snapshots")).body.snapshots;
    expect(site.find((s: { id: string }) => s.id === snapshot.id)).toMatchObject({
      workspace_name: "Annual reports",
      thread_name: null,
      label: "Annual reports",
      share_path: `/share/${snapshot.id}`,
    });
  });

  it("is unchanged by later edits and by deleting the source Pod; its bytes outlive the source", async () => {
    const acme = pod.files["acme-2022.md"]!;
    expect(
      (
        await app.request("PATCH", `/workspaces/${pod.ws.id}/files/${acme}`, {
          token: alice.token,
          body: { filename: "renamed.md" },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await app.request("DELETE", `/workspaces/${pod.ws.id}/files/${pod.files["globex-2022.md"]}`, {
          token: alice.token,
        })
      ).status,
    ).toBe(200);
    await ask(pod.ws.id, pod.tid, "How many plants did Globex open?");
    await app.request("PATCH", `/workspaces/${pod.ws.id}`, { token: alice.token, body: { name: "Changed" } });
    expect(await readAll(snapshot.id)).toEqual(before);

    const blobsBefore = await blobFiles(app);
    expect((await app.request("DELETE", `/workspaces/${pod.ws.id}`, { token: alice.token })).status).toBe(200);
    expect((await get(`/workspaces/${pod.ws.id}`, alice.token)).status).toBe(404);
    expect(await readAll(snapshot.id)).toEqual(before);
    // The source's files are gone from its owner's storage and lists, but their bytes stay.
    expect(await blobFiles(app)).toEqual(blobsBefore);
  });

  it("deleting it is its creator's alone, and frees the bytes nothing else names", async () => {
    const other = await app.request("DELETE", `/snapshots/${snapshot.id}`, { token: bob.token });
    expect(other.status).toBe(403);
    const keys = (
      await app.deps.db.kysely
        .selectFrom("file_versions as v")
        .innerJoin("file_version_refs as r", "r.version_id", "v.id")
        .innerJoin("files as f", "f.id", "r.file_id")
        .select("v.blob_key")
        .where("f.workspace_id", "=", snapshot.workspace_id)
        .execute()
    ).map((r) => r.blob_key);
    expect(keys.length).toBeGreaterThan(0);
    for (const k of keys) expect(await app.deps.blobs.stat(k)).not.toBeNull();
    const res = await app.request("DELETE", `/snapshots/${snapshot.id}`, { token: alice.token });
    expect(res.status).toBe(200);
    expect((await get(`/snapshots/${snapshot.id}`)).status).toBe(404);
    expect((await get(`/workspaces/${snapshot.workspace_id}`)).status).toBe(404);
    for (const k of keys) expect(await app.deps.blobs.stat(k)).toBeNull();
    const left = await app.deps.db.kysely.selectFrom("files").select("id").where("scope", "=", "retained").execute();
    expect(left).toEqual([]);
    expect((await get("/site_published_snapshots")).body.snapshots.map((s: { id: string }) => s.id)).not.toContain(
      snapshot.id,
    );
  });
});

describe("is_published", () => {
  it("is true while a snapshot of the Pod exists and false after the last one is deleted", async () => {
    const ws = await createWorkspace(app, alice.token);
    const published = async () => (await get(`/workspaces/${ws.id}`, alice.token)).body.is_published;
    expect(await published()).toBe(false);
    const a = (await publish(ws.id)).body.id;
    const b = (await publish(ws.id)).body.id;
    expect(await published()).toBe(true);
    await app.request("DELETE", `/snapshots/${a}`, { token: alice.token });
    expect(await published()).toBe(true);
    await app.request("DELETE", `/snapshots/${b}`, { token: alice.token });
    expect(await published()).toBe(false);
  });
});

describe("who may publish", () => {
  it("only the owner: another user gets 404 for a private Pod and 403 for a public one", async () => {
    const priv = await createWorkspace(app, alice.token);
    const pub = await createWorkspace(app, alice.token, { is_public: true });
    expect((await publish(priv.id, { token: bob.token })).status).toBe(404);
    expect((await publish(pub.id, { token: bob.token })).status).toBe(403);
    expect((await app.request("POST", `/workspaces/${pub.id}/snapshot`, {})).status).toBe(401);
  });
});

describe("publishing a thread", () => {
  let pod: Awaited<ReturnType<typeof podWithAnswer>>;
  let other: string;
  let snap: { id: string; workspace_id: string; thread_id: string; share_path: string; thread_name: string };
  let cited: Set<string>;

  beforeAll(async () => {
    pod = await podWithAnswer();
    other = await ask(pod.ws.id, null, "When was the stapler inventory audited?");
    const source = (await get(`/workspaces/${pod.ws.id}/threads/${pod.tid}/messages`, alice.token)).body.messages;
    cited = new Set(source.flatMap((m: { citations: Citation[] }) => m.citations.map((c) => c.file_id)));
    expect(cited.has(pod.files["initech-memo.md"]!)).toBe(false);
    // A tool's results name files the answer did not cite: they must not reach the snapshot.
    const answer = source.find((m: { role: string }) => m.role === "assistant");
    const n = (
      await app.deps.db.kysely.selectFrom("message_events").select("seq").where("message_id", "=", answer.id).execute()
    ).length;
    await app.deps.db.kysely
      .insertInto("message_events")
      .values({
        message_id: answer.id,
        seq: n,
        first_index: 1000,
        events: JSON.stringify([
          { t: 1, e: { type: "tool_call", id: "c1", name: "search", args: { query: "stapler" } } },
          {
            t: 2,
            e: { type: "tool_result", id: "c1", name: "search", result: { file: "initech-memo.md" }, is_error: false },
          },
          { t: 3, e: { type: "thinking", text: "Looked further." } },
        ]),
        created_at: new Date().toISOString(),
      })
      .execute();
    const res = await publish(pod.ws.id, { tid: pod.tid, discoverable: true });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    snap = res.body;
  }, 120_000);

  it("answers with the copy of the thread and its share link", () => {
    expect(snap.thread_id).toBeTruthy();
    expect(snap.thread_id).not.toBe(pod.tid);
    expect(snap.thread_name).toBe("Sales");
    expect(snap.share_path).toBe(`/share/${snap.id}/thread/${snap.thread_id}`);
  });

  it("exposes only its thread and the files its answers cite", async () => {
    const threads = (await get(`/snapshots/${snap.id}/threads`)).body.threads;
    expect(threads.map((t: { id: string }) => t.id)).toEqual([snap.thread_id]);
    expect((await get(`/snapshots/${snap.id}/threads/${other}`)).status).toBe(404);
    const files = (await get(`/snapshots/${snap.id}/files`)).body.files;
    const names = Object.entries(pod.files)
      .filter(([, id]) => cited.has(id))
      .map(([n]) => n)
      .sort();
    expect(files.map((f: { filename: string }) => f.filename).sort()).toEqual(names);
    expect(files.map((f: { filename: string }) => f.filename)).not.toContain("initech-memo.md");
    // The uncited file's version is not readable through the snapshot, by its source ids either.
    const initech = (await get(`/workspaces/${pod.ws.id}/files/${pod.files["initech-memo.md"]}/metadata`, alice.token))
      .body;
    const page = await get(
      `/workspaces/${snap.workspace_id}/files/${initech.id}/versions/${initech.version_id}/pages/1`,
    );
    expect(page.status).toBe(404);
    for (const f of files) {
      const res = await get(`/workspaces/${snap.workspace_id}/files/${f.id}/versions/${initech.version_id}/pages/1`);
      expect(res.status).toBe(404);
    }
  });

  it("searches only the files it holds", async () => {
    const ids = new Set((await get(`/snapshots/${snap.id}/files`)).body.files.map((f: { id: string }) => f.id));
    const stapler = await app.request("POST", `/workspaces/${snap.workspace_id}/search`, {
      body: { query: "stapler inventory" },
    });
    expect(stapler.status).toBe(200);
    expect(stapler.body.results).toEqual([]);
    const sales = await app.request("POST", `/workspaces/${snap.workspace_id}/search`, {
      body: { query: "net sales" },
    });
    expect(sales.body.results.length).toBeGreaterThan(0);
    for (const hit of sales.body.results) expect(ids.has(hit.file_id)).toBe(true);
  });

  it("keeps its answers' stored events, with the copies' ids and without tool calls", async () => {
    const msgs = (await get(`/snapshots/${snap.id}/threads/${snap.thread_id}/messages`)).body.messages;
    const answer = msgs.find((m: { role: string }) => m.role === "assistant");
    const sse = await openSse(
      app,
      "GET",
      `/workspaces/${snap.workspace_id}/threads/${snap.thread_id}/messages/${answer.id}/stream`,
    );
    expect(sse.status).toBe(200);
    const events = await sse.done();
    const types = events.map((e) => e.data.type);
    expect(types).toContain("text_delta");
    expect(types).toContain("thinking");
    expect(types).not.toContain("tool_call");
    expect(types).not.toContain("tool_result");
    expect(events.map((e) => e.id)).toEqual(events.map((_, i) => i));
    const started = events.find((e) => e.data.type === "message_started")!.data as {
      message_id: string;
      thread_id: string;
    };
    expect(started).toMatchObject({ message_id: answer.id, thread_id: snap.thread_id });
  });

  it("is listed with the label 'workspace - thread'", async () => {
    const site = (await get("/site_published_snapshots")).body.snapshots;
    expect(site.find((s: { id: string }) => s.id === snap.id)).toMatchObject({
      label: "Annual reports - Sales",
      thread_name: "Sales",
      share_path: snap.share_path,
    });
  });
});

describe("shared bytes", () => {
  const usedStorage = async () => (await get("/users/me/storage", alice.token)).body.used_storage as number;
  const keyOf = async (fileId: string) =>
    (
      await app.deps.db.kysely
        .selectFrom("files as f")
        .innerJoin("file_versions as v", "v.id", "f.current_version_id")
        .select("v.blob_key")
        .where("f.id", "=", fileId)
        .executeTakeFirstOrThrow()
    ).blob_key;

  it("survive while the source or another snapshot uses them, and go with the last user", async () => {
    const pod = await podWithAnswer();
    const acme = pod.files["acme-2022.md"]!;
    const globex = pod.files["globex-2022.md"]!;
    const [acmeKey, globexKey] = [await keyOf(acme), await keyOf(globex)];
    const storage = await usedStorage();
    const s1 = (await publish(pod.ws.id)).body;
    const s2 = (await publish(pod.ws.id)).body;
    // A snapshot costs its publisher no storage.
    expect(await usedStorage()).toBe(storage);

    // Deleting a snapshot while the source uses the bytes leaves them.
    const s3 = (await publish(pod.ws.id)).body;
    expect((await app.request("DELETE", `/snapshots/${s3.id}`, { token: alice.token })).status).toBe(200);
    expect(await app.deps.blobs.stat(acmeKey)).not.toBeNull();
    expect((await get(`/workspaces/${pod.ws.id}/files`, alice.token)).body.files).toHaveLength(3);

    // The source deletes the file: it leaves the Pod and its owner's storage, its bytes stay.
    expect((await app.request("DELETE", `/workspaces/${pod.ws.id}/files/${acme}`, { token: alice.token })).status).toBe(
      200,
    );
    expect((await get(`/workspaces/${pod.ws.id}/files/${acme}/metadata`, alice.token)).status).toBe(404);
    expect(await usedStorage()).toBe(storage - DOCS["acme-2022.md"]!.length);
    expect(await app.deps.blobs.stat(acmeKey)).not.toBeNull();

    expect((await app.request("DELETE", `/snapshots/${s1.id}`, { token: alice.token })).status).toBe(200);
    expect(await app.deps.blobs.stat(acmeKey)).not.toBeNull();
    const s2Files = (await get(`/snapshots/${s2.id}/files`)).body.files;
    const acmeCopy = s2Files.find((f: { filename: string }) => f.filename === "acme-2022.md");
    const bytes = await fetch(
      `${app.url}/workspaces/${s2.workspace_id}/files/${acmeCopy.id}/versions/${acmeCopy.version_id}/content`,
    );
    expect(await bytes.text()).toBe(DOCS["acme-2022.md"]);

    expect((await app.request("DELETE", `/snapshots/${s2.id}`, { token: alice.token })).status).toBe(200);
    expect(await app.deps.blobs.stat(acmeKey)).toBeNull();
    expect(await app.deps.blobs.stat(globexKey)).not.toBeNull();
    const retained = await app.deps.db.kysely.selectFrom("files").select("id").where("id", "=", acme).execute();
    expect(retained).toEqual([]);
    // The source Pod is untouched by all of it.
    expect((await get(`/workspaces/${pod.ws.id}/files`, alice.token)).body.files).toHaveLength(2);
    const hits = await app.request("POST", `/workspaces/${pod.ws.id}/search`, {
      token: alice.token,
      body: { query: "Globex plants" },
    });
    expect(hits.body.results.map((h: { file_id: string }) => h.file_id)).toContain(globex);
  });
});

describe("publishing what cannot be published", () => {
  it("refuses a snapshot's own workspace and a thread of another Pod", async () => {
    const pod = await podWithAnswer();
    const s = (await publish(pod.ws.id)).body;
    const again = await publish(s.workspace_id);
    expect(again.status).toBe(403);
    expect(again.body.error.code).toBe("forbidden");
    const otherWs = await createWorkspace(app, alice.token);
    expect((await publish(otherWs.id, { tid: pod.tid })).status).toBe(404);
    expect((await get(`/snapshots/${crypto.randomUUID()}`)).status).toBe(404);
  });
});

describe("thread files", () => {
  it("are copied with their history and outlive the source thread", async () => {
    const ws = await createWorkspace(app, alice.token);
    const tid = await ask(ws.id, null, "Anything?");
    const base = `/workspaces/${ws.id}/threads/${tid}`;
    const save = (fields: Record<string, string>, text: string) =>
      postMultipart(app, `${base}/edit_file`, {
        token: alice.token,
        fields,
        file: { name: "notes.txt", bytes: Buffer.from(text) },
      });
    const v1 = (await save({ filename: "notes.txt" }, "first")).body;
    const v2 = (await save({ version_id: v1.version_id }, "second")).body;
    expect(v2.file_id).toBe(v1.file_id);
    const s = (await publish(ws.id, { tid })).body;
    const listed = async () =>
      (await get(`/workspaces/${s.workspace_id}/threads/${s.thread_id}/files`)).body.files as {
        file_id: string;
        thread_id: string;
        latest_version_id: string;
        versions: { version_id: string }[];
      }[];
    const before = await listed();
    expect(before).toHaveLength(1);
    expect(before[0]!.file_id).not.toBe(v1.file_id);
    expect(before[0]!.thread_id).toBe(s.thread_id);
    expect(before[0]!.latest_version_id).toBe(v2.version_id);
    expect(before[0]!.versions.map((v) => v.version_id).sort()).toEqual([v1.version_id, v2.version_id].sort());

    expect((await app.request("DELETE", base, { token: alice.token })).status).toBe(200);
    expect(await listed()).toEqual(before);
    const version = await get(`/workspaces/${s.workspace_id}/threads/${s.thread_id}/files/${v1.version_id}`);
    expect(version.status).toBe(200);
    expect((await getBytes(app, version.body.download_url)).bytes.toString()).toBe("first");
  });
});

describe("a thread file an answer wrote", () => {
  it("names the snapshot's copy of that answer", async () => {
    const ws = await createWorkspace(app, alice.token);
    const tid = await ask(ws.id, null, "Anything?");
    const base = `/workspaces/${ws.id}/threads/${tid}`;
    const saved = (
      await postMultipart(app, `${base}/edit_file`, {
        token: alice.token,
        fields: { filename: "model.txt" },
        file: { name: "model.txt", bytes: Buffer.from("draft") },
      })
    ).body;
    const mine = (path: string) => app.request("GET", path, { token: alice.token });
    const answer = (await mine(`${base}/messages`)).body.messages.find(
      (m: { role: string }) => m.role === "assistant",
    ) as { id: string };
    // As when the answer's edit_file tool writes it (the user saved this one).
    await app.deps.db.kysely
      .updateTable("file_versions")
      .set({ message_id: answer.id })
      .where("id", "=", saved.version_id)
      .execute();
    expect((await mine(`${base}/files`)).body.files[0].versions[0].message_id).toBe(answer.id);

    const s = (await publish(ws.id, { tid })).body;
    const copied = (await get(`/snapshots/${s.id}/threads/${s.thread_id}/messages`)).body.messages.find(
      (m: { role: string }) => m.role === "assistant",
    ) as { id: string };
    expect(copied.id).not.toBe(answer.id);
    const files = (await get(`/workspaces/${s.workspace_id}/threads/${s.thread_id}/files`)).body.files;
    expect(files[0].versions[0].message_id).toBe(copied.id);
  });
});

describe("a snapshot published while its files are being indexed", () => {
  it("shows them indexed once the shared version is", async () => {
    const ws = await createWorkspace(app, alice.token);
    const f = await uploadFile(app, alice.token, ws.id, {
      filename: "late.md",
      bytes: Buffer.from("# Late\n\nQuarterly dividend raised.\n"),
      contentType: "text/markdown",
    });
    const s = (await publish(ws.id)).body;
    const status = async () => (await get(`/snapshots/${s.id}/files`)).body.files[0].status;
    expect(await status()).toBe("uploaded");
    await drainQueue(app.deps);
    expect(await status()).toBe("indexed");
    const hits = await app.request("POST", `/workspaces/${s.workspace_id}/search`, { body: { query: "dividend" } });
    expect(hits.body.results).toHaveLength(1);
    expect(hits.body.results[0].file_id).not.toBe(f.id);
  });
});

describe("the public list", () => {
  it("is cached per process for 5 minutes, and cleared by a snapshot created or deleted in this one", async () => {
    const peer = await createPeerApp(app);
    try {
      const ids = async (a: { request: TestApp["request"] }) =>
        ((await a.request("GET", "/site_published_snapshots")).body.snapshots as { id: string }[]).map((x) => x.id);
      const ws = await createWorkspace(app, alice.token, { name: "Cached" });
      await ids(peer);
      const here = (await publish(ws.id, { discoverable: true })).body.id;
      expect(await ids(app)).toContain(here);
      // The other process still answers from its cache...
      expect(await ids(peer)).not.toContain(here);
      // ...until it expires.
      peer.deps.siteSnapshots.entry!.at -= 5 * 60_000;
      expect(await ids(peer)).toContain(here);
      const hidden = (await publish(ws.id, { discoverable: false })).body.id;
      expect(await ids(app)).not.toContain(hidden);
      const there = await peer.request("POST", `/workspaces/${ws.id}/snapshot`, {
        token: alice.token,
        body: { is_discoverable: true },
      });
      expect(await ids(peer)).toContain(there.body.id);
      await peer.request("DELETE", `/snapshots/${here}`, { token: alice.token });
      expect(await ids(peer)).not.toContain(here);
    } finally {
      await peer.close();
    }
  });
});
