import crypto from "node:crypto";
import * as authApi from "../../contracts/auth.ts";
import type { AuthUser } from "../../contracts/auth.ts";
import * as codesApi from "../../contracts/signup-codes.ts";
import type { SignupCode } from "../../contracts/signup-codes.ts";
import { insertCode } from "../../backend/signup-codes/repo.ts";
import type { TestApp } from "./test-app.ts";

export interface CreatedUser {
  token: string;
  user: AuthUser;
  email: string;
  password: string;
}

export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${crypto.randomBytes(5).toString("hex")}@example.com`;
}

/**
 * Signs a user up through the API (with a fresh signup code when the app requires one), then
 * sets the flags asked for directly in the identity store.
 */
export async function createUser(
  app: TestApp,
  o: { email?: string; password?: string; verified?: boolean; admin?: boolean } = {},
): Promise<CreatedUser> {
  const email = o.email ?? uniqueEmail();
  const password = o.password ?? "correct-horse-1";
  const signupCode = app.config.REQUIRE_SIGNUP_CODE
    ? (await insertCode(app.deps.db.kysely, { description: "factory", createdBy: null })).code
    : undefined;
  const res = await app.api(authApi.signUp, { body: { email, password, signupCode } });
  if (res.status !== 201) throw new Error(`createUser(${email}) failed: ${res.status} ${JSON.stringify(res.body)}`);
  const token = res.body.token;
  const uid = res.body.user.uid;
  if (o.verified || o.admin) {
    await app.deps.identity.updateUser(uid, {
      ...(o.verified ? { emailVerified: true } : {}),
      ...(o.admin ? { role: "admin" as const } : {}),
    });
    app.deps.admin.forget(uid);
  }
  const me = await app.api(authApi.getMe, { token });
  if (me.status !== 200) throw new Error(`createUser(${email}): /users/me answered ${me.status}`);
  return { token, user: me.body, email: email.trim().toLowerCase(), password };
}

export function createAdmin(app: TestApp, o: { email?: string } = {}): Promise<CreatedUser> {
  return createUser(app, { ...o, verified: true, admin: true });
}

export async function createSignupCode(app: TestApp, adminToken: string, description?: string): Promise<SignupCode> {
  const res = await app.api(codesApi.createSignupCode, {
    token: adminToken,
    body: description === undefined ? {} : { description },
  });
  if (res.status !== 201) throw new Error(`createSignupCode failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
