import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as billingApi from "../../contracts/billing.ts";
import { createThread } from "../../contracts/threads.ts";
import { holdForAnswer, settleAbandonedAnswers, settleAnswer } from "../../backend/billing/charges.ts";
import { append, appendIn, balanceOf } from "../../backend/billing/ledger-repo.ts";
import { ANSWER_HOLD_CREDITS, indexingCharge } from "../../backend/billing/rates.ts";
import { recordUsage } from "../../backend/agent/repo.ts";
import { drainQueue } from "../../backend/ingestion/worker-loop.ts";
import { BILLING_ENV, expectLedgerConsistent, grant, ledgerRows, subscribe } from "../helpers/billing.ts";
import { createAdmin, createUser, type CreatedUser } from "../helpers/factories.ts";
import { startFakeOpenAI, type FakeOpenAI } from "../helpers/fake-openai.ts";
import { createWorkspace, uploadFile } from "../helpers/files.ts";
import { openSse } from "../helpers/sse.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

/**
 * The credit ledger with billing on, on both databases: answers hold credits when they start and
 * are charged their metered cost when they end; questions without a plan or credits are refused
 * before anything is written; 20 answers at once never overdraw; replays write nothing.
 * Prices: $2 per million input tokens, $8 per million output tokens; 1 credit = $0.001.
 */
let app: TestApp;
let fake: FakeOpenAI;
let admin: CreatedUser;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  app = await createTestApp({
    ...BILLING_ENV,
    LLM_PROVIDER: "openai-compatible",
    LLM_MODEL: "fake-large",
    LLM_BASE_URL: fake.baseURL,
    LLM_PRICE_INPUT_PER_MTOK: "2",
    LLM_PRICE_OUTPUT_PER_MTOK: "8",
    LLM_AUTO_TITLE: "false",
  });
  admin = await createAdmin(app);
}, 60_000);
afterAll(async () => {
  await app?.close();
  await fake?.close();
});

/** A user with a plan (unless `plan: null`), `credits` credits and a workspace. */
async function member(o: { plan?: string | null; credits?: number } = {}) {
  const u = await createUser(app);
  if (o.plan !== null) await subscribe(app, u.user.uid, { productType: o.plan ?? "pro" });
  if (o.credits) await grant(app, u.user.uid, o.credits);
  const ws = await createWorkspace(app, u.token);
  const newThread = async () => {
    const res = await app.api(createThread, { token: u.token, params: { id: ws.id }, body: {} });
    if (res.status !== 201) throw new Error(`createThread: ${res.status}`);
    return res.body.id;
  };
  const ask = (tid: string, body: Record<string, unknown>) =>
    openSse(app, "POST", `/workspaces/${ws.id}/threads/${tid}/stream_qa`, { token: u.token, body });
  return { ...u, uid: u.user.uid, ws, newThread, ask };
}

const messagesIn = (tid: string) =>
  app.deps.db.kysely.selectFrom("messages").select(["id", "role", "status"]).where("thread_id", "=", tid).execute();

