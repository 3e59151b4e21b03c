/**
 * The bearer token lookup on every request (backend/auth/session-lookup.ts): one query, with
 * better-auth's rules for expiry (expired: refused and deleted) and extension (a session used a day
 * or more after its last extension lives 30 days from now).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SESSION_EXPIRES_IN, SESSION_UPDATE_AGE } from "../../backend/auth/better-auth-identity.ts";
import { createUser, type CreatedUser } from "../helpers/factories.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import * as authApi from "../../contracts/auth.ts";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

const DAY = 24 * 3600 * 1000;

async function sessionRow(token: string) {
  return app.deps.db.kysely
    .selectFrom("session")
    .select(["expiresAt", "updatedAt"])
    .where("token", "=", token)
    .executeTakeFirst();
}

async function setExpiry(token: string, at: Date) {
  // Written the way better-auth writes it, so each dialect stores its own date format.
  const ctx = await app.backend.auth!.$context;
  await ctx.internalAdapter.updateSession(token, { expiresAt: at });
}

describe("session lookup", () => {
  let alice: CreatedUser;
  beforeAll(async () => {
    alice = await createUser(app);
  });

  it("finds the user and their providers in one query", async () => {
    const executor = app.deps.db.kysely.getExecutor();
    const spy = vi.spyOn(executor, "executeQuery");
    try {
      const user = await app.deps.identity.getSession(alice.token);
      expect(user).toMatchObject({
        id: alice.user.uid,
        email: alice.email,
        providerIds: ["password"],
        role: "user",
        emailVerified: false,
      });
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  it("refuses an unknown token", async () => {
    expect(await app.deps.identity.getSession("x".repeat(32))).toBeNull();
    expect((await app.api(authApi.getMe, { token: "y".repeat(32) })).status).toBe(401);
  });

  it("refuses and deletes an expired session", async () => {
    const bob = await createUser(app);
    await setExpiry(bob.token, new Date(Date.now() - 1000));
    const res = await app.api(authApi.getMe, { token: bob.token });
    expect(res.status).toBe(401);
    expect(await sessionRow(bob.token)).toBeUndefined();
  });

  it("extends a session used a day after its last extension, and not before", async () => {
    const carol = await createUser(app);
    const fresh = new Date(Date.now() + SESSION_EXPIRES_IN * 1000 - SESSION_UPDATE_AGE * 1000 + 3600_000);
    await setExpiry(carol.token, fresh);
    expect((await app.api(authApi.getMe, { token: carol.token })).status).toBe(200);
    expect(new Date((await sessionRow(carol.token))!.expiresAt).valueOf()).toBe(fresh.valueOf());

    const old = new Date(Date.now() + 10 * DAY);
    await setExpiry(carol.token, old);
    expect((await app.api(authApi.getMe, { token: carol.token })).status).toBe(200);
    const extended = new Date((await sessionRow(carol.token))!.expiresAt).valueOf();
    expect(Math.abs(extended - (Date.now() + SESSION_EXPIRES_IN * 1000))).toBeLessThan(60_000);
  });

  it("stops answering for a user once deleted", async () => {
    const dave = await createUser(app);
    await app.deps.identity.deleteUser(dave.user.uid);
    expect((await app.api(authApi.getMe, { token: dave.token })).status).toBe(401);
  });
});
