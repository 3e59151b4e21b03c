import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAdminCli } from "../../backend/auth/admin-cli.ts";
import * as auth from "../../contracts/auth.ts";
import * as codes from "../../contracts/signup-codes.ts";
import { getAppConfig } from "../../contracts/system.ts";
import { createAdmin, createSignupCode, createUser, uniqueEmail, type CreatedUser } from "../helpers/factories.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

// Unique: the Firebase projects of a run share one Auth emulator.
const BOSS = uniqueEmail("boss");
const INVALID = "This signup code is not valid. Check the code, or contact support for a new one.";

let app: TestApp;
let admin: CreatedUser;
beforeAll(async () => {
  app = await createTestApp({ REQUIRE_SIGNUP_CODE: "true", ADMIN_EMAILS: `other@example.com, ${BOSS}` });
  admin = await createAdmin(app);
});
afterAll(() => app?.close());

const signUp = (body: { email: string; signupCode?: string }) =>
  app.api(auth.signUp, { body: { password: "secret-1", ...body } });
const listCodes = async () => (await app.api(codes.listSignupCodes, { token: admin.token })).body.codes;

describe("sign-up with REQUIRE_SIGNUP_CODE", () => {
  it("GET /app-config says a code is required", async () => {
    const res = await app.api(getAppConfig, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ requireSignupCode: true, googleEnabled: false });
  });

  it("refuses a sign-up without a code", async () => {
    for (const signupCode of [undefined, "", "   "]) {
      const res = await signUp({ email: uniqueEmail(), signupCode });
      expect(res.status).toBe(403);
      expect(res.error?.code).toBe("auth/signup-code-required");
      expect(res.error?.fields).toEqual({ signupCode: "Please enter a signup code to continue" });
    }
  });

  it("a fresh code signs up once, then shows as Used by the new user", async () => {
    const code = await createSignupCode(app, admin.token, "for Ada");
    expect(code).toMatchObject({
      status: "Active",
      isActive: true,
      usedBy: null,
      usedAt: null,
      description: "for Ada",
      createdBy: admin.user.uid,
    });
    expect(code.code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);

    const res = await signUp({ email: uniqueEmail("ada"), signupCode: ` ${code.code.toLowerCase()} ` });
    expect(res.status).toBe(201);
    const listed = (await listCodes()).find((c) => c.code === code.code)!;
    expect(listed.status).toBe("Used");
    expect(listed.usedBy).toBe(res.body.user.uid);
    expect(listed.usedByEmail).toBe(res.body.user.email);
    expect(listed.usedAt).toEqual(expect.any(String));

    const reuse = await signUp({ email: uniqueEmail("eve"), signupCode: code.code });
    expect(reuse.status).toBe(403);
    expect(reuse.error?.code).toBe("auth/invalid-signup-code");
    expect(reuse.error?.message).toBe(INVALID);
  });

  it("refuses an unknown and a deactivated code", async () => {
    const unknown = await signUp({ email: uniqueEmail(), signupCode: "NOPE-NOPE-NOPE" });
    expect(unknown.status).toBe(403);
    expect(unknown.error?.code).toBe("auth/invalid-signup-code");

    const code = await createSignupCode(app, admin.token);
    const off = await app.api(codes.deactivateSignupCode, { params: { code: code.code }, token: admin.token });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ code: code.code, status: "Inactive", isActive: false });
    const res = await signUp({ email: uniqueEmail(), signupCode: code.code });
    expect(res.status).toBe(403);
    expect(res.error?.code).toBe("auth/invalid-signup-code");

    const twice = await app.api(codes.deactivateSignupCode, { params: { code: code.code }, token: admin.token });
    expect(twice.status).toBe(409);
  });

  it("a used code cannot be deactivated; an unknown one is 404", async () => {
    const code = await createSignupCode(app, admin.token);
    expect((await signUp({ email: uniqueEmail(), signupCode: code.code })).status).toBe(201);
    const res = await app.api(codes.deactivateSignupCode, { params: { code: code.code }, token: admin.token });
    expect(res.status).toBe(409);
    expect(res.error?.code).toBe("conflict");
    expect((await listCodes()).find((c) => c.code === code.code)!.status).toBe("Used");

    const missing = await app.api(codes.deactivateSignupCode, {
      params: { code: "NOPE-NOPE-NOPE" },
      token: admin.token,
    });
    expect(missing.status).toBe(404);
  });

  it("of 5 concurrent sign-ups with one code exactly one succeeds", async () => {
    const code = await createSignupCode(app, admin.token);
    const emails = Array.from({ length: 5 }, () => uniqueEmail("race"));
    const results = await Promise.all(emails.map((email) => signUp({ email, signupCode: code.code })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 403, 403, 403, 403]);
    for (const r of results.filter((r) => r.status === 403)) expect(r.error?.code).toBe("auth/invalid-signup-code");
    const winner = results.find((r) => r.status === 201)!;
    expect((await listCodes()).find((c) => c.code === code.code)!.usedBy).toBe(winner.body.user.uid);
  });

  it("an email already registered is refused without using up the code", async () => {
    const { email } = await createUser(app);
    const code = await createSignupCode(app, admin.token);
    const res = await signUp({ email: email.toUpperCase(), signupCode: code.code });
    expect(res.status).toBe(409);
    expect(res.error?.code).toBe("auth/email-already-in-use");
    expect((await listCodes()).find((c) => c.code === code.code)!.status).toBe("Active");
  });
});

