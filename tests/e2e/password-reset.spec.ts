import { actionLink } from "./support/mailbox.ts";
import { expect, PASSWORD, signIn, test, uniqueEmail } from "./support/fixtures.ts";

for (const javaScriptEnabled of [true, false]) {
  test.describe(`password reset, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("reset a forgotten password by email; only the new one works", async ({ page, app, mailbox }) => {
      const email = uniqueEmail("reset");
      const newPassword = "brand-new-secret-2";
      await app.seedUser(email, PASSWORD);

      await page.goto("/login");
      await page.getByRole("link", { name: "Forgot password?" }).click();
      await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
      await page.getByLabel("Email").fill(email);
      await page.getByRole("button", { name: "Reset Password" }).click();
      await expect(
        page.getByText("If an account exists for that address, we have sent a password reset email."),
      ).toBeVisible();
      await expect(page.getByText(/check your spam folder/)).toBeVisible();

      const mail = await mailbox.waitFor(email, "Reset your password");
      await page.goto(actionLink(mail));
      await expect(page.getByText(`Choose a new password for ${email}.`)).toBeVisible();
      await page.getByLabel("New password").fill(newPassword);
      await page.getByRole("button", { name: "Save new password" }).click();

      await expect(page).toHaveURL(/\/login\?notice=password-reset$/);
      await expect(page.getByText("Your password has been changed.")).toBeVisible();

      await signIn(page, email, PASSWORD);
      await expect(page.getByText("Incorrect email or password.").first()).toBeVisible();
      await signIn(page, email, newPassword);
      await expect(page).toHaveURL(/\/home$/);

      // The link worked once.
      await page.goto(actionLink(mail));
      await expect(
        page.getByText("Invalid or expired action code. Please try to reset your password again."),
      ).toBeVisible();
      await expect(page.getByRole("link", { name: "Return to Sign In" })).toBeVisible();
    });
  });
}

test("email action links that cannot work say so", async ({ page }) => {
  await page.goto("/usermgmt?mode=verifyEmail");
  await expect(page.getByText("Invalid or expired action code.")).toBeVisible();
  await page.goto("/usermgmt?mode=verifyEmail&oobCode=nope");
  await expect(
    page.getByText("Invalid or expired verification link. Please request a new verification email."),
  ).toBeVisible();
  await page.goto("/usermgmt?mode=recoverEmail&oobCode=nope");
  await expect(
    page.getByText("Invalid or expired action code. Please contact support if you need help."),
  ).toBeVisible();
  await page.goto("/usermgmt?mode=somethingElse&oobCode=nope");
  await expect(
    page.getByText(
      "Invalid email action requested. Please check the link you followed or contact support for assistance.",
    ),
  ).toBeVisible();
});
