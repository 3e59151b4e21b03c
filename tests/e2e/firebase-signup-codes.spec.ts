/**
 * IDENTITY_PROVIDER=firebase with signup codes required (spec section 5): Google sign-up checks
 * the code before the popup opens and claims it with the account; email sign-up claims it on the
 * server, which answers with a custom token the browser signs in with.
 */
import type { Page } from "@playwright/test";
import { expect, PASSWORD, screenshot, signUp, test, uniqueEmail } from "./support/fixtures.ts";
import { pickNewGoogleAccount, routeGoogleApis } from "./support/google-apis.ts";

test.use({ identity: "firebase", requireSignupCode: true });

test("the code is checked before the popup opens; a valid one signs the new user up", async ({
  page,
  context,
  app,
}) => {
  test.setTimeout(60_000); // three code checks, a popup and two page loads: ~17 s alone
  await routeGoogleApis(context);
  const popups: Page[] = [];
  page.on("popup", (p) => popups.push(p));
  await page.goto("/signup");
  const button = page.getByRole("button", { name: "Continue with Google" });
  // Nothing happens until the terms are accepted (spec section 5).
  await expect(button).toBeDisabled();
  await page.getByRole("checkbox", { name: /I agree to the/ }).check();
  await button.click();
  await expect(page.getByText("Please enter a signup code to continue").first()).toBeVisible();
  await screenshot(page, "firebase-google-signup-code-empty");

  await page.getByLabel("Signup code").fill("NOPE-NOPE-NOPE");
  await button.click();
  await expect(page.getByText("This signup code is not valid.", { exact: false }).first()).toBeVisible();
  expect(popups).toHaveLength(0);

  const code = await app.createSignupCode();
  const email = uniqueEmail("fb-google-code");
  await page.getByLabel("Signup code").fill(code);
  const [popup] = await Promise.all([page.waitForEvent("popup"), button.click()]);
  await pickNewGoogleAccount(popup, email);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByLabel(/Account menu/)).toContainText(email);

  // The code was claimed: a second Google sign-up cannot use it.
  await page.getByLabel(/Account menu/).click();
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/signout$/);
  await page.goto("/signup");
  await page.getByRole("checkbox", { name: /I agree to the/ }).check();
  await page.getByLabel("Signup code").fill(code);
  await button.click();
  await expect(page.getByText("This signup code is not valid.", { exact: false }).first()).toBeVisible();
});

test("a new Google user without a code is refused at sign-in and pointed to sign-up", async ({ page, context }) => {
  test.setTimeout(60_000); // a popup: ~15 s on a loaded machine
  await routeGoogleApis(context);
  await page.goto("/login");
  const [popup] = await Promise.all([
    page.waitForEvent("popup"),
    page.getByRole("button", { name: "Continue with Google" }).click(),
  ]);
  await pickNewGoogleAccount(popup, uniqueEmail("fb-google-nocode"));
  await expect(
    page.getByText("A signup code is required to create a new account. Please sign up with a valid code.").first(),
  ).toBeVisible();
  await expect(page.getByText("It looks like you're trying to create a new account.")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test("email sign-up with a code signs in with the server's custom token", async ({ page, app }) => {
  const customTokenSignIns: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/accounts:signInWithCustomToken")) customTokenSignIns.push(r.url());
  });
  const code = await app.createSignupCode();
  const email = uniqueEmail("fb-code");
  await page.goto("/signup?form=email");
  await signUp(page, email, PASSWORD, code);
  // The server's sign-up, the browser's custom-token sign-in, the session exchange.
  await expect(page).toHaveURL(/\/home$/, { timeout: 20_000 });
  await expect(page.getByLabel(/Account menu/)).toContainText(email);
  expect(customTokenSignIns).toHaveLength(1);
});