describe("an answer's hold and charge", () => {
  it("holds while it runs, then releases the hold and charges the metered cost in credits (rounded up)", async () => {
    const m = await member({ credits: 1000 });
    // 1000 input + 100 output tokens = $0.002 + $0.0008 = $0.0028 -> 3 credits.
    fake.script({ text: "An answer.", usage: { prompt_tokens: 1000, completion_tokens: 100 }, firstDelayMs: 300 });
    const tid = await m.newThread();
    const sse = await m.ask(tid, { query: "What?" });
    expect(sse.status).toBe(200);
    await sse.waitFor((e) => e.data.type === "message_started");
    // While it streams, the hold is taken and reported.
    const during = await app.api(billingApi.getBalance, { token: m.token });
    expect(during.body).toMatchObject({
      billing_enabled: true,
      balance: 1000 - ANSWER_HOLD_CREDITS,
      held: ANSWER_HOLD_CREDITS,
    });
    await sse.done();
    const rows = await ledgerRows(app, m.uid);
    const answerId = (await messagesIn(tid)).find((x) => x.role === "assistant")!.id;
    expect(rows.map((r) => [r.reason, Number(r.delta), r.idempotency_key])).toEqual([
      ["grant_admin", 1000, expect.any(String)],
      ["hold", -ANSWER_HOLD_CREDITS, `hold:${answerId}`],
      ["release", ANSWER_HOLD_CREDITS, `release:${answerId}`],
      ["answer", -3, `answer:${answerId}`],
    ]);
    expect(rows[3]!.cost_usd).toBeCloseTo(0.0028, 9);
    expect(await expectLedgerConsistent(app, m.uid)).toBe(997);
    const after = await app.api(billingApi.getBalance, { token: m.token });
    expect(after.body).toMatchObject({ balance: 997, held: 0 });
    expect(after.body.compute_used_usd).toBeCloseTo(0.0028, 9);
  });

  it("charges a search-mode answer its fixed credit", async () => {
    const m = await member({ credits: 50 });
    const tid = await m.newThread();
    const sse = await m.ask(tid, { query: "net sales", model: "search" });
    expect(sse.status).toBe(200);
    await sse.done();
    const rows = await ledgerRows(app, m.uid);
    expect(rows.map((r) => [r.reason, Number(r.delta)])).toEqual([
      ["grant_admin", 50],
      ["hold", -1],
      ["release", 1],
      ["answer", -1],
    ]);
    expect(await expectLedgerConsistent(app, m.uid)).toBe(49);
  });

  it("a failed answer releases its hold and is charged nothing it did not meter; a regeneration holds for its own answer", async () => {
    const m = await member({ credits: 100 });
    fake.script({ error: { status: 500, message: "model down" } });
    const tid = await m.newThread();
    const events = await (await m.ask(tid, { query: "Fail?" })).done();
    expect(events.at(-1)?.data).toMatchObject({ type: "done", status: "failed" });
    const failed = (await messagesIn(tid)).find((x) => x.role === "assistant")!;
    const mine = (id: string) =>
      ledgerRows(app, m.uid).then((rows) =>
        rows.filter((r) => r.message_id === id).map((r) => [r.reason, Number(r.delta)]),
      );
    expect(await mine(failed.id)).toEqual([
      ["hold", -ANSWER_HOLD_CREDITS],
      ["release", ANSWER_HOLD_CREDITS],
      ["answer", 0],
    ]);
    fake.script({ text: "Again.", usage: { prompt_tokens: 2000, completion_tokens: 0 } });
    const again = await openSse(app, "POST", `/workspaces/${m.ws.id}/threads/${tid}/messages/${failed.id}/regenerate`, {
      token: m.token,
      body: {},
    });
    expect(again.status).toBe(200);
    const second = (await again.done())[0]!.data as { message_id: string };
    expect(await mine(second.message_id)).toEqual([
      ["hold", -ANSWER_HOLD_CREDITS],
      ["release", ANSWER_HOLD_CREDITS],
      ["answer", -4],
    ]);
    expect(await expectLedgerConsistent(app, m.uid)).toBe(96);
  });

  it("caps a charge larger than the balance at the balance: it never goes below zero", async () => {
    const m = await member({ credits: 25 });
    // 20,000 input tokens = $0.04 = 40 credits, more than the 25 the user has.
    fake.script({ text: "Long.", usage: { prompt_tokens: 20_000, completion_tokens: 0 } });
    const sse = await m.ask(await m.newThread(), { query: "Long?" });
    await sse.done();
    const rows = await ledgerRows(app, m.uid);
    expect(rows.at(-1)).toMatchObject({ reason: "answer", idempotency_key: expect.stringMatching(/^answer:/) });
    expect(Number(rows.at(-1)!.delta)).toBe(-25);
    expect(await expectLedgerConsistent(app, m.uid)).toBe(0);
  });
});

