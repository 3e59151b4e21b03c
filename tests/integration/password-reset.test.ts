import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, uniqueEmail } from "../helpers/factories.ts";
import { extractCode, extractLink } from "../helpers/smtp.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import * as authApi from "../../contracts/auth.ts";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

async function requestReset(email: string) {
  return app.api(authApi.requestPasswordReset, { body: { email } });
}

describe("password reset", () => {
  it("answers an unknown and a known email identically, and mails only the known one", async () => {
    const { email } = await createUser(app);
    const stranger = uniqueEmail("stranger");
    const known = await requestReset(email);
    const unknown = await requestReset(stranger);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({ ok: true });
    await app.mail.waitForMail({ to: email, subject: "Reset your password" });
    expect(app.mail.mailTo(stranger)).toHaveLength(0);
  });

  it("the mailed code checks out, sets the new password once and ends every session", async () => {
    const { email, password, token } = await createUser(app, { password: "old-password" });
    const second = await app.api(authApi.signIn, { body: { email, password } });
    expect(second.status).toBe(200);

    expect((await requestReset(email.toUpperCase())).status).toBe(200);
    const mail = await app.mail.waitForMail({ to: email, subject: "Reset your password" });
    expect(extractLink(mail).searchParams.get("mode")).toBe("resetPassword");
    const oobCode = extractCode(mail);

    const check = await app.api(authApi.checkActionCode, { body: { oobCode } });
    expect(check.status).toBe(200);
    expect(check.body).toEqual({ mode: "resetPassword", email });

    const reset = await app.api(authApi.resetPassword, { body: { oobCode, newPassword: "new-password" } });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ mode: "resetPassword", email });

    expect((await app.api(authApi.getMe, { token })).status).toBe(401);
    expect((await app.api(authApi.getMe, { token: second.body.token })).status).toBe(401);

    const old = await app.api(authApi.signIn, { body: { email, password: "old-password" } });
    expect(old.status).toBe(401);
    expect(old.error?.code).toBe("auth/invalid-credential");
    const fresh = await app.api(authApi.signIn, { body: { email, password: "new-password" } });
    expect(fresh.status).toBe(200);

    const again = await app.api(authApi.resetPassword, { body: { oobCode, newPassword: "third-password" } });
    expect(again.status).toBe(400);
    expect(again.error?.code).toBe("auth/invalid-action-code");
    expect((await app.api(authApi.signIn, { body: { email, password: "third-password" } })).status).toBe(401);
  });

  it("refuses a weak new password without using the code", async () => {
    const { email, password } = await createUser(app);
    await requestReset(email);
    const oobCode = extractCode(await app.mail.waitForMail({ to: email, subject: "Reset your password" }));
    const weak = await app.api(authApi.resetPassword, { body: { oobCode, newPassword: "12345" } });
    expect(weak.status).toBe(400);
    expect(weak.error?.code).toBe("auth/weak-password");
    expect(weak.error?.message).toBe("The password is too weak.");
    expect((await app.api(authApi.signIn, { body: { email, password } })).status).toBe(200);

    const ok = await app.api(authApi.resetPassword, { body: { oobCode, newPassword: "strong-enough" } });
    expect(ok.status).toBe(200);
  });

  it("a newer reset link makes the older one useless", async () => {
    const { email } = await createUser(app);
    await requestReset(email);
    const first = extractCode(await app.mail.waitForMail({ to: email, subject: "Reset your password" }));
    await requestReset(email);
    const second = extractCode(await app.mail.waitForMail({ to: email, subject: "Reset your password" }));
    const stale = await app.api(authApi.resetPassword, { body: { oobCode: first, newPassword: "whatever-1" } });
    expect(stale.status).toBe(400);
    expect(stale.error?.code).toBe("auth/invalid-action-code");
    expect(
      (await app.api(authApi.resetPassword, { body: { oobCode: second, newPassword: "whatever-2" } })).status,
    ).toBe(200);
  });

  it("an expired reset code is refused", async () => {
    const { email, user } = await createUser(app);
    await requestReset(email);
    const oobCode = extractCode(await app.mail.waitForMail({ to: email, subject: "Reset your password" }));
    await app.deps.db.kysely
      .updateTable("action_codes")
      .set({ expires_at: new Date(Date.now() - 1).toISOString() })
      .where("user_id", "=", user.uid)
      .where("mode", "=", "resetPassword")
      .execute();
    const res = await app.api(authApi.resetPassword, { body: { oobCode, newPassword: "whatever-1" } });
    expect(res.status).toBe(400);
    expect(res.error?.code).toBe("auth/invalid-action-code");
  });

  it("a reset code cannot be applied as a verification", async () => {
    const { email } = await createUser(app);
    await requestReset(email);
    const oobCode = extractCode(await app.mail.waitForMail({ to: email, subject: "Reset your password" }));
    const res = await app.api(authApi.applyActionCode, { body: { oobCode } });
    expect(res.status).toBe(400);
    expect(res.error?.code).toBe("auth/invalid-action-code");
  });
});