describe("POST /auth/validate-signup-code", () => {
  it("accepts a usable code and refuses used, unknown and empty ones", async () => {
    const code = await createSignupCode(app, admin.token);
    const ok = await app.api(auth.validateSignupCode, { body: { signupCode: code.code.toLowerCase() } });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ valid: true });
    // Validating does not use the code up.
    expect((await app.api(auth.validateSignupCode, { body: { signupCode: code.code } })).status).toBe(200);

    expect((await signUp({ email: uniqueEmail(), signupCode: code.code })).status).toBe(201);
    const used = await app.api(auth.validateSignupCode, { body: { signupCode: code.code } });
    expect(used.status).toBe(403);
    expect(used.error?.code).toBe("auth/invalid-signup-code");

    const unknown = await app.api(auth.validateSignupCode, { body: { signupCode: "NOPE" } });
    expect(unknown.status).toBe(403);

    const empty = await app.api(auth.validateSignupCode, { body: { signupCode: "  " } });
    expect(empty.status).toBe(400);
    expect(empty.error?.fields).toEqual({ signupCode: "Please enter a signup code to continue" });
  });
});

describe("admin endpoints", () => {
  const endpoints = [
    { method: "POST", path: "/admin/signup-codes", body: {} },
    { method: "GET", path: "/admin/signup-codes" },
    { method: "POST", path: "/admin/signup-codes/ABCD-EFGH-JKMN/deactivate" },
  ];

  it.each(endpoints)("$method $path: anonymous 401, non-admin 403", async ({ method, path, body }) => {
    const anonymous = await app.request(method, path, { body });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe("unauthenticated");

    const { token } = await createUser(app, { verified: true });
    const user = await app.request(method, path, { body, token });
    expect(user.status).toBe(403);
    expect(user.body.error.code).toBe("auth/admin-required");
    expect(user.body.error.message).toBe("You don't have permission to access the admin area.");
  });

  it("an admin creates, lists (newest first) and deactivates codes", async () => {
    const a = await createSignupCode(app, admin.token, "first");
    const b = await createSignupCode(app, admin.token);
    expect(b.description).toBeNull();
    const codes = await listCodes();
    expect(codes.map((c) => c.code)).toEqual(expect.arrayContaining([a.code, b.code]));
    expect(codes.findIndex((c) => c.code === b.code)).toBeLessThanOrEqual(codes.findIndex((c) => c.code === a.code));
  });

  it("GET /admin/check answers for anyone", async () => {
    expect((await app.api(codes.checkAdminRole, {})).body).toEqual({ isAdmin: false });
    const { token } = await createUser(app);
    expect((await app.api(codes.checkAdminRole, { token })).body).toEqual({ isAdmin: false });
    expect((await app.api(codes.checkAdminRole, { token: admin.token })).body).toEqual({ isAdmin: true });
  });

  it("ADMIN_EMAILS makes that user an admin on sign-up, whatever the case, without a code", async () => {
    // The first admin has to get in before any code exists.
    const res = await signUp({ email: BOSS.replace("boss", "Boss").replace("example.com", "Example.COM") });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ email: BOSS, role: "admin", isAdmin: true });
    expect((await app.api(codes.listSignupCodes, { token: res.body.token })).status).toBe(200);
  });

  it("the admin CLI grants the role to an existing user", async () => {
    const { email, token, user } = await createUser(app);
    expect(user.isAdmin).toBe(false);
    const missing = await runAdminCli(["grant", uniqueEmail("ghost")], app.config);
    expect(missing.code).toBe(1);

    const res = await runAdminCli(["grant", email.toUpperCase()], app.config);
    expect(res).toEqual({ code: 0, out: `${email} is now an admin.` });
    const me = await app.api(auth.getMe, { token });
    expect(me.body).toMatchObject({ role: "admin", isAdmin: true });
    expect((await app.api(codes.listSignupCodes, { token })).status).toBe(200);

    const list = await runAdminCli(["list"], app.config);
    expect(list.out.split("\n")).toContain(email);
  });
});
