import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESET_REQUESTS, SIGN_IN_FAILURES } from "../../backend/auth/throttles.ts";
import { TOO_MANY_ATTEMPTS } from "../../backend/auth/attempt-limiter.ts";
import { createUser, uniqueEmail } from "../helpers/factories.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

describe("password guessing", () => {
  it(`pauses an account after ${SIGN_IN_FAILURES.max} wrong passwords, even for the right one`, async () => {
    const { email, password } = await createUser(app);
    for (let i = 0; i < SIGN_IN_FAILURES.max; i++) {
      const res = await app.request("POST", "/auth/sign-in", { body: { email, password: `wrong-${i}` } });
      expect(res.body.error.code).toBe("auth/invalid-credential");
    }
    const blocked = await app.request("POST", "/auth/sign-in", { body: { email: email.toUpperCase(), password } });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toEqual({ code: "auth/too-many-requests", message: TOO_MANY_ATTEMPTS });
  });

  it("a successful sign-in clears earlier failures", async () => {
    const { email, password } = await createUser(app);
    for (let i = 0; i < SIGN_IN_FAILURES.max - 1; i++) await app.request("POST", "/auth/sign-in", { body: { email, password: "nope-nope" } });
    expect((await app.request("POST", "/auth/sign-in", { body: { email, password } })).status).toBe(200);
    for (let i = 0; i < SIGN_IN_FAILURES.max - 1; i++) await app.request("POST", "/auth/sign-in", { body: { email, password: "nope-nope" } });
    expect((await app.request("POST", "/auth/sign-in", { body: { email, password } })).status).toBe(200);
  });
});

describe("password-reset emails", () => {
  it(`answer the same way for unknown addresses until ${RESET_REQUESTS.max} requests, then pause both alike`, async () => {
    const { email } = await createUser(app);
    const unknown = uniqueEmail("nobody");
    for (const address of [email, unknown]) {
      for (let i = 0; i < RESET_REQUESTS.max; i++) {
        expect((await app.request("POST", "/auth/password-reset", { body: { email: address } })).body).toEqual({ ok: true });
      }
      const res = await app.request("POST", "/auth/password-reset", { body: { email: address } });
      expect(res.status).toBe(429);
      expect(res.body.error.code).toBe("auth/too-many-requests");
    }
  });
});
