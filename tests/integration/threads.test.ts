import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Thread } from "../../contracts/threads.ts";
import { createUser, type CreatedUser } from "../helpers/factories.ts";
import { createWorkspace } from "../helpers/files.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import * as threadsApi from "../../contracts/threads.ts";
import type { ApiResult } from "../helpers/typed-api.ts";
import * as workspacesApi from "../../contracts/workspaces.ts";

let app: TestApp;
let alice: CreatedUser;
let bob: CreatedUser;
beforeAll(async () => {
  app = await createTestApp();
  [alice, bob] = await Promise.all([createUser(app), createUser(app)]);
});
afterAll(() => app?.close());

async function newThread(wsId: string, name?: string, token = alice.token): Promise<Thread> {
  const res = await app.api(threadsApi.createThread, {
    params: { id: wsId },
    token,
    body: name === undefined ? undefined : { name },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** Nothing creates messages through the API yet: they are seeded in the database. */
async function seedMessage(
  threadId: string,
  o: { parent?: string | null; role?: "user" | "assistant"; content?: string; active?: boolean; at: number },
) {
  const id = crypto.randomUUID();
  const t = new Date(Date.UTC(2024, 0, 1, 0, 0, 0, o.at)).toISOString();
  await app.deps.db.kysely
    .insertInto("messages")
    .values({
      id,
      thread_id: threadId,
      parent_id: o.parent ?? null,
      role: o.role ?? "user",
      content: o.content ?? `m${o.at}`,
      status: "complete",
      is_active: o.active === false ? 0 : 1,
      created_by: alice.user.uid,
      created_at: t,
      updated_at: t,
    })
    .execute();
  return id;
}

describe("threads", () => {
  it("creates (default name), gets, renames and deletes", async () => {
    const ws = await createWorkspace(app, alice.token);
    const t = await newThread(ws.id);
    expect(t).toEqual({
      id: expect.any(String),
      workspace_id: ws.id,
      name: "New thread",
      is_pinned: false,
      is_bookmarked: false,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(
      (await app.api(threadsApi.getThread, { params: { id: ws.id, tid: t.id }, token: alice.token })).body,
    ).toEqual(t);
    const renamed = await app.api(threadsApi.updateThread, {
      params: { id: ws.id, tid: t.id },
      token: alice.token,
      body: { name: "Revenue" },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe("Revenue");
    expect(
      (
        await app.api(threadsApi.updateThread, {
          params: { id: ws.id, tid: t.id },
          token: alice.token,
          body: { name: "" },
        })
      ).status,
    ).toBe(400);
    expect(
      (await app.api(threadsApi.deleteThread, { params: { id: ws.id, tid: t.id }, token: alice.token })).body,
    ).toEqual({ ok: true });
    const gone = await app.api(threadsApi.getThread, { params: { id: ws.id, tid: t.id }, token: alice.token });
    expect(gone.status).toBe(404);
    expect(gone.error?.message).toBe("Thread not found.");
  });

  it("a thread is only reachable under its own workspace", async () => {
    const ws1 = await createWorkspace(app, alice.token);
    const ws2 = await createWorkspace(app, alice.token);
    const t = await newThread(ws1.id);
    expect(
      (await app.api(threadsApi.getThread, { params: { id: ws2.id, tid: t.id }, token: alice.token })).status,
    ).toBe(404);
    expect(
      (await app.api(threadsApi.deleteThread, { params: { id: ws2.id, tid: t.id }, token: alice.token })).status,
    ).toBe(404);
  });

  it("lists pinned first, then newest, page by page", async () => {
    const ws = await createWorkspace(app, alice.token);
    const made: Thread[] = [];
    for (let i = 0; i < 5; i++) made.push(await newThread(ws.id, `T${i}`));
    for (let i = 0; i < 5; i++) {
      const t = new Date(Date.UTC(2024, 0, 1, 0, 0, i)).toISOString();
      await app.deps.db.kysely.updateTable("threads").set({ updated_at: t }).where("id", "=", made[i]!.id).execute();
    }
    const pin = await app.api(threadsApi.pinThread, { params: { id: ws.id, tid: made[1]!.id }, token: alice.token });
    expect(pin.status).toBe(200);
    expect(pin.body.is_pinned).toBe(true);
    const names: string[] = [];
    let cursor: string | null = null;
    do {
      const res: ApiResult<typeof threadsApi.listThreads> = await app.api(threadsApi.listThreads, {
        params: { id: ws.id },
        query: { limit: 2, cursor: cursor ?? undefined },
        token: alice.token,
      });
      expect(res.status).toBe(200);
      names.push(...res.body.threads.map((t: Thread) => t.name));
      cursor = res.body.next_cursor;
    } while (cursor);
    expect(names).toEqual(["T1", "T4", "T3", "T2", "T0"]);
    const unpin = await app.api(threadsApi.unpinThread, {
      params: { id: ws.id, tid: made[1]!.id },
      token: alice.token,
    });
    expect(unpin.body.is_pinned).toBe(false);
  });

  it("auto_rename names the thread from the question", async () => {
    const ws = await createWorkspace(app, alice.token);
    const t = await newThread(ws.id);
    const res = await app.api(threadsApi.autoRenameThread, {
      params: { id: ws.id, tid: t.id },
      token: alice.token,
      body: { user_query: "please summarise the attached contract." },
    });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe("Summarise the attached contract");
  });

  it("viewers of a public workspace read and bookmark threads but cannot change them", async () => {
    const ws = await createWorkspace(app, alice.token, { is_public: true });
    const t = await newThread(ws.id, "Shared thread");
    expect(
      (await app.api(threadsApi.listThreads, { params: { id: ws.id }, query: {} })).body.threads.map(
        (x: Thread) => x.id,
      ),
    ).toEqual([t.id]);
    expect(
      (
        await app.api(threadsApi.updateThread, {
          params: { id: ws.id, tid: t.id },
          token: bob.token,
          body: { name: "x" },
        })
      ).status,
    ).toBe(403);
    expect(
      (await app.api(threadsApi.createThread, { params: { id: ws.id }, body: undefined, token: bob.token })).status,
    ).toBe(403);
    const bm = await app.api(threadsApi.bookmarkThread, { params: { id: ws.id, tid: t.id }, token: bob.token });
    expect(bm.status).toBe(200);
    expect(bm.body.is_bookmarked).toBe(true);
    const list = await app.api(threadsApi.bookmarkedThreads, { query: {}, token: bob.token });
    expect(list.body.threads.map((x: Thread) => x.id)).toEqual([t.id]);
    // Made private, the bookmark no longer shows (and the thread is 404 for bob).
    await app.api(workspacesApi.updateWorkspace, {
      params: { id: ws.id },
      token: alice.token,
      body: { is_public: false },
    });
    expect((await app.api(threadsApi.bookmarkedThreads, { query: {}, token: bob.token })).body.threads).toEqual([]);
    expect((await app.api(threadsApi.getThread, { params: { id: ws.id, tid: t.id }, token: bob.token })).status).toBe(
      404,
    );
    await app.api(workspacesApi.updateWorkspace, {
      params: { id: ws.id },
      token: alice.token,
      body: { is_public: true },
    });
    const off = await app.api(threadsApi.unbookmarkThread, { params: { id: ws.id, tid: t.id }, token: bob.token });
    expect(off.body.is_bookmarked).toBe(false);
    expect((await app.api(threadsApi.bookmarkedThreads, { query: {}, token: bob.token })).body.threads).toEqual([]);
  });

  it("GET /threads lists threads across the caller's own workspaces only", async () => {
    const carol = await createUser(app);
    const w1 = await createWorkspace(app, carol.token);
    const w2 = await createWorkspace(app, carol.token);
    const a = await newThread(w1.id, "A", carol.token);
    const b = await newThread(w2.id, "B", carol.token);
    const other = await createWorkspace(app, alice.token, { is_public: true });
    await newThread(other.id, "Not carol's");
    const res = await app.api(threadsApi.allThreads, { query: { limit: 1 }, token: carol.token });
    expect(res.status).toBe(200);
    expect(res.body.threads).toHaveLength(1);
    const next = await app.api(threadsApi.allThreads, {
      query: { limit: 1, cursor: res.body.next_cursor! },
      token: carol.token,
    });
    expect([res.body.threads[0].id, next.body.threads[0].id].sort()).toEqual([a.id, b.id].sort());
    expect(next.body.next_cursor).toBeNull();
  });
});

describe("messages", () => {
  it("lists oldest first, page by page", async () => {
    const ws = await createWorkspace(app, alice.token);
    const t = await newThread(ws.id);
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await seedMessage(t.id, { at: i, role: i % 2 ? "assistant" : "user" }));
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: ApiResult<typeof threadsApi.listMessages> = await app.api(threadsApi.listMessages, {
        params: { id: ws.id, tid: t.id },
        query: { limit: 2, cursor: cursor ?? undefined },
        token: alice.token,
      });
      expect(res.status).toBe(200);
      seen.push(...res.body.messages.map((m: { id: string }) => m.id));
      cursor = res.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual(ids);
    const one = (
      await app.api(threadsApi.listMessages, {
        params: { id: ws.id, tid: t.id },
        query: { limit: 1 },
        token: alice.token,
      })
    ).body.messages[0];
    expect(one).toEqual({
      id: ids[0],
      thread_id: t.id,
      parent_id: null,
      role: "user",
      content: "m0",
      status: "complete",
      is_active: true,
      feedback: null,
      citations: [],
      model: null,
      created_at: expect.any(String),
    });
  });

  it("set active makes one answer active among its siblings only", async () => {
    const ws = await createWorkspace(app, alice.token);
    const t = await newThread(ws.id);
    const q = await seedMessage(t.id, { at: 0 });
    const a1 = await seedMessage(t.id, { at: 1, parent: q, role: "assistant", active: true });
    const a2 = await seedMessage(t.id, { at: 2, parent: q, role: "assistant", active: false });
    const q2 = await seedMessage(t.id, { at: 3 });
    const other = await seedMessage(t.id, { at: 4, parent: q2, role: "assistant", active: true });
    const res = await app.api(threadsApi.setMessageActive, {
      params: { id: ws.id, tid: t.id, mid: a2 },
      token: alice.token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: a2, is_active: true });
    const list = (
      await app.api(threadsApi.listMessages, { params: { id: ws.id, tid: t.id }, query: {}, token: alice.token })
    ).body.messages;
    const active = Object.fromEntries(list.map((m: { id: string; is_active: boolean }) => [m.id, m.is_active]));
    expect(active).toEqual({ [q]: true, [a1]: false, [a2]: true, [q2]: true, [other]: true });
    expect(
      (
        await app.api(threadsApi.setMessageActive, {
          params: { id: ws.id, tid: t.id, mid: "nope" },
          token: alice.token,
        })
      ).status,
    ).toBe(404);
  });

  it("feedback: post, change, delete; each user sees their own", async () => {
    const ws = await createWorkspace(app, alice.token, { is_public: true });
    const t = await newThread(ws.id);
    const m = await seedMessage(t.id, { at: 0, role: "assistant" });
    const params = { id: ws.id, tid: t.id, mid: m };
    const up = await app.api(threadsApi.postFeedback, {
      params,
      token: alice.token,
      body: { rating: "up", comment: "Spot on" },
    });
    expect(up.status).toBe(200);
    expect(up.body.feedback).toEqual({ rating: "up", comment: "Spot on" });
    const down = await app.api(threadsApi.postFeedback, { params, token: alice.token, body: { rating: "down" } });
    expect(down.body.feedback).toEqual({ rating: "down", comment: null });
    // A viewer of the public workspace rates too, separately.
    const bobs = await app.api(threadsApi.postFeedback, { params, token: bob.token, body: { rating: "up" } });
    expect(bobs.status).toBe(200);
    expect(bobs.body.feedback).toEqual({ rating: "up", comment: null });
    const bad = await app.request("POST", `/workspaces/${ws.id}/threads/${t.id}/messages/${m}/feedback`, {
      token: alice.token,
      body: { rating: "meh" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.rating).toBe('rating must be "up" or "down"');
    const del = await app.api(threadsApi.deleteFeedback, { params, token: alice.token });
    expect(del.status).toBe(200);
    expect(del.body.feedback).toBeNull();
    const asBob = (
      await app.api(threadsApi.listMessages, { params: { id: ws.id, tid: t.id }, query: {}, token: bob.token })
    ).body.messages[0];
    expect(asBob.feedback).toEqual({ rating: "up", comment: null });
    expect((await app.api(threadsApi.postFeedback, { params, body: { rating: "up" } })).status).toBe(401);
  });

  it("a message is only reachable under its own thread", async () => {
    const ws = await createWorkspace(app, alice.token);
    const t1 = await newThread(ws.id);
    const t2 = await newThread(ws.id);
    const m = await seedMessage(t1.id, { at: 0 });
    const res = await app.api(threadsApi.postFeedback, {
      params: { id: ws.id, tid: t2.id, mid: m },
      token: alice.token,
      body: { rating: "up" },
    });
    expect(res.status).toBe(404);
    expect(res.error?.message).toBe("Message not found.");
  });
});
