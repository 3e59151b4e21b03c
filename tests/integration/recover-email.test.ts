import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, uniqueEmail } from "../helpers/factories.ts";
import { extractCode, extractLink } from "../helpers/smtp.ts";
import { createTestApp, testingFirebase, type TestApp } from "../helpers/test-app.ts";
import * as authApi from "../../contracts/auth.ts";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

describe("change and recover email", () => {
  it("the old address can undo an email change", async () => {
    const { email: oldEmail, password, token } = await createUser(app, { verified: true });
    await app.mail.waitForMail({ to: oldEmail, subject: "Verify your email" }); // from sign-up
    const newEmail = uniqueEmail("new");

    const changed = await app.api(authApi.changeEmail, { token, body: { email: newEmail.toUpperCase() } });
    expect(changed.status).toBe(200);
    expect(changed.body.email).toBe(newEmail);
    expect(changed.body.emailVerified).toBe(false);

    const recoverMail = await app.mail.waitForMail({ to: oldEmail, subject: "Your sign-in email was changed" });
    const recoverLink = extractLink(recoverMail);
    expect(recoverLink.searchParams.get("mode")).toBe("recoverEmail");
    const verifyMail = await app.mail.waitForMail({ to: newEmail, subject: "Verify your email" });
    expect(extractLink(verifyMail).searchParams.get("mode")).toBe("verifyEmail");

    // The new address signs in now; the old one does not.
    expect((await app.api(authApi.signIn, { body: { email: newEmail, password } })).status).toBe(200);
    expect((await app.api(authApi.signIn, { body: { email: oldEmail, password } })).status).toBe(401);

    const oobCode = recoverLink.searchParams.get("oobCode")!;
    const check = await app.api(authApi.checkActionCode, { body: { oobCode } });
    expect(check.body).toEqual({ mode: "recoverEmail", email: oldEmail });

    const apply = await app.api(authApi.applyActionCode, { body: { oobCode } });
    expect(apply.status).toBe(200);
    expect(apply.body).toEqual({ mode: "recoverEmail", email: oldEmail });

    // Whoever changed the address is signed out everywhere.
    expect((await app.api(authApi.getMe, { token })).status).toBe(401);
    const back = await app.api(authApi.signIn, { body: { email: oldEmail, password } });
    expect(back.status).toBe(200);
    expect(back.body.user.email).toBe(oldEmail);
    expect(back.body.user.emailVerified).toBe(true);
    expect((await app.api(authApi.signIn, { body: { email: newEmail, password } })).status).toBe(401);

    // The verification link for the abandoned address verifies nothing.
    const stale = await app.api(authApi.applyActionCode, { body: { oobCode: extractCode(verifyMail) } });
    expect(stale.status).toBe(400);
    expect(stale.error?.code).toBe("auth/invalid-action-code");

    const twice = await app.api(authApi.applyActionCode, { body: { oobCode } });
    expect(twice.status).toBe(400);
  });

  it("the new address's verification link verifies it", async () => {
    const { token: oldToken, password } = await createUser(app);
    const newEmail = uniqueEmail("fresh");
    expect((await app.api(authApi.changeEmail, { token: oldToken, body: { email: newEmail } })).status).toBe(200);
    let token = oldToken;
    if (testingFirebase()) {
      // Firebase ends every session of a user whose email changes; the new address signs in.
      expect((await app.api(authApi.getMe, { token: oldToken })).status).toBe(401);
      token = (await app.api(authApi.signIn, { body: { email: newEmail, password } })).body.token;
    }
    const oobCode = extractCode(await app.mail.waitForMail({ to: newEmail, subject: "Verify your email" }));
    const apply = await app.api(authApi.applyActionCode, { body: { oobCode } });
    expect(apply.status).toBe(200);
    expect(apply.body).toEqual({ mode: "verifyEmail", email: newEmail });
    const me = await app.api(authApi.getMe, { token });
    expect(me.body.email).toBe(newEmail);
    expect(me.body.emailVerified).toBe(true);
  });

  it("refuses an address another account holds, an invalid one, and anonymous callers", async () => {
    const a = await createUser(app);
    const b = await createUser(app);
    const taken = await app.api(authApi.changeEmail, { token: a.token, body: { email: b.email.toUpperCase() } });
    expect(taken.status).toBe(409);
    expect(taken.error?.code).toBe("auth/email-already-in-use");
    const invalid = await app.api(authApi.changeEmail, { token: a.token, body: { email: "nope" } });
    expect(invalid.status).toBe(400);
    expect(invalid.error).toMatchObject({
      code: "validation_failed",
      fields: { email: "The email address is badly formatted." },
    });
    const anonymous = await app.api(authApi.changeEmail, { body: { email: uniqueEmail() } });
    expect(anonymous.status).toBe(401);
  });

  it("does not restore an address that another account took in the meantime", async () => {
    const { email: oldEmail, token } = await createUser(app);
    expect((await app.api(authApi.changeEmail, { token, body: { email: uniqueEmail("moved") } })).status).toBe(200);
    const oobCode = extractCode(
      await app.mail.waitForMail({ to: oldEmail, subject: "Your sign-in email was changed" }),
    );
    await createUser(app, { email: oldEmail });
    const res = await app.api(authApi.applyActionCode, { body: { oobCode } });
    expect(res.status).toBe(409);
    expect(res.error?.code).toBe("conflict");
  });
});
