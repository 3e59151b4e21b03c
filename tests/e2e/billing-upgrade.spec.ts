import { expect, PASSWORD, screenshot, test, uniqueEmail } from "./support/fixtures.ts";
import { api, completeAt, signedIn } from "./support/billing.ts";
import { installFakeStripeJs } from "./support/fake-stripe-js.ts";

/**
 * Free -> paid: a user on the free Basic plan sees 'Current Plan' on Basic and 'Upgrade' on Pro
 * in /pricing; the embedded checkout (Stripe.js stand-in) pays, /return processes it, and Pro is
 * the active plan (the free subscription is canceled at the fake Stripe).
 */
test.use({ billing: "stripe" });

test("a free-plan user upgrades from /pricing through embedded checkout to an active Pro plan", async ({
  browser,
  app,
}) => {
  test.setTimeout(120_000);
  const stripe = app.stripe!;
  const { token } = await api<{ token: string }>(app.url, "POST", "/auth/sign-up", {
    email: uniqueEmail("upgrade"),
    password: PASSWORD,
  });
  // On the free plan: a Basic checkout, paid at the fake Stripe.
  const { clientSecret } = await api<{ clientSecret: string }>(
    app.url,
    "POST",
    "/create-checkout-session?price_id=price_basic",
    undefined,
    token,
  );
  const free = await stripe.completeCheckout(clientSecret.split("_secret_")[0]!);

  const { context, page } = await signedIn(browser, app.url, token, { width: 1440, height: 900 });
  await installFakeStripeJs(context, completeAt(stripe));
  await page.goto("/pricing");
  await expect(page.getByTestId("plan-basic")).toContainText("Current Plan");
  await expect(page.getByTestId("plan-basic").getByRole("button")).toHaveCount(0);
  const pro = page.getByTestId("plan-pro");
  await screenshot(page, "billing-upgrade-pricing");
  await pro.getByRole("button", { name: "Upgrade" }).click();
  await expect(page.getByTestId("fake-stripe-checkout")).toBeVisible();
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(/\/return\?session_id=cs_/);
  await expect(page.getByText("Subscription processed successfully!")).toBeVisible({ timeout: 10_000 });
  await expect(page).toHaveURL(/\/settings$/, { timeout: 10_000 });
  await expect(page.getByTestId("subscription-status")).toHaveText("Active");
  await expect(page.getByText("Pro", { exact: true })).toBeVisible();
  expect(stripe.subscriptions.get(free.id)!.status).toBe("canceled");
  await page.goto("/pricing");
  await expect(page.getByTestId("plan-pro")).toContainText("Current Plan");
  await screenshot(page, "billing-upgrade-done");
  expect(stripe.unexpected).toEqual([]);
  await context.close();
});
