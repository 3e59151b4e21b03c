import { actionLink } from "./support/mailbox.ts";
import { expect, PASSWORD, signIn, test, uniqueEmail } from "./support/fixtures.ts";

for (const javaScriptEnabled of [true, false]) {
  test.describe(`recover a changed email, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the old address restores itself and can ask for a password reset", async ({ page, app, mailbox }) => {
      const original = uniqueEmail("recover");
      const hijacked = uniqueEmail("hijacked");
      await app.seedUser(original, PASSWORD);

      // Someone with the session changes the sign-in email (through the API: the account screen
      // arrives with the settings issue).
      const api = (path: string, body: unknown, token?: string) =>
        fetch(`${app.url}/api${path}`, {
          method: "POST",
          headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
        });
      const { token } = (await (await api("/auth/sign-in", { email: original, password: PASSWORD })).json()) as {
        token: string;
      };
      expect((await api("/users/me/email", { email: hijacked }, token)).status).toBe(200);

      const mail = await mailbox.waitFor(original, "Your sign-in email was changed");
      await page.goto(actionLink(mail));
      await expect(page.getByText("as the sign-in email of your account.")).toContainText(original);
      await page.getByRole("button", { name: "Restore my email" }).click();
      await expect(page.getByText(/Your sign-in email has been restored to/)).toContainText(original);

      // The session that made the change is gone, and the original address signs in again.
      const me = await fetch(`${app.url}/api/users/me`, { headers: { authorization: `Bearer ${token}` } });
      expect(me.status).toBe(401);
      await page.goto("/login");
      await signIn(page, original, PASSWORD);
      await expect(page).toHaveURL(/\/home$/);

      // The link worked once.
      await page.goto(actionLink(mail));
      await expect(page.getByRole("button", { name: "Restore my email" })).toHaveCount(0);
      await expect(
        page.getByText("Invalid or expired action code. Please contact support if you need help."),
      ).toBeVisible();
    });
  });
}
