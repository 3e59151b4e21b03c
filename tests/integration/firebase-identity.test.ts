/**
 * What only the Firebase provider does, on the Auth emulator (the sqlite-firebase and
 * postgres-firebase projects run this file; the shared identity suite runs on both providers).
 */
import { deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getAuth, type Auth } from "firebase-admin/auth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as authApi from "../../contracts/auth.ts";
import { findUserRow } from "../../backend/auth/repo.ts";
import { setAdminRole } from "../../backend/auth/admin.ts";
import { findCode, insertCode } from "../../backend/signup-codes/repo.ts";
import { createUser, uniqueEmail } from "../helpers/factories.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

let app: TestApp;
let admin: App;
let firebase: Auth;
// Unique per file run: every project of a run shares the one emulator.
const bossEmail = uniqueEmail("boss");

beforeAll(async () => {
  app = await createTestApp({ ADMIN_EMAILS: bossEmail });
  process.env.FIREBASE_AUTH_EMULATOR_HOST = app.config.FIREBASE_AUTH_EMULATOR_HOST;
  admin = initializeApp({ projectId: app.config.FIREBASE_PROJECT_ID }, `test-${process.pid}-${Date.now()}`);
  firebase = getAuth(admin);
});
afterAll(async () => {
  if (admin) await deleteApp(admin);
  await app?.close();
});

/** What the browser's web SDK does: signs in at the emulator's Identity Toolkit, gets an ID token. */
async function webSdkSignIn(body: Record<string, unknown>, method = "signInWithPassword"): Promise<string> {
  const res = await fetch(
    `http://${app.config.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=k`,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...body, returnSecureToken: true }),
    },
  );
  const json = (await res.json()) as { idToken?: string; localId?: string };
  if (!json.idToken) throw new Error(`${method} failed: ${JSON.stringify(json)}`);
  return json.idToken;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("Firebase identity", () => {
  it("keeps the account in Firebase and one row of ours under the same uid", async () => {
    const { user, email } = await createUser(app);
    const record = await firebase.getUser(user.uid);
    expect(record.email).toBe(email);
    const row = await findUserRow(app.deps.db.kysely, user.uid);
    expect(row).toMatchObject({ id: user.uid, email, role: "user" });
  });

  it("a user disabled in Firebase loses API access on the next request, and cannot sign in", async () => {
    const { token, user, email, password } = await createUser(app);
    expect((await app.api(authApi.getMe, { token })).status).toBe(200);
    await firebase.updateUser(user.uid, { disabled: true });
    const me = await app.api(authApi.getMe, { token });
    expect(me.status).toBe(401);
    expect(me.error?.code).toBe("unauthenticated");
    const again = await app.api(authApi.signIn, { body: { email, password } });
    expect(again.status).toBe(403);
    expect(again.error?.code).toBe("auth/user-disabled");
  });

  it("revoking the user's tokens in Firebase ends the session", async () => {
    const { token, user } = await createUser(app);
    // Firebase compares revocation with the sign-in time in whole seconds.
    await sleep(1100);
    await firebase.revokeRefreshTokens(user.uid);
    expect((await app.api(authApi.getMe, { token })).status).toBe(401);
  });

  it("sign-out ends that session only, at once", async () => {
    const { token, email, password } = await createUser(app);
    const other = (await app.api(authApi.signIn, { body: { email, password } })).body.token;
    expect((await app.api(authApi.signOut, { token })).status).toBe(200);
    expect((await app.api(authApi.getMe, { token })).status).toBe(401);
    expect((await app.api(authApi.getMe, { token: other })).status).toBe(200);
  });

  it("refuses a bare session cookie and a forged token; accepts the web SDK's ID token until disabled", async () => {
    const { token, email, password, user } = await createUser(app);
    const [cookie] = token.split("~");
    expect((await app.api(authApi.getMe, { token: cookie })).status).toBe(401);
    expect((await app.api(authApi.getMe, { token: `${cookie}~forged` })).status).toBe(401);
    const idToken = await webSdkSignIn({ email, password });
    const me = await app.api(authApi.getMe, { token: idToken });
    expect(me.status).toBe(200);
    expect(me.body.uid).toBe(user.uid);
    await firebase.updateUser(user.uid, { disabled: true });
    expect((await app.api(authApi.getMe, { token: idToken })).status).toBe(401);
  });

  it("exchanges the web SDK's ID token for a session (POST /auth/session)", async () => {
    const { email, password, user } = await createUser(app);
    const res = await app.api(authApi.createSession, { body: { idToken: await webSdkSignIn({ email, password }) } });
    expect(res.status).toBe(200);
    expect(res.body.user.uid).toBe(user.uid);
    expect((await app.api(authApi.getMe, { token: res.body.token })).body.uid).toBe(user.uid);
    const forged = await app.api(authApi.createSession, { body: { idToken: "not.a.token" } });
    expect(forged.status).toBe(401);
  });

  it("sign-up returns a custom token the web SDK signs in with", async () => {
    const email = uniqueEmail("custom");
    const res = await app.api(authApi.signUp, { body: { email, password: "secret-1" } });
    expect(res.status).toBe(201);
    const idToken = await webSdkSignIn({ token: res.body.customToken }, "signInWithCustomToken");
    expect((await firebase.verifyIdToken(idToken)).uid).toBe(res.body.user.uid);
  });

  it("a Firebase user we have never seen gets a row on first sign-in", async () => {
    const email = uniqueEmail("existing");
    const record = await firebase.createUser({ email, password: "secret-1", emailVerified: true });
    expect(await findUserRow(app.deps.db.kysely, record.uid)).toBeUndefined();
    const res = await app.api(authApi.signIn, { body: { email, password: "secret-1" } });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ uid: record.uid, email, emailVerified: true, role: "user" });
    expect(await findUserRow(app.deps.db.kysely, record.uid)).toMatchObject({ id: record.uid });
  });

  it("mirrors the admin role (ADMIN_EMAILS, the admin CLI) to the admin custom claim", async () => {
    const boss = await createUser(app, { email: bossEmail });
    expect(boss.user.role).toBe("admin");
    expect((await firebase.getUser(boss.user.uid)).customClaims).toMatchObject({ admin: true });
    const { user, email } = await createUser(app);
    await setAdminRole(app.deps, email, true);
    expect((await firebase.getUser(user.uid)).customClaims).toMatchObject({ admin: true });
    await setAdminRole(app.deps, email, false);
    expect((await firebase.getUser(user.uid)).customClaims).toMatchObject({ admin: false });
  });
});