describe("checks before the first byte", () => {
  it("refuses a user without a plan with 402 billing/no-plan, writing nothing", async () => {
    const m = await member({ plan: null });
    const tid = await m.newThread();
    const sse = await m.ask(tid, { query: "Hello?" });
    expect(sse.status).toBe(402);
    expect(sse.error?.error.code).toBe("billing/no-plan");
    expect(sse.error?.error.message).toMatch(/Subscription page/);
    expect(await messagesIn(tid)).toEqual([]);
    expect(await ledgerRows(app, m.uid)).toEqual([]);
  });

  it("a canceled or unpaid subscription is no plan", async () => {
    for (const status of ["canceled", "unpaid", "incomplete"]) {
      const m = await member({ plan: null, credits: 100 });
      await subscribe(app, m.uid, { status });
      const sse = await m.ask(await m.newThread(), { query: "Hello?" });
      expect(sse.status, status).toBe(402);
      expect(sse.error?.error.code).toBe("billing/no-plan");
    }
  });

  it("refuses a question without enough credits with 402 billing/insufficient-credits, writing nothing", async () => {
    const m = await member({ credits: ANSWER_HOLD_CREDITS - 1 });
    const tid = await m.newThread();
    const sse = await m.ask(tid, { query: "Hello?" });
    expect(sse.status).toBe(402);
    expect(sse.error?.error.code).toBe("billing/insufficient-credits");
    expect(sse.error?.error.message).toMatch(
      new RegExp(`needs at least ${ANSWER_HOLD_CREDITS} and you have ${ANSWER_HOLD_CREDITS - 1}`),
    );
    expect(sse.error?.error.message).toMatch(/Subscription page/);
    expect(await messagesIn(tid)).toEqual([]);
    expect((await ledgerRows(app, m.uid)).map((r) => r.reason)).toEqual(["grant_admin"]);
    expect(await expectLedgerConsistent(app, m.uid)).toBe(ANSWER_HOLD_CREDITS - 1);
  });

  it("refuses a regeneration without credits before the new answer is stored", async () => {
    const m = await member({ credits: ANSWER_HOLD_CREDITS + 2 });
    fake.script({ text: "First.", usage: { prompt_tokens: 1000, completion_tokens: 0 } });
    const tid = await m.newThread();
    await (await m.ask(tid, { query: "Q?" })).done();
    // 2 credits charged: 20 left, then take 5 back so a hold no longer fits.
    await append(app.deps.db, {
      userId: m.uid,
      delta: -5,
      reason: "grant_admin",
      description: "take back",
      idempotencyKey: "t",
    });
    const before = await messagesIn(tid);
    const answer = before.find((x) => x.role === "assistant")!;
    const sse = await openSse(app, "POST", `/workspaces/${m.ws.id}/threads/${tid}/messages/${answer.id}/regenerate`, {
      token: m.token,
      body: {},
    });
    expect(sse.status).toBe(402);
    expect(sse.error?.error.code).toBe("billing/insufficient-credits");
    expect(await messagesIn(tid)).toHaveLength(before.length);
    await expectLedgerConsistent(app, m.uid);
  });
});

