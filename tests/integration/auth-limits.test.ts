import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  RESET_REQUESTS,
  SIGN_IN_ADDRESS_FAILURES,
  SIGN_IN_FAILURES,
  SIGN_UP_REFUSALS,
} from "../../backend/auth/throttles.ts";
import { TOO_MANY_ATTEMPTS } from "../../backend/auth/attempt-limiter.ts";
import { createUser, uniqueEmail } from "../helpers/factories.ts";
import { createPeerApp, createTestApp, type TestApp } from "../helpers/test-app.ts";
import * as authApi from "../../contracts/auth.ts";

// Each sign-in checks a password with scrypt, which a busy machine makes slow: dozens of them
// need more than the default timeout.
const SLOW = { timeout: 120_000 };

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

describe("password guessing", SLOW, () => {
  it(`pauses an account after ${SIGN_IN_FAILURES.max} wrong passwords, even for the right one`, async () => {
    const { email, password } = await createUser(app);
    for (let i = 0; i < SIGN_IN_FAILURES.max; i++) {
      const res = await app.api(authApi.signIn, { body: { email, password: `wrong-${i}` } });
      expect(res.error?.code).toBe("auth/invalid-credential");
    }
    const blocked = await app.api(authApi.signIn, { body: { email: email.toUpperCase(), password } });
    expect(blocked.status).toBe(429);
    expect(blocked.error).toEqual({ code: "auth/too-many-requests", message: TOO_MANY_ATTEMPTS });
  });

  it("a successful sign-in clears earlier failures", async () => {
    const { email, password } = await createUser(app);
    for (let i = 0; i < SIGN_IN_FAILURES.max - 1; i++)
      await app.api(authApi.signIn, { body: { email, password: "nope-nope" } });
    expect((await app.api(authApi.signIn, { body: { email, password } })).status).toBe(200);
    for (let i = 0; i < SIGN_IN_FAILURES.max - 1; i++)
      await app.api(authApi.signIn, { body: { email, password: "nope-nope" } });
    expect((await app.api(authApi.signIn, { body: { email, password } })).status).toBe(200);
  });
});

describe("password-reset emails", SLOW, () => {
  it(`answer the same way for unknown addresses until ${RESET_REQUESTS.max} requests, then pause both alike`, async () => {
    const { email } = await createUser(app);
    const unknown = uniqueEmail("nobody");
    for (const address of [email, unknown]) {
      for (let i = 0; i < RESET_REQUESTS.max; i++) {
        expect((await app.api(authApi.requestPasswordReset, { body: { email: address } })).body).toEqual({ ok: true });
      }
      const res = await app.api(authApi.requestPasswordReset, { body: { email: address } });
      expect(res.status).toBe(429);
      expect(res.error?.code).toBe("auth/too-many-requests");
    }
  });
});

describe("the lockout holds whatever the client claims and wherever it asks", SLOW, () => {
  it("60 wrong passwords under rotating X-Forwarded-For still lock the account, and no identity route signs in", async () => {
    const { email, password } = await createUser(app);
    const codes: string[] = [];
    for (let i = 0; i < 60; i++) {
      const res = await app.api(authApi.signIn, {
        body: { email, password: `wrong-${i}` },
        forwardedFor: `10.${i}.0.1`,
      });
      codes.push(res.error!.code);
    }
    expect(codes.slice(0, SIGN_IN_FAILURES.max).every((c) => c === "auth/invalid-credential")).toBe(true);
    expect(codes.slice(SIGN_IN_FAILURES.max).every((c) => c === "auth/too-many-requests")).toBe(true);
    const right = await app.api(authApi.signIn, { body: { email, password }, forwardedFor: "10.99.0.1" });
    expect(right.status).toBe(429);
    const aside = await app.request("POST", "/identity/sign-in/email", {
      body: { email, password },
      headers: { "x-forwarded-for": "10.98.0.1" },
    });
    expect(aside.status).toBe(404);
    expect(aside.body.token).toBeUndefined();
    // Without TRUST_PROXY the header was never believed: every failure counted against the socket's peer.
    const keys = await app.deps.db.kysely
      .selectFrom("auth_attempts")
      .select("key")
      .distinct()
      .where("kind", "=", "sign-in:address")
      .execute();
    expect(keys.map((k) => k.key)).toEqual(["127.0.0.1"]);
  });

  it("two API processes on one database share the counter", async () => {
    const peer = await createPeerApp(app);
    try {
      const { email, password } = await createUser(app);
      const half = SIGN_IN_FAILURES.max / 2;
      for (let i = 0; i < half; i++) await app.api(authApi.signIn, { body: { email, password: "nope-nope" } });
      for (let i = 0; i < half; i++)
        await peer.request("POST", "/auth/sign-in", { body: { email, password: "nope-nope" } });
      expect((await app.api(authApi.signIn, { body: { email, password } })).status).toBe(429);
      expect((await peer.request("POST", "/auth/sign-in", { body: { email, password } })).status).toBe(429);
    } finally {
      await peer.close();
    }
  });
});