describe("Firebase identity with signup codes required", () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp({ REQUIRE_SIGNUP_CODE: "true" });
  });
  afterAll(() => strict?.close());

  it("does not let in a Firebase user without a row of ours, by password or by ID token", async () => {
    const email = uniqueEmail("outsider");
    await firebase.createUser({ email, password: "secret-1" });
    const res = await strict.api(authApi.signIn, { body: { email, password: "secret-1" } });
    expect(res.status).toBe(403);
    expect(res.error?.code).toBe("auth/signup-code-required");
    const idToken = await webSdkSignIn({ email, password: "secret-1" });
    expect((await strict.api(authApi.getMe, { token: idToken })).status).toBe(403);
  });

  it("a new federated user brings a valid signup code, which is then used", async () => {
    const email = uniqueEmail("google");
    await firebase.createUser({ email, password: "secret-1" });
    const idToken = await webSdkSignIn({ email, password: "secret-1" });
    const none = await strict.api(authApi.createSession, { body: { idToken } });
    expect(none.status).toBe(403);
    expect(none.error).toMatchObject({
      code: "auth/signup-code-required",
      message: "A signup code is required to create a new account. Please sign up with a valid code.",
    });
    const wrong = await strict.api(authApi.createSession, { body: { idToken, signupCode: "NOPE-NOPE" } });
    expect(wrong.error?.code).toBe("auth/invalid-signup-code");
    const { code } = await insertCode(strict.deps.db.kysely, { description: null, createdBy: null });
    const ok = await strict.api(authApi.createSession, { body: { idToken, signupCode: code } });
    expect(ok.status).toBe(200);
    expect((await findCode(strict.deps.db.kysely, code))?.used_by).toBe(ok.body.user.uid);
    // Known now: later sign-ins need no code.
    expect((await strict.api(authApi.createSession, { body: { idToken } })).status).toBe(200);
  });
});