describe("concurrency", () => {
  it("20 answers at once on credits for 5 holds never overdraw, and the balance is the sum of the rows", async () => {
    const m = await member({ credits: 5 * ANSWER_HOLD_CREDITS });
    // Each answer costs 30 credits ($0.03), more than its hold, so the caps are exercised too.
    fake.route = () => ({ text: "ok", usage: { prompt_tokens: 10_000, completion_tokens: 1250 }, firstDelayMs: 400 });
    try {
      const threads = await Promise.all(Array.from({ length: 20 }, () => m.newThread()));
      const answers = await Promise.all(threads.map((tid) => m.ask(tid, { query: "At once?" })));
      const ok = answers.filter((a) => a.status === 200);
      const refused = answers.filter((a) => a.status !== 200);
      for (const r of refused) {
        expect(r.status).toBe(402);
        expect(r.error?.error.code).toBe("billing/insufficient-credits");
      }
      await Promise.all(ok.map((a) => a.done()));
      // Holds were all outstanding together: at least the 5 that fit ran; refused ones left no message.
      expect(ok.length).toBeGreaterThanOrEqual(5);
      expect(refused.length).toBeGreaterThan(0);
      const counts = await Promise.all(threads.map((t) => messagesIn(t).then((x) => x.length)));
      expect(counts.filter((n) => n === 2)).toHaveLength(ok.length);
      expect(counts.filter((n) => n === 0)).toHaveLength(refused.length);
      const balance = await expectLedgerConsistent(app, m.uid);
      const rows = await ledgerRows(app, m.uid);
      const charged = rows.filter((r) => r.reason === "answer").reduce((n, r) => n - Number(r.delta), 0);
      expect(rows.filter((r) => r.reason === "hold")).toHaveLength(ok.length);
      expect(rows.filter((r) => r.reason === "release")).toHaveLength(ok.length);
      expect(charged).toBeLessThanOrEqual(5 * ANSWER_HOLD_CREDITS);
      expect(balance).toBe(5 * ANSWER_HOLD_CREDITS - charged);
      expect((await app.api(billingApi.getBalance, { token: m.token })).body.held).toBe(0);
    } finally {
      fake.route = null;
    }
  });
});

describe("replays and abandoned answers", () => {
  it("settling twice, appending a key twice and an admin grant replayed each write once", async () => {
    const m = await member({ credits: 100 });
    fake.script({ text: "Once.", usage: { prompt_tokens: 1000, completion_tokens: 0 } });
    const tid = await m.newThread();
    await (await m.ask(tid, { query: "Once?" })).done();
    const answerId = (await messagesIn(tid)).find((x) => x.role === "assistant")!.id;
    const before = await ledgerRows(app, m.uid);
    await settleAnswer(app.deps, { userId: m.uid, messageId: answerId, model: "fake-large" });
    await settleAnswer(app.deps, { userId: m.uid, messageId: answerId, model: "fake-large" });
    expect(await ledgerRows(app, m.uid)).toEqual(before);

    const entry = {
      userId: m.uid,
      delta: 7,
      reason: "grant_period" as const,
      description: "period",
      idempotencyKey: "period:1",
    };
    expect((await append(app.deps.db, entry)).applied).toBe(true);
    expect(await append(app.deps.db, entry)).toMatchObject({ applied: false, delta: 0 });

    const body = { credits: 50, reason: "goodwill", idempotency_key: "gw-1" };
    const first = await app.api(billingApi.adminGrantCredits, { token: admin.token, params: { id: m.uid }, body });
    const again = await app.api(billingApi.adminGrantCredits, { token: admin.token, params: { id: m.uid }, body });
    expect(first.status).toBe(200);
    expect(again.body.balance).toBe(first.body.balance);
    expect((await ledgerRows(app, m.uid)).filter((r) => r.reason === "grant_admin")).toHaveLength(2);
    expect(await expectLedgerConsistent(app, m.uid)).toBe(first.body.balance);
  });

  it("appendIn refuses a fractional or NaN delta and a call outside a transaction, writing nothing", async () => {
    const m = await member({ credits: 10 });
    const entry = { userId: m.uid, reason: "grant_admin" as const, description: "x", idempotencyKey: "frac" };
    await expect(append(app.deps.db, { ...entry, delta: 1.5 })).rejects.toThrow(/whole number/);
    await expect(append(app.deps.db, { ...entry, delta: NaN })).rejects.toThrow(/whole number/);
    await expect(appendIn(app.deps.db.kysely, { ...entry, delta: 1 })).rejects.toThrow(/transaction/);
    expect(await ledgerRows(app, m.uid)).toHaveLength(1);
    expect(await expectLedgerConsistent(app, m.uid)).toBe(10);
  });

  it("the sweep settles a hold whose answer's process died, and leaves a streaming one alone", async () => {
    const m = await member({ credits: 100 });
    // A hang keeps this answer streaming while the sweep runs.
    fake.script({ text: "Slow", hang: true });
    const tid = await m.newThread();
    const live = await m.ask(tid, { query: "Slow?" });
    await live.waitFor((e) => e.data.type === "message_started");
    // An answer whose process died: its hold and one metered call, and no row left streaming.
    const dead = crypto.randomUUID();
    await app.deps.db.kysely.transaction().execute(async (tx) => {
      await holdForAnswer(tx, {
        userId: m.uid,
        messageId: dead,
        threadId: tid,
        workspaceId: m.ws.id,
        model: "fake-large",
      });
    });
    await recordUsage(app.deps, {
      userId: m.uid,
      workspaceId: m.ws.id,
      threadId: tid,
      messageId: dead,
      model: "fake-large",
      inputTokens: 3000,
      outputTokens: 0,
      costUsd: 0.006,
    });
    expect(await settleAbandonedAnswers(app.deps)).toBe(1);
    const rows = await ledgerRows(app, m.uid);
    expect(rows.filter((r) => r.message_id === dead).map((r) => [r.reason, Number(r.delta)])).toEqual([
      ["hold", -ANSWER_HOLD_CREDITS],
      ["release", ANSWER_HOLD_CREDITS],
      ["answer", -6],
    ]);
    // The live answer still holds its credits.
    expect((await app.api(billingApi.getBalance, { token: m.token })).body.held).toBe(ANSWER_HOLD_CREDITS);
    const answerId = (await messagesIn(tid)).find((x) => x.role === "assistant")!.id;
    await app.request("POST", `/workspaces/${m.ws.id}/threads/${tid}/cancel_stream_qa?message_id=${answerId}`, {
      token: m.token,
    });
    await live.done();
    expect(await settleAbandonedAnswers(app.deps)).toBe(0);
    expect((await app.api(billingApi.getBalance, { token: m.token })).body.held).toBe(0);
    expect(await expectLedgerConsistent(app, m.uid)).toBe(100 - 6);
  });
});

