import { actionLink } from "./support/mailbox.ts";
import { expect, PASSWORD, screenshot, signIn, signUp, test, uniqueEmail } from "./support/fixtures.ts";

for (const js of [true, false]) {
  test.describe(`sign-up to sign-in, JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("sign up, verify by email, sign out, sign back in to the page first asked for", async ({ page, mailbox }) => {
      const email = uniqueEmail(js ? "journey-js" : "journey-nojs");

      await page.goto("/signup");
      await expect(page).toHaveTitle(/Sign up/);
      await expect(page.getByRole("heading", { name: "Join Analyst Workspace Today" })).toBeVisible();
      await expect(page.getByLabel("Signup code")).toHaveCount(0);
      if (js) {
        await expect(page.getByRole("button", { name: "Create account" })).toBeDisabled();
        await screenshot(page, "signup");
      }
      await signUp(page, email, PASSWORD);

      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByText("Please verify your email address")).toBeVisible();
      await expect(page.getByText("No workspaces yet")).toBeVisible();
      if (js) await screenshot(page, "home");

      const mail = await mailbox.waitFor(email, "Verify your email");
      await page.goto(actionLink(mail));
      await page.getByRole("button", { name: "Verify my email" }).click();
      await expect(page.getByText(`Your email address ${email} has been verified.`)).toBeVisible();
      if (js) await screenshot(page, "usermgmt-verified");
      await page.getByRole("link", { name: "Return to App" }).click();
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByText("Please verify your email address")).toHaveCount(0);

      await page.getByLabel(/Account menu/).click();
      await page.getByRole("button", { name: "Log out" }).click();
      await expect(page).toHaveURL(/\/signout$/);
      await expect(page.getByRole("heading", { name: "Signed Out Successfully" })).toBeVisible();
      await expect(page.getByText("Thank you for using Analyst Workspace. You have been signed out.")).toBeVisible();
      if (js) expect(await page.evaluate(() => sessionStorage.getItem("intentional-signout"))).toBeNull();

      await page.goto("/home");
      await expect(page).toHaveURL(/\/login\?returnTo=%2Fhome$/);
      await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
      if (js) await screenshot(page, "login");

      await signIn(page, email, "not-the-password");
      await expect(page.getByText("Incorrect email or password.").first()).toBeVisible();
      await expect(page.getByText("Don't have an account yet?")).toBeVisible();
      await expect(page.getByLabel("Email")).toHaveValue(email);

      await signIn(page, email, PASSWORD);
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByLabel(/Account menu/)).toContainText(email);

      await page.goto("/login");
      await expect(page).toHaveURL(/\/home$/);
    });

    test("sign-up errors are explained", async ({ page, app }) => {
      const email = uniqueEmail("taken");
      await app.seedUser(email, PASSWORD);
      await page.goto("/signup?returnTo=%2Fhome");
      await signUp(page, email, PASSWORD);
      await expect(page.getByText("This email is already registered.").first()).toBeVisible();
      await expect(page.getByRole("link", { name: "Sign in instead" })).toHaveAttribute(
        "href",
        "/login?returnTo=%2Fhome",
      );
      await expect(page.getByLabel("Email")).toHaveValue(email);
    });
  });
}

test("the server refuses a sign-up without the terms accepted", async ({ request }) => {
  const res = await request.post("/signup", {
    form: { intent: "signup", email: uniqueEmail("noterms"), password: PASSWORD, returnTo: "" },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(400);
  expect(await res.text()).toContain("Please accept the Terms of Service and Privacy Policy to continue.");
});