describe("per client address, behind a trusted proxy", SLOW, () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ TRUST_PROXY: "loopback" });
  });
  afterAll(() => proxied?.close());

  /** Counts `n` earlier attempts for `key`, as if they had happened a moment ago. */
  async function prefill(kind: string, key: string, n: number) {
    const at = new Date().toISOString();
    const rows = Array.from({ length: n }, () => ({ id: crypto.randomUUID(), kind, key, created_at: at }));
    await proxied.deps.db.kysely.insertInto("auth_attempts").values(rows).execute();
  }

  it(`pauses an address after ${SIGN_IN_ADDRESS_FAILURES.max} failed sign-ins across accounts, and only that address`, async () => {
    const sprayer = "198.51.100.7";
    await prefill(SIGN_IN_ADDRESS_FAILURES.kind, sprayer, SIGN_IN_ADDRESS_FAILURES.max - 1);
    const last = await proxied.api(authApi.signIn, {
      body: { email: uniqueEmail("spray"), password: "guess-1" },
      forwardedFor: sprayer,
    });
    expect(last.error?.code).toBe("auth/invalid-credential");
    const { email, password } = await createUser(proxied);
    const blocked = await proxied.api(authApi.signIn, {
      body: { email, password },
      forwardedFor: `203.0.113.1, ${sprayer}`,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.error).toEqual({ code: "auth/too-many-requests", message: TOO_MANY_ATTEMPTS });
    const elsewhere = await proxied.api(authApi.signIn, {
      body: { email, password },
      forwardedFor: `${sprayer}, 198.51.100.8`,
    });
    expect(elsewhere.status).toBe(200);
  });

  it(`slows sign-ups that hit a registered email: ${SIGN_UP_REFUSALS.max} per address, then 429`, async () => {
    const prober = "198.51.100.20";
    const { email } = await createUser(proxied);
    for (let i = 0; i < SIGN_UP_REFUSALS.max; i++) {
      const res = await proxied.api(authApi.signUp, {
        body: { email, password: "correct-horse-1" },
        forwardedFor: prober,
      });
      expect(res.status).toBe(409);
      expect(res.error?.code).toBe("auth/email-already-in-use");
    }
    const probe = await proxied.api(authApi.signUp, {
      body: { email: uniqueEmail("probe"), password: "correct-horse-1" },
      forwardedFor: prober,
    });
    expect(probe.status).toBe(429);
    expect(probe.error).toEqual({ code: "auth/too-many-requests", message: TOO_MANY_ATTEMPTS });
    // Successful sign-ups from another address do not count, however many.
    for (let i = 0; i < 3; i++) {
      const ok = await proxied.api(authApi.signUp, {
        body: { email: uniqueEmail("fine"), password: "correct-horse-1" },
        forwardedFor: "198.51.100.21",
      });
      expect(ok.status).toBe(201);
    }
  });
});