describe("indexing", () => {
  it("charges pages x rate once per file version when it finishes indexing", async () => {
    const m = await member({ credits: 100 });
    const f = await uploadFile(app, m.token, m.ws.id, { filename: "a.md", bytes: Buffer.from("# A\n\nSome text.\n") });
    await drainQueue(app.deps);
    const rows = (await ledgerRows(app, m.uid)).filter((r) => r.reason === "indexing");
    expect(rows).toHaveLength(1);
    expect(rows[0]!.idempotency_key).toBe(`indexing:${f.version_id}`);
    const doc = await app.deps.db.kysely
      .selectFrom("documents")
      .select("page_count")
      .where("version_id", "=", f.version_id!)
      .executeTakeFirstOrThrow();
    expect(Number(rows[0]!.delta)).toBe(-indexingCharge(doc.page_count).credits);
    expect(Number(rows[0]!.delta)).toBeLessThan(0);
    await expectLedgerConsistent(app, m.uid);
  });
});

describe("storage per plan", () => {
  it("no plan: no storage, an upload is refused with 413 billing/storage-exceeded before anything is stored", async () => {
    const m = await member({ plan: null });
    const res = await app.request("POST", `/workspaces/${m.ws.id}/files/generate_upload_url`, {
      token: m.token,
      body: { byte_size: 10 },
    });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe("billing/storage-exceeded");
    expect(res.body.error.message).toMatch(/Subscription page/);
    const files = await app.deps.db.kysely.selectFrom("files").select("id").where("owner_id", "=", m.uid).execute();
    expect(files).toEqual([]);
    const storage = await app.request("GET", "/users/me/storage", { token: m.token });
    expect(storage.body).toEqual({ used_storage: 0, storage_quota: 0 });
  });

  it("reports the plan's quota in bytes (GB = 1024^3) with its credits and plan name", async () => {
    const m = await member({ plan: "basic", credits: 10 });
    const storage = await app.request("GET", "/users/me/storage", { token: m.token });
    expect(storage.body.storage_quota).toBe(1024 ** 3);
    expect((await app.api(billingApi.getCredits, { token: m.token })).body).toEqual({
      credits: 10,
      quota: 500,
      subscription: "Basic",
      billing_enabled: true,
    });
    expect((await app.api(billingApi.getSubscriptionPlan, { token: m.token })).body).toEqual({
      plan: "free",
      billing_enabled: true,
    });
    const pro = await member();
    expect((await app.api(billingApi.getSubscriptionPlan, { token: pro.token })).body.plan).toBe("pro");
    const none = await member({ plan: null });
    expect((await app.api(billingApi.getSubscriptionPlan, { token: none.token })).body.plan).toBeNull();
    expect((await app.api(billingApi.getCredits, { token: none.token })).body).toMatchObject({
      quota: 0,
      subscription: null,
    });
  });
});

