import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as billingApi from "../../contracts/billing.ts";
import { setupAgent, type AgentSetup } from "../helpers/agent.ts";
import { createAdmin } from "../helpers/factories.ts";
import { ledgerRows } from "../helpers/billing.ts";

/**
 * Billing off (no Stripe key, the default): no plan, no credit and no plan-storage checks; the
 * ledger stays empty; the balance and usage routes still answer with the compute metered.
 */
let s: AgentSetup;
beforeAll(async () => {
  // setupAgent uploads and indexes files for a user who has no subscription.
  s = await setupAgent({ LLM_AUTO_TITLE: "false" });
}, 120_000);
afterAll(() => s?.close());

describe("billing off", () => {
  it("a user without a plan or credits uploads and asks; nothing is held or charged", async () => {
    const { app, alice, fake } = s;
    // 1000 input + 100 output at $2/$8 per million = $0.0028.
    fake.script({ text: "Answered.", usage: { prompt_tokens: 1000, completion_tokens: 100 } });
    const tid = await s.newThread();
    const sse = await s.ask(tid, { query: "Anything?" });
    expect(sse.status).toBe(200);
    const events = await sse.done();
    expect(events.at(-1)?.data).toMatchObject({ type: "done", status: "complete" });
    expect(await ledgerRows(app, alice.user.uid)).toEqual([]);

    const balance = await app.api(billingApi.getBalance, { token: alice.token });
    expect(balance.body).toMatchObject({ billing_enabled: false, balance: 0, held: 0 });
    expect(balance.body.compute_used_usd).toBeCloseTo(0.0028, 9);

    const usages = await app.api(billingApi.listUsages, { token: alice.token, query: {} });
    expect(usages.body.items).toHaveLength(1);
    expect(usages.body.items[0]).toMatchObject({ reason: "model_call", credits: 0, thread_id: tid });
    expect(usages.body.items[0]!.cost_usd).toBeCloseTo(0.0028, 9);
  });

  it("storage is STORAGE_QUOTA_BYTES; plan and credits say billing is off", async () => {
    const { app, alice } = s;
    const storage = await app.request("GET", "/users/me/storage", { token: alice.token });
    expect(storage.body.storage_quota).toBe(app.config.STORAGE_QUOTA_BYTES);
    expect(storage.body.used_storage).toBeGreaterThan(0);
    expect((await app.api(billingApi.getSubscriptionPlan, { token: alice.token })).body).toEqual({
      plan: null,
      billing_enabled: false,
    });
    expect((await app.api(billingApi.getCredits, { token: alice.token })).body).toEqual({
      credits: 0,
      quota: 0,
      subscription: null,
      billing_enabled: false,
    });
    expect((await app.api(billingApi.listPayments, { token: alice.token, query: {} })).body).toEqual({
      items: [],
      next_cursor: null,
    });
  });

  it("an admin grant answers 409 billing/not-enabled", async () => {
    const admin = await createAdmin(s.app);
    const res = await s.app.request("POST", `/admin/users/${s.alice.user.uid}/credits`, {
      token: admin.token,
      body: { credits: 5, reason: "r", idempotency_key: "k" },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("billing/not-enabled");
  });
});
