import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupAgent, type AgentSetup } from "../helpers/agent.ts";
import { createUser, type CreatedUser } from "../helpers/factories.ts";
import { createWorkspace, uploadFile } from "../helpers/files.ts";
import { openSse } from "../helpers/sse.ts";
import * as agentApi from "../../contracts/agent.ts";
import * as threadsApi from "../../contracts/threads.ts";

/**
 * (i) Checks that can fail run before the first byte and answer real HTTP errors with stable codes,
 * storing nothing and calling no model. (h) Nobody else may ask, cancel, regenerate, follow or
 * replay in a private workspace (404); in a public one they may follow and replay, not write (403).
 */
let s: AgentSetup;
let bob: CreatedUser;
beforeAll(async () => {
  s = await setupAgent();
  bob = await createUser(s.app);
}, 120_000);
afterAll(() => s?.close());

const count = async () =>
  Number(
    (
      await s.app.deps.db.kysely
        .selectFrom("messages")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("preflight errors are HTTP errors", () => {
  it.each([
    ["an unknown model", { query: "Hi", model: "gpt-9" }, 400, "agent/unknown-model", "model"],
    ["an empty query", { query: "   " }, 400, "validation_failed", "query"],
    ["a query over 10,000 characters", { query: "x".repeat(10_001) }, 400, "validation_failed", "query"],
    ["a query that is not text", { query: 42 }, 400, "validation_failed", "query"],
    ["file ids not in the workspace", { query: "Hi", file_ids: ["nope"] }, 400, "validation_failed", "file_ids"],
  ])("%s", async (_name, body, status, code, field) => {
    const before = await count();
    const requests = s.fake.requests.length;
    const sse = await s.ask(await s.newThread(), body);
    expect(sse.status).toBe(status);
    expect(sse.headers.get("content-type")).toContain("application/json");
    expect(sse.error!.error.code).toBe(code);
    expect(Object.keys(sse.error!.error.fields ?? {})).toContain(field);
    expect(await count()).toBe(before);
    expect(s.fake.requests.length).toBe(requests);
  });

  it("no body or broken JSON: 400; an unknown thread, or one of another workspace: 404", async () => {
    const tid = await s.newThread();
    const path = `/workspaces/${s.ws.id}/threads/${tid}/stream_qa`;
    for (const rawBody of [undefined, "{bad"]) {
      const res = await s.app.request("POST", path, { token: s.alice.token, rawBody });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("validation_failed");
    }
    const other = await createWorkspace(s.app, s.alice.token, { name: "Other" });
    const sse = await openSse(s.app, "POST", `/workspaces/${other.id}/threads/${tid}/stream_qa`, {
      token: s.alice.token,
      body: { query: "Hi" },
    });
    expect([sse.status, sse.error!.error.code]).toEqual([404, "not_found"]);
    const missing = await openSse(s.app, "POST", `/workspaces/${s.ws.id}/threads/nope/stream_qa`, {
      token: s.alice.token,
      body: { query: "Hi" },
    });
    expect([missing.status, missing.error!.error.code]).toEqual([404, "not_found"]);
  });

  it("a file of another workspace cannot be put in scope", async () => {
    const other = await createWorkspace(s.app, s.alice.token, { name: "Elsewhere" });
    const f = await uploadFile(s.app, s.alice.token, other.id, { filename: "x.txt" });
    const sse = await s.ask(await s.newThread(), { query: "Hi", file_ids: [f.id] });
    expect(sse.status).toBe(400);
    expect(sse.error!.error.fields!.file_ids).toContain(f.id);
  });

  it("cancel: an unknown answer, or a question, is 404", async () => {
    s.fake.script({ text: "ok" });
    const tid = await s.newThread();
    const events = await (await s.ask(tid, { query: "Hi" })).done();
    const started = events[0]!.data as { user_message_id: string };
    for (const id of ["nope", started.user_message_id]) {
      const res = await s.app.api(agentApi.cancelStreamQa, {
        params: { id: s.ws.id, tid },
        query: { message_id: id },
        token: s.alice.token,
      });
      expect([res.status, res.error?.code]).toEqual([404, "not_found"]);
    }
    const noId = await s.app.request("POST", `/workspaces/${s.ws.id}/threads/${tid}/cancel_stream_qa`, {
      token: s.alice.token,
    });
    expect(noId.status).toBe(400);
  });
});

describe("another user", () => {
  it.each([
    ["private", [404, 404, 404, 404, 404]],
    ["public", [403, 403, 403, 200, 200]],
  ] as const)("%s workspace: ask, cancel, regenerate, follow, replay -> %j", async (vis, expected) => {
    const ws = await createWorkspace(s.app, s.alice.token, { is_public: vis === "public" });
    const tid = (await s.app.api(threadsApi.createThread, { params: { id: ws.id }, token: s.alice.token, body: {} }))
      .body.id;
    s.fake.script({ text: Array.from({ length: 30 }, (_, i) => `w${i} `), delayMs: 40 });
    const mine = await openSse(s.app, "POST", `/workspaces/${ws.id}/threads/${tid}/stream_qa`, {
      token: s.alice.token,
      body: { query: "Mine" },
    });
    await mine.waitFor((e) => e.data.type === "text_delta");
    const mid = (mine.events[0]!.data as { message_id: string }).message_id;
    const base = `/workspaces/${ws.id}/threads/${tid}`;

    const got: number[] = [];
    got.push(
      (await openSse(s.app, "POST", `${base}/stream_qa`, { token: bob.token, body: { query: "Mine now" } })).status,
    );
    got.push(
      (
        await s.app.api(agentApi.cancelStreamQa, {
          params: { id: ws.id, tid },
          query: { message_id: mid },
          token: bob.token,
        })
      ).status,
    );
    got.push((await openSse(s.app, "POST", `${base}/messages/${mid}/regenerate`, { token: bob.token })).status);
    const follow = await openSse(s.app, "GET", `${base}/messages/${mid}/stream`, { token: bob.token });
    got.push(follow.status);
    const done = await mine.done();
    got.push(
      (await openSse(s.app, "GET", `${base}/messages/${mid}/replay?speed_factor=100`, { token: bob.token })).status,
    );
    expect(got).toEqual(expected);
    // Bob's cancel did nothing: the answer ran to the end.
    expect(done.at(-1)!.data).toMatchObject({ type: "done", status: "complete" });
    if (vis === "public") expect((await follow.done()).map((e) => e.data)).toEqual(done.map((e) => e.data));

    // Anonymous callers: writing needs a session (401); reading a private answer is 404.
    expect((await openSse(s.app, "POST", `${base}/stream_qa`, { body: { query: "Hi" } })).status).toBe(401);
    expect(
      (await s.app.api(agentApi.cancelStreamQa, { params: { id: ws.id, tid }, query: { message_id: mid } })).status,
    ).toBe(401);
    expect((await openSse(s.app, "GET", `${base}/messages/${mid}/stream`)).status).toBe(vis === "public" ? 200 : 404);
  });
});