describe("history", () => {
  it("lists the ledger newest first with an `after` cursor, and payments newest first", async () => {
    const m = await member();
    for (let i = 1; i <= 5; i++) await grant(app, m.uid, i);
    const first = await app.api(billingApi.listUsages, { token: m.token, query: { limit: 3 } });
    expect(first.status).toBe(200);
    expect(first.body.items.map((x) => x.credits)).toEqual([5, 4, 3]);
    expect(first.body.items[0]).toMatchObject({ reason: "grant_admin", balance_after: 15 });
    const second = await app.api(billingApi.listUsages, {
      token: m.token,
      query: { limit: 3, after: first.body.next_cursor! },
    });
    expect(second.body.items.map((x) => x.credits)).toEqual([2, 1]);
    expect(second.body.next_cursor).toBeNull();
    const bad = await app.request("GET", "/users/me/usages?after=nope", { token: m.token });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("validation_failed");

    for (const [id, at] of [
      ["in_1", "2026-01-01T00:00:00.000Z"],
      ["in_2", "2026-02-01T00:00:00.000Z"],
      ["in_3", "2026-03-01T00:00:00.000Z"],
    ] as const)
      await app.deps.db.kysely
        .insertInto("payments")
        .values({
          id: `${id}_${m.uid}`,
          user_id: m.uid,
          subscription_id: null,
          amount: 4900,
          currency: "usd",
          status: "paid",
          description: "Pro",
          period_start: 1,
          period_end: 2,
          created_at: at,
        })
        .execute();
    const p1 = await app.api(billingApi.listPayments, { token: m.token, query: { limit: 2 } });
    expect(p1.body.items.map((x) => x.id)).toEqual([`in_3_${m.uid}`, `in_2_${m.uid}`]);
    expect(p1.body.items[0]).toMatchObject({ amount: 4900, currency: "usd", period_start: 1, period_end: 2 });
    const p2 = await app.api(billingApi.listPayments, {
      token: m.token,
      query: { limit: 2, after: p1.body.next_cursor! },
    });
    expect(p2.body.items.map((x) => x.id)).toEqual([`in_1_${m.uid}`]);
    // Another user sees none of them.
    const other = await member();
    expect((await app.api(billingApi.listPayments, { token: other.token, query: {} })).body.items).toEqual([]);
  });
});

describe("admin grant", () => {
  it("admins only; unknown users 404; a negative grant takes back at most the balance", async () => {
    const m = await member({ credits: 10 });
    const body = { credits: 5, reason: "r", idempotency_key: "k1" };
    const asUser = await app.request("POST", `/admin/users/${m.uid}/credits`, { token: m.token, body });
    expect(asUser.status).toBe(403);
    const anon = await app.request("POST", `/admin/users/${m.uid}/credits`, { body });
    expect(anon.status).toBe(401);
    const unknown = await app.request("POST", `/admin/users/nobody/credits`, { token: admin.token, body });
    expect(unknown.status).toBe(404);
    const back = await app.api(billingApi.adminGrantCredits, {
      token: admin.token,
      params: { id: m.uid },
      body: { credits: -50, reason: "clawback", idempotency_key: "k2" },
    });
    expect(back.body.balance).toBe(0);
    expect(await balanceOf(app.deps.db.kysely, m.uid)).toBe(0);
    await expectLedgerConsistent(app, m.uid);
  });
});
