import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, uniqueEmail } from "../helpers/factories.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import * as authApi from "../../contracts/auth.ts";

const WEAK = "The password is too weak. Please choose a stronger password with at least 6 characters.";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

describe("sign-up", () => {
  it("answers 201 with a token and the auth user of spec section 3", async () => {
    const email = uniqueEmail("shape");
    const res = await app.api(authApi.signUp, { body: { email, password: "secret-1" } });
    expect(res.status).toBe(201);
    expect(res.body.token).toEqual(expect.any(String));
    const user = res.body.user;
    expect(user).toMatchObject({
      uid: expect.any(String),
      displayName: null,
      email,
      emailVerified: false,
      providerData: [{ providerId: "password" }],
      isAnonymous: false,
      role: "user",
      isAdmin: false,
      verificationStatus: "pending",
    });
    expect(new Date(user.metadata.creationTime).toString()).not.toBe("Invalid Date");
    expect(new Date(user.metadata.lastSignInTime!).toString()).not.toBe("Invalid Date");

    const me = await app.api(authApi.getMe, { token: res.body.token });
    expect(me.status).toBe(200);
    expect(me.body.uid).toBe(user.uid);
  });

  it("treats email case-insensitively", async () => {
    const local = uniqueEmail("case").split("@")[0]!;
    const res = await app.api(authApi.signUp, {
      body: { email: `${local.toUpperCase()}@X.com`, password: "secret-1" },
    });
    expect(res.status).toBe(201);
    expect(res.body.user.email).toBe(`${local}@x.com`);

    const signIn = await app.api(authApi.signIn, { body: { email: `${local}@x.com`, password: "secret-1" } });
    expect(signIn.status).toBe(200);
    expect(signIn.body.user.uid).toBe(res.body.user.uid);

    const again = await app.api(authApi.signUp, { body: { email: `${local}@X.COM`, password: "secret-1" } });
    expect(again.status).toBe(409);
    expect(again.error?.code).toBe("auth/email-already-in-use");
  });

  it("refuses a weak password with the spec's text", async () => {
    const res = await app.api(authApi.signUp, { body: { email: uniqueEmail(), password: "12345" } });
    expect(res.status).toBe(400);
    expect(res.error?.code).toBe("auth/weak-password");
    expect(res.error?.message).toBe(WEAK);
  });

  it.each(["not-an-email", "a@b", "a b@example.com", "@example.com"])("refuses the invalid email %j", async (email) => {
    const res = await app.api(authApi.signUp, { body: { email, password: "secret-1" } });
    expect(res.status).toBe(400);
    expect(res.error).toMatchObject({
      code: "validation_failed",
      fields: { email: "The email address is badly formatted." },
    });
  });
});

describe("concurrent sign-ups for one new address", () => {
  it("give one account and 409 for the rest, never a 500", async () => {
    const email = uniqueEmail("race");
    const results = await Promise.all(
      Array.from({ length: 4 }, () => app.api(authApi.signUp, { body: { email, password: "secret-1" } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    for (const r of results.filter((r) => r.status === 409)) expect(r.error?.code).toBe("auth/email-already-in-use");
  });
});

describe("sign-in", () => {
  it("answers a wrong password and an unknown email identically", async () => {
    const { email } = await createUser(app, { password: "right-password" });
    const wrong = await app.api(authApi.signIn, { body: { email, password: "wrong-password" } });
    const unknown = await app.api(authApi.signIn, {
      body: { email: uniqueEmail("nobody"), password: "wrong-password" },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.error?.code).toBe("auth/invalid-credential");
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
  });

  it("updates lastSignInTime and gives a new working token", async () => {
    const { email, password, token } = await createUser(app);
    const res = await app.api(authApi.signIn, { body: { email, password } });
    expect(res.status).toBe(200);
    expect(res.body.token).not.toBe(token);
    expect((await app.api(authApi.getMe, { token: res.body.token })).status).toBe(200);
  });
});

describe("sessions", () => {
  it("sign-out invalidates the token", async () => {
    const { token } = await createUser(app);
    const out = await app.api(authApi.signOut, { token });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ ok: true });
    const me = await app.api(authApi.getMe, { token });
    expect(me.status).toBe(401);
    expect(me.error?.code).toBe("unauthenticated");
  });

  it("GET /users/me without a token or with a bad one is 401", async () => {
    const none = await app.api(authApi.getMe, {});
    expect(none.status).toBe(401);
    expect(none.error?.code).toBe("unauthenticated");
    const bad = await app.api(authApi.getMe, { token: "not-a-real-token" });
    expect(bad.status).toBe(401);
    expect(bad.error?.code).toBe("unauthenticated");
    const malformed = await app.request("GET", "/users/me", { headers: { authorization: "Bearer " } });
    expect(malformed.status).toBe(401);
  });
});
