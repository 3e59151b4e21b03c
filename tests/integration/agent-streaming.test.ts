import crypto from "node:crypto";
import { performance } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually, setupAgent, type AgentSetup } from "../helpers/agent.ts";
import { openSse, textOf, type ReceivedEvent } from "../helpers/sse.ts";
import { createPeerApp, type PeerApp } from "../helpers/test-app.ts";
import { ABANDONED_MS } from "../../backend/agent/follow.ts";
import { sweepAbandonedAnswers } from "../../backend/agent/repo.ts";
import * as agentApi from "../../contracts/agent.ts";
import * as threadsApi from "../../contracts/threads.ts";

/**
 * Answers outlive their connections: (c) cancel aborts the model call, here and from another
 * process; (d) a client that leaves does not stop the answer; (e) a second subscriber gets what was
 * written, then the rest live, here and from another process; (f) replays keep the timing, scaled.
 */
let s: AgentSetup;
let peer: PeerApp;
beforeAll(async () => {
  s = await setupAgent();
  peer = await createPeerApp(s.app, {
    LLM_PROVIDER: "openai-compatible",
    LLM_MODEL: "fake-large",
    LLM_BASE_URL: s.fake.baseURL,
  });
}, 120_000);
afterAll(async () => {
  await peer?.close();
  await s?.close();
});

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i} `);
const messageRow = (id: string) =>
  s.app.deps.db.kysely.selectFrom("messages").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const idOf = (events: ReceivedEvent[]) => {
  const first = events[0]!.data;
  if (first.type !== "message_started") throw new Error(`the stream began with ${first.type}`);
  return first.message_id;
};

describe("cancel", () => {
  it.each([
    ["in the process writing the answer", () => s.app],
    ["from another process (the flag on the row)", () => peer],
  ])("%s: the model call is aborted within a second and the answer is stored cancelled", async (_name, via) => {
    s.fake.script({ text: words(200), delayMs: 50 });
    const tid = await s.newThread();
    const before = s.fake.requests.length;
    const sse = await s.ask(tid, { query: "Write a lot" });
    await sse.waitFor((e) => e.data.type === "text_delta");
    const id = idOf(sse.events);
    const t0 = performance.now();
    const res = await via().request("POST", `/workspaces/${s.ws.id}/threads/${tid}/cancel_stream_qa?message_id=${id}`, {
      token: s.alice.token,
    });
    expect(res.status).toBe(200);
    const closed = await s.fake.waitForEarlyClose(before, 3_000);
    const took = closed.closedEarlyAt! - t0;
    expect(took, "ms from the cancel request to the model connection closing").toBeLessThan(1_000);
    expect(res.body).toEqual({ message_id: id, status: "cancelled" });
    const events = await sse.done();
    expect(events.at(-1)!.data).toEqual({ type: "done", message_id: id, status: "cancelled" });
    const row = await messageRow(id);
    expect(row.status).toBe("cancelled");
    expect(row.content).toBe(textOf(events));
    expect(row.content.length).toBeGreaterThan(0);
    expect(row.content.length).toBeLessThan(words(200).join("").length);
  });

  it.each([
    ["in the process writing the answer", () => s.app],
    ["from another process (the flag on the row)", () => peer],
  ])("%s: nothing is written after the cancel, not even a marker held back when it came", async (_name, via) => {
    // "[1" may still become a citation marker, so it is held back; the model then goes quiet.
    s.fake.script({ text: ["Net sales rose ", "to $4.6 billion ", "[1"], delayMs: 20, hang: true });
    const tid = await s.newThread();
    const sse = await s.ask(tid, { query: "Sales?" });
    await sse.waitFor(() => textOf(sse.events).includes("billion"));
    const id = idOf(sse.events);
    const res = await via().request("POST", `/workspaces/${s.ws.id}/threads/${tid}/cancel_stream_qa?message_id=${id}`, {
      token: s.alice.token,
    });
    expect(res.body).toEqual({ message_id: id, status: "cancelled" });
    const events = await sse.done();
    expect(events.at(-1)!.data).toEqual({ type: "done", message_id: id, status: "cancelled" });
    expect(textOf(events)).toBe("Net sales rose to $4.6 billion ");
    const row = await messageRow(id);
    expect(row.status).toBe("cancelled");
    expect(row.content).toBe("Net sales rose to $4.6 billion ");
  });

  it("an answer that already ended keeps its status", async () => {
    s.fake.script({ text: "Done." });
    const tid = await s.newThread();
    const id = idOf(await (await s.ask(tid, { query: "Quick" })).done());
    const res = await s.app.api(agentApi.cancelStreamQa, {
      params: { id: s.ws.id, tid },
      query: { message_id: id },
      token: s.alice.token,
    });
    expect(res.body).toEqual({ message_id: id, status: "complete" });
  });
});

describe("a client that leaves", () => {
  it("does not stop the answer: it completes and is stored", async () => {
    const text = words(20);
    s.fake.script({ text, delayMs: 40 });
    const tid = await s.newThread();
    const before = s.fake.requests.length;
    const sse = await s.ask(tid, { query: "Keep going" });
    await sse.waitFor((e) => e.data.type === "text_delta");
    const id = idOf(sse.events);
    sse.close();
    const row = await eventually(async () => {
      const r = await messageRow(id);
      return r.status !== "streaming" && r;
    });
    expect(row.status).toBe("complete");
    expect(row.content).toBe(text.join(""));
    expect(s.fake.requests[before]!.closedEarlyAt).toBeNull();
    expect(s.fake.requests[before]!.finished).toBe(true);
  });
});

describe("a second subscriber", () => {
  it.each([
    ["in the same process (from memory)", () => s.app],
    ["in another process (from the database, polled)", () => peer],
  ])("%s gets what was written so far, then the rest live, in order", async (_name, via) => {
    const text = words(40);
    s.fake.script({ text, delayMs: 80 });
    const tid = await s.newThread();
    const first = await s.ask(tid, { query: "Stream slowly" });
    await first.waitFor((e) => e.data.type === "text_delta" && e.data.text === "w5 ");
    const id = idOf(first.events);
    // What had been written when the second subscriber arrived (stored: the other process reads it).
    await eventually(
      async () =>
        (await s.app.deps.db.kysely
          .selectFrom("message_events")
          .select("seq")
          .where("message_id", "=", id)
          .executeTakeFirst()) ?? null,
    );
    const backlog = first.events.length;
    const joinedAt = performance.now();
    const second = await openSse(via(), "GET", `/workspaces/${s.ws.id}/threads/${tid}/messages/${id}/stream`, {
      token: s.alice.token,
    });
    expect(second.status).toBe(200);
    const [a, b] = await Promise.all([first.done(), second.done()]);
    expect(textOf(b)).toBe(text.join(""));
    expect(b.map((e) => e.data)).toEqual(a.map((e) => e.data));
    expect(b.map((e) => e.id)).toEqual(a.map((e) => e.id));
    // The backlog came at once (within a poll or two), the rest as it was written.
    expect(b[backlog - 1]!.at - joinedAt).toBeLessThan(1_000);
    expect(b.at(-1)!.at - joinedAt).toBeGreaterThan(1_500);
  });

  it("resumes after the Last-Event-ID it saw", async () => {
    s.fake.script({ text: "a b c d" });
    const tid = await s.newThread();
    const all = await (await s.ask(tid, { query: "Letters" })).done();
    const id = idOf(all);
    const tail = await (
      await openSse(s.app, "GET", `/workspaces/${s.ws.id}/threads/${tid}/messages/${id}/stream`, {
        token: s.alice.token,
        headers: { "last-event-id": "2" },
      })
    ).done();
    expect(tail.map((e) => e.id)).toEqual(all.slice(3).map((e) => e.id));
    const viaQuery = await (
      await openSse(
        s.app,
        "GET",
        `/workspaces/${s.ws.id}/threads/${tid}/messages/${id}/stream?after=${all.length - 2}`,
        { token: s.alice.token },
      )
    ).done();
    expect(viaQuery.map((e) => e.data.type)).toEqual(["done"]);
  });
});

describe("a thread deleted while it is answered", () => {
  it("stops its answer's model call; another answer written meanwhile is stored as usual", async () => {
    const doomed = await s.newThread();
    const other = await s.newThread();
    const before = s.fake.requests.length;
    s.fake.script({ text: words(200), delayMs: 30 }, { text: words(20), delayMs: 30 });
    const a = await s.ask(doomed, { query: "Doomed" });
    await a.waitFor((e) => e.data.type === "text_delta");
    const b = await s.ask(other, { query: "Survivor" });
    await b.waitFor((e) => e.data.type === "text_delta");
    expect(
      (await s.app.api(threadsApi.deleteThread, { params: { id: s.ws.id, tid: doomed }, token: s.alice.token })).status,
    ).toBe(200);
    await s.fake.waitForEarlyClose(before, 3_000);
    const events = await b.done();
    expect(events.at(-1)!.data).toMatchObject({ type: "done", status: "complete" });
    expect((await messageRow(idOf(events))).content).toBe(words(20).join(""));
    await a.done();
  });
});

describe("an answer whose writer died", () => {
  it("is closed by its follower as failed once its row has not moved for 30 s", async () => {
    const tid = await s.newThread();
    const [qid, id] = [crypto.randomUUID(), crypto.randomUUID()];
    const old = new Date(Date.now() - 60_000).toISOString();
    const db = s.app.deps.db.kysely;
    const base = { thread_id: tid, is_active: 1, created_by: s.alice.user.uid, created_at: old, updated_at: old };
    await db
      .insertInto("messages")
      .values([
        { ...base, id: qid, parent_id: null, role: "user", content: "Q", status: "complete" },
        { ...base, id, parent_id: qid, role: "assistant", content: "Half", status: "streaming" },
      ])
      .execute();
    const events = [
      { t: 0, e: { type: "message_started", message_id: id, user_message_id: qid, thread_id: tid } },
      { t: 5, e: { type: "text_delta", text: "Half" } },
    ];
    await db
      .insertInto("message_events")
      .values({ message_id: id, seq: 0, first_index: 0, events: JSON.stringify(events), created_at: old })
      .execute();
    const got = await (
      await openSse(s.app, "GET", `/workspaces/${s.ws.id}/threads/${tid}/messages/${id}/stream`, {
        token: s.alice.token,
      })
    ).done();
    expect(got.map((e) => e.data)).toEqual([
      ...events.map((e) => e.e),
      { type: "error", code: "agent/abandoned", message: expect.any(String) },
      { type: "done", message_id: id, status: "failed" },
    ]);
    expect((await messageRow(id)).status).toBe("failed");
  });
});

describe("the sweep of abandoned answers (at start-up and every 10 minutes)", () => {
  it("closes answers left streaming by a dead process as failed, leaves live and finished ones alone", async () => {
    const tid = await s.newThread();
    const db = s.app.deps.db.kysely;
    const at = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();
    const row = (id: string, status: "streaming" | "complete", updated: string) => ({
      id,
      thread_id: tid,
      parent_id: null,
      role: "assistant" as const,
      content: "Half",
      status,
      is_active: 1,
      created_by: s.alice.user.uid,
      created_at: updated,
      updated_at: updated,
    });
    const [dead, alive, done] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    await db
      .insertInto("messages")
      .values([
        row(dead, "streaming", at(45_000)),
        row(alive, "streaming", at(2_000)),
        row(done, "complete", at(3_600_000)),
      ])
      .execute();

    const started = { t: 0, e: { type: "message_started", message_id: dead, user_message_id: "", thread_id: tid } };
    await db
      .insertInto("message_events")
      .values({
        message_id: dead,
        seq: 0,
        first_index: 0,
        events: JSON.stringify([started, { t: 5, e: { type: "text_delta", text: "Half" } }]),
        created_at: at(45_000),
      })
      .execute();

    expect(await sweepAbandonedAnswers(s.app.deps, ABANDONED_MS)).toBe(1);
    expect((await messageRow(dead)).status).toBe("failed");
    expect((await messageRow(alive)).status).toBe("streaming");
    expect((await messageRow(done)).status).toBe("complete");
    // A follower of the closed answer hears why it ended.
    const got = await (
      await openSse(s.app, "GET", `/workspaces/${s.ws.id}/threads/${tid}/messages/${dead}/stream`, {
        token: s.alice.token,
      })
    ).done();
    expect(got.slice(-2).map((e) => e.data)).toEqual([
      { type: "error", code: "agent/abandoned", message: "The answer stopped: the process writing it is gone." },
      { type: "done", message_id: dead, status: "failed" },
    ]);
    await db.updateTable("messages").set({ status: "complete" }).where("id", "=", alive).execute();
  });
});

describe("replay", () => {
  it("replays the stored events with their original spacing divided by speed_factor", async () => {
    s.fake.script({ text: words(8), delayMs: 120 });
    const tid = await s.newThread();
    const original = await (await s.ask(tid, { query: "Slow one" })).done();
    const id = idOf(original);
    const stored = await s.app.deps.db.kysely
      .selectFrom("message_events")
      .select("events")
      .where("message_id", "=", id)
      .orderBy("seq")
      .execute();
    const times = stored.flatMap((r) => (JSON.parse(r.events) as { t: number }[]).map((e) => e.t));
    const span = times.at(-1)! - times[0]!;
    expect(span).toBeGreaterThan(800);

    const replay = async (factor: number) => {
      const sse = await openSse(
        s.app,
        "GET",
        `/workspaces/${s.ws.id}/threads/${tid}/messages/${id}/replay?speed_factor=${factor}`,
        { token: s.alice.token },
      );
      const ev = await sse.done();
      return { ev, took: ev.at(-1)!.at - ev[0]!.at };
    };
    const fast = await replay(4);
    expect(fast.ev.map((e) => e.data)).toEqual(original.map((e) => e.data));
    expect(fast.took).toBeGreaterThan(span / 4 - 60);
    expect(fast.took).toBeLessThan(span / 4 + 400);
    const real = await replay(1);
    expect(real.took).toBeGreaterThan(span - 60);
    expect(real.took).toBeGreaterThan(fast.took * 2.5);
  });

  it("refuses an answer still being written (409), and a bad speed_factor (400)", async () => {
    s.fake.script({ text: words(40), delayMs: 40 });
    const tid = await s.newThread();
    const sse = await s.ask(tid, { query: "Busy" });
    await sse.waitFor((e) => e.data.type === "text_delta");
    const id = idOf(sse.events);
    const busy = await s.app.request("GET", `/workspaces/${s.ws.id}/threads/${tid}/messages/${id}/replay`, {
      token: s.alice.token,
    });
    expect(busy.status).toBe(409);
    expect(busy.body.error.code).toBe("agent/still-streaming");
    const bad = await s.app.request(
      "GET",
      `/workspaces/${s.ws.id}/threads/${tid}/messages/${id}/replay?speed_factor=0`,
      { token: s.alice.token },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.speed_factor).toBeDefined();
    await sse.done();
  });
});
