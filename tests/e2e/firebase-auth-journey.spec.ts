/**
 * The auth journey with IDENTITY_PROVIDER=firebase, against an Auth emulator this worker starts:
 * the same screens, texts and email links as the built-in provider (auth-journey.spec.ts,
 * password-reset.spec.ts), JavaScript on and off (the forms post to the server, which signs in
 * through the Identity Toolkit).
 */
import type { Page } from "@playwright/test";
import { pickNewGoogleAccount, routeGoogleApis } from "./support/google-apis.ts";
import { actionLink } from "./support/mailbox.ts";
import { expect, PASSWORD, screenshot, signIn, signUp, test, uniqueEmail } from "./support/fixtures.ts";

test.use({ identity: "firebase" });

for (const js of [true, false]) {
  test.describe(`Firebase, JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("sign up, verify by email, sign out, sign back in", async ({ page, mailbox }) => {
      test.setTimeout(60_000); // a dozen page loads and three Firebase sign-ins: ~18 s alone
      const email = uniqueEmail(js ? "fb-js" : "fb-nojs");
      const customTokenSignIns: string[] = [];
      page.on("request", (r) => {
        if (r.url().includes("/accounts:signInWithCustomToken")) customTokenSignIns.push(r.url());
      });
      await page.goto("/signup?form=email");
      await signUp(page, email, PASSWORD);
      // With JavaScript: the server's sign-up, then the browser's custom-token sign-in and the
      // session exchange; over 7 s on a loaded machine.
      await expect(page).toHaveURL(/\/home$/, { timeout: 20_000 });
      await expect(page.getByText("Please verify your email address")).toBeVisible();
      // With JavaScript the browser signed in with sign-up's custom token (spec section 7).
      expect(customTokenSignIns).toHaveLength(js ? 1 : 0);

      const mail = await mailbox.waitFor(email, "Verify your email");
      await page.goto(actionLink(mail));
      await page.getByRole("button", { name: "Verify my email" }).click();
      await expect(page.getByText(`Your email address ${email} has been verified.`)).toBeVisible();
      await page.getByRole("link", { name: "Return to App" }).click();
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByText("Please verify your email address")).toHaveCount(0);

      await page.getByLabel(/Account menu/).click();
      await page.getByRole("button", { name: "Log out" }).click();
      await expect(page).toHaveURL(/\/signout$/);
      await page.goto("/home");
      await expect(page).toHaveURL(/\/login\?returnTo=%2Fhome$/);

      await signIn(page, email, "not-the-password");
      await expect(page.getByText("Incorrect email or password.").first()).toBeVisible();
      await expect(page.getByText("Don't have an account yet?")).toBeVisible();
      await signIn(page, email, PASSWORD);
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByLabel(/Account menu/)).toContainText(email);
    });

    test("reset a forgotten password by email; only the new one works, once", async ({ page, app, mailbox }) => {
      const email = uniqueEmail("fb-reset");
      const newPassword = "brand-new-secret-2";
      await app.seedUser(email, PASSWORD);
      await page.goto("/login?mode=reset");
      await page.getByLabel("Email").fill(email);
      await page.getByRole("button", { name: "Reset Password" }).click();
      const mail = await mailbox.waitFor(email, "Reset your password");
      await page.goto(actionLink(mail));
      await expect(page.getByText(`Choose a new password for ${email}.`)).toBeVisible();
      await page.getByLabel("New password").fill(newPassword);
      await page.getByRole("button", { name: "Save new password" }).click();
      await expect(page).toHaveURL(/\/login\?notice=password-reset$/);

      await signIn(page, email, PASSWORD);
      await expect(page.getByText("Incorrect email or password.").first()).toBeVisible();
      await signIn(page, email, newPassword);
      await expect(page).toHaveURL(/\/home$/);
      await page.goto(actionLink(mail));
      await expect(
        page.getByText("Invalid or expired action code. Please try to reset your password again."),
      ).toBeVisible();
    });
  });
}

test("with JavaScript the sign-in form signs in through the web SDK; a wrong password still reads the same", async ({
  page,
  app,
}) => {
  const email = uniqueEmail("fb-websdk");
  await app.seedUser(email, PASSWORD);
  const sdkCalls: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("identitytoolkit.googleapis.com/v1/accounts:signInWithPassword")) sdkCalls.push(r.url());
  });
  await page.goto("/login?returnTo=%2Flibrary");
  await signIn(page, email, "not-the-password");
  await expect(page.getByText("Incorrect email or password.").first()).toBeVisible();
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/library$/);
  await expect(page.getByLabel(/Account menu/)).toContainText(email);
  // Both attempts went from the browser to Firebase (the emulator) first.
  expect(sdkCalls).toHaveLength(2);
});

test("sign-up with an email Firebase already holds says so", async ({ page, app }) => {
  const email = uniqueEmail("fb-taken");
  await app.seedUser(email, PASSWORD);
  await page.goto("/signup?form=email");
  await signUp(page, email, PASSWORD);
  await expect(page.getByText("This email is already registered.").first()).toBeVisible();
});

const toasts = (page: Page) => page.locator("[data-sonner-toast]");

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
]) {
  test.describe(`Google in a popup, ${viewport.width} px`, () => {
    test.use({ viewport });

    test("a new Google user signs in through the emulator's popup and lands on /home", async ({ page, context }) => {
      test.setTimeout(60_000); // the popup alone: ~15 s on a loaded machine
      const google = await routeGoogleApis(context);
      const email = uniqueEmail(`fb-google-${viewport.width}`);
      const res = await page.goto("/login");
      // The popup reports back through window.opener, which COOP "same-origin" would cut.
      expect(res?.headers()["cross-origin-opener-policy"]).toBe("same-origin-allow-popups");
      await screenshot(page, `firebase-login-google-${viewport.width}`);
      const [popup] = await Promise.all([
        page.waitForEvent("popup"),
        page.getByRole("button", { name: "Continue with Google" }).click(),
      ]);
      await pickNewGoogleAccount(popup, email, viewport.width === 1440 ? "firebase-emulator-google-popup" : undefined);
      await expect(page).toHaveURL(/\/home$/);
      // Our user row exists: the app shell shows the account it holds.
      await expect(page.getByLabel(/Account menu/)).toContainText(email);
      // Verified by Google: no verification banner.
      await expect(page.getByText("Please verify your email address")).toHaveCount(0);
      await screenshot(page, `firebase-google-home-${viewport.width}`);
      expect(google.gapiLoads.length).toBeGreaterThan(0);
      expect(google.unexpected).toEqual([]);
    });

    test("closing the popup is kept silent: no toast, still on sign-in", async ({ page, context }) => {
      test.setTimeout(60_000); // the SDK takes up to 10 s to notice the closed popup
      const google = await routeGoogleApis(context);
      await page.goto("/login");
      const button = page.getByRole("button", { name: "Continue with Google" });
      const [popup] = await Promise.all([page.waitForEvent("popup"), button.click()]);
      await expect(popup).toHaveURL(/\/emulator\/auth\/handler\?/);
      await popup.close();
      // The SDK notices the closed popup within ~10 s (it polls, then waits for a late result).
      await expect(button).toBeEnabled({ timeout: 15_000 });
      await expect(toasts(page)).toHaveCount(0);
      await expect(page).toHaveURL(/\/login$/);
      expect(google.unexpected).toEqual([]);
    });
  });
}

test("with popups blocked, Google sign-in falls back to the redirect and comes back signed in", async ({
  page,
  context,
}) => {
  test.setTimeout(60_000); // two full-page trips through the emulator
  const google = await routeGoogleApis(context);
  // A browser that refuses popups: the SDK reports auth/popup-blocked.
  await context.addInitScript(() => {
    window.open = () => null;
  });
  const email = uniqueEmail("fb-google-redirect");
  await page.goto("/login?returnTo=%2Flibrary");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await pickNewGoogleAccount(page, email);
  await expect(page).toHaveURL(/\/library$/);
  await expect(page.getByLabel(/Account menu/)).toContainText(email);
  await screenshot(page, "firebase-google-redirect-library");
  expect(google.unexpected).toEqual([]);
});
