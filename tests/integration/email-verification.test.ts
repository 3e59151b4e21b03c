import { sql } from "kysely";
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

const HOURS = 60 * 60 * 1000;

/** Moves a user's creation time back; better-auth keeps ISO text on SQLite, timestamptz on PostgreSQL. */
async function setCreatedAt(uid: string, at: Date) {
  const value = app.deps.db.dialect === "sqlite" ? at.toISOString() : at;
  await app.deps.db.kysely.updateTable("user").set({ createdAt: value }).where("id", "=", uid).execute();
}

describe("email verification", () => {
  it("sends the sign-up mail over SMTP; its link verifies the email once", async () => {
    const email = uniqueEmail("verify");
    const signUp = await app.api(authApi.signUp, { body: { email, password: "secret-1", continueUrl: "/home" } });
    expect(signUp.status).toBe(201);
    expect(signUp.body.user.emailVerified).toBe(false);

    const mail = await app.mail.waitForMail({ to: email, subject: "Verify your email" });
    const link = extractLink(mail);
    expect(link.origin).toBe("http://localhost:3000");
    expect(link.pathname).toBe("/usermgmt");
    expect(link.searchParams.get("mode")).toBe("verifyEmail");
    expect(link.searchParams.get("continueUrl")).toBe("/home");
    const oobCode = link.searchParams.get("oobCode")!;
    expect(oobCode.length).toBeGreaterThan(20);
    expect(mail.html).toContain(link.searchParams.get("oobCode"));

    const check = await app.api(authApi.checkActionCode, { body: { oobCode } });
    expect(check.status).toBe(200);
    expect(check.body).toEqual({ mode: "verifyEmail", email });

    const apply = await app.api(authApi.applyActionCode, { body: { oobCode } });
    expect(apply.status).toBe(200);
    expect(apply.body).toEqual({ mode: "verifyEmail", email });

    const me = await app.api(authApi.getMe, { token: signUp.body.token });
    expect(me.body.emailVerified).toBe(true);
    expect(me.body.verificationStatus).toBe("verified");

    const twice = await app.api(authApi.applyActionCode, { body: { oobCode } });
    expect(twice.status).toBe(400);
    expect(twice.error?.code).toBe("auth/invalid-action-code");
    expect(twice.error?.message).toBe("Invalid or expired action code.");
  });

  it("keeps only the code's hash in the database", async () => {
    const { email, user } = await createUser(app);
    const code = extractCode(await app.mail.waitForMail({ to: email }));
    const rows = await app.deps.db.kysely
      .selectFrom("action_codes")
      .selectAll()
      .where("user_id", "=", user.uid)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].code_hash).not.toContain(code);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it("refuses an expired code", async () => {
    const { email, user, token } = await createUser(app);
    const oobCode = extractCode(await app.mail.waitForMail({ to: email }));
    await app.deps.db.kysely
      .updateTable("action_codes")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("user_id", "=", user.uid)
      .execute();
    for (const e of [authApi.checkActionCode, authApi.applyActionCode]) {
      const res = await app.api(e, { body: { oobCode } });
      expect(res.status).toBe(400);
      expect(res.error?.code).toBe("auth/invalid-action-code");
    }
    expect((await app.api(authApi.getMe, { token })).body.emailVerified).toBe(false);
  });

  it("refuses an unknown code", async () => {
    const res = await app.api(authApi.applyActionCode, { body: { oobCode: "no-such-code" } });
    expect(res.status).toBe(400);
    expect(res.error?.code).toBe("auth/invalid-action-code");
  });

  it("a verifyEmail code cannot reset a password", async () => {
    const { email } = await createUser(app);
    const oobCode = extractCode(await app.mail.waitForMail({ to: email }));
    const res = await app.api(authApi.resetPassword, { body: { oobCode, newPassword: "another-secret" } });
    expect(res.status).toBe(400);
    expect(res.error?.code).toBe("auth/invalid-action-code");
  });

  it("send-verification-email sends a fresh working link, and refuses once verified", async () => {
    const { email, token } = await createUser(app);
    await app.mail.waitForMail({ to: email }); // the sign-up mail
    const again = await app.api(authApi.sendVerificationEmail, { token, body: {} });
    expect(again.status).toBe(200);
    const oobCode = extractCode(await app.mail.waitForMail({ to: email, subject: "Verify your email" }));
    expect((await app.api(authApi.applyActionCode, { body: { oobCode } })).status).toBe(200);
    const verified = await app.api(authApi.sendVerificationEmail, { body: undefined, token });
    expect(verified.status).toBe(409);
    expect(verified.error?.code).toBe("conflict");
    expect((await app.api(authApi.sendVerificationEmail, { body: undefined })).status).toBe(401);
  });
});

describe("verification status", () => {
  it("is pending within 72 hours of creation and suspended after", async () => {
    const { token, user } = await createUser(app);
    expect(user.verificationStatus).toBe("pending");

    await setCreatedAt(user.uid, new Date(Date.now() - 71 * HOURS));
    expect((await app.api(authApi.getMe, { token })).body.verificationStatus).toBe("pending");

    await setCreatedAt(user.uid, new Date(Date.now() - 73 * HOURS));
    const me = await app.api(authApi.getMe, { token });
    expect(me.status).toBe(200);
    expect(me.body.verificationStatus).toBe("suspended");
    expect(new Date(me.body.metadata.creationTime).getTime()).toBeLessThan(Date.now() - 72 * HOURS);
  });

  it("is verified once verified, whatever the age", async () => {
    const { token, user } = await createUser(app, { verified: true });
    await setCreatedAt(user.uid, new Date(Date.now() - 100 * HOURS));
    expect((await app.api(authApi.getMe, { token })).body.verificationStatus).toBe("verified");
  });

  it("stores createdAt in the dialect's native form", async () => {
    const { user } = await createUser(app);
    const { rows } = await sql<{
      t: string;
    }>`select ${sql.ref("createdAt")} as t from ${sql.table("user")} where id = ${user.uid}`.execute(
      app.deps.db.kysely,
    );
    if (app.deps.db.dialect === "sqlite") expect(typeof rows[0].t).toBe("string");
    else expect(rows[0].t).toBeInstanceOf(Date);
  });
});
