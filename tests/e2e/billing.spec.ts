import type { Page } from "@playwright/test";
import { sql } from "kysely";
import { ADMIN_EMAIL, expect, PASSWORD, screenshot, test, uniqueEmail } from "./support/fixtures.ts";
import { api, completeAt, signedIn } from "./support/billing.ts";
import { fakeStripeJsCalls, installFakeStripeJs } from "./support/fake-stripe-js.ts";

/**
 * Billing on, against the local fake Stripe (tests/helpers/fake-stripe.ts) and the Stripe.js
 * stand-in (support/fake-stripe-js.ts): pricing -> embedded checkout -> /return -> subscription
 * active -> credits granted -> a question charged -> portal -> cancel at period end.
 */
test.use({ billing: "stripe" });

const VIEWPORTS = [
  { name: "desktop", width: 1440, height: 900 },
  { name: "mobile", width: 375, height: 812 },
];

const noHorizontalScroll = async (page: Page, width: number) => {
  if (width < 768) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
};

test("a visitor sees TEST MODE, the trial and Subscribe, and purchase goes to /signup returning to /pricing", async ({
  page,
}) => {
  await page.goto("/pricing");
  await expect(page.getByRole("alert").filter({ hasText: "TEST MODE" })).toBeVisible();
  const pro = page.getByTestId("plan-pro");
  await expect(pro.getByRole("link", { name: "7-Day Free Trial" })).toBeVisible();
  await expect(page.getByTestId("plan-basic").getByRole("link", { name: "Subscribe" })).toBeVisible();
  await pro.getByRole("link", { name: "Subscribe" }).click();
  await expect(page).toHaveURL(/\/signup\?returnTo=%2Fpricing$/);
});

for (const vp of VIEWPORTS) {
  test(`${vp.name} (${vp.width}px): checkout, credits, a charged question, portal, cancel at period end`, async ({
    browser,
    app,
  }) => {
    test.setTimeout(120_000);
    const stripe = app.stripe!;
    const email = uniqueEmail(`sub-${vp.name}`);
    const { token } = await api<{ token: string }>(app.url, "POST", "/auth/sign-up", { email, password: PASSWORD });
    const { context, page } = await signedIn(browser, app.url, token, vp);
    await installFakeStripeJs(context, completeAt(stripe));

    // No plan yet: the Usage tab says to subscribe; its histories are empty.
    await page.goto("/usage");
    await expect(
      page.getByText("Subscribe to get credits and storage to upload files and ask questions."),
    ).toBeVisible();
    await expect(page.getByRole("region", { name: "Usage history" })).toContainText("No usage yet.");
    await expect(page.getByRole("region", { name: "Payment history" })).toContainText("No payments yet.");
    await screenshot(page, `billing-usage-empty-${vp.name}`);
    await page.getByRole("link", { name: "Subscribe now" }).click();
    await expect(page).toHaveURL(/\/subscription$/);

    // The pricing table in the Subscription tab; a checkout opened and closed is forgotten.
    await expect(page.getByText("You don't have a subscription yet.", { exact: false })).toBeVisible();
    const pro = page.getByTestId("plan-pro");
    await pro.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByTestId("fake-stripe-checkout")).toBeVisible();
    await expect(page.getByTestId("plan-pro")).toHaveCount(0);
    await screenshot(page, `billing-checkout-${vp.name}`);
    await page.getByRole("button", { name: "Back to Pricing" }).click();
    await expect(page.getByTestId("fake-stripe-checkout")).toHaveCount(0);
    await pro.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByTestId("fake-stripe-checkout")).toBeVisible();
    const calls = await fakeStripeJsCalls(page);
    expect(calls.filter((c) => c.method === "createEmbeddedCheckoutPage")).toHaveLength(2);
    expect(calls.some((c) => c.method === "destroy")).toBe(true);
    expect(calls.find((c) => c.method === "Stripe")?.key).toBe(stripe.env.STRIPE_PUBLISHABLE_KEY);

    // Pay: Stripe's redirect to /return, then the page's two 1 s steps to /settings.
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page).toHaveURL(/\/return\?session_id=cs_/);
    await expect(page.getByText("Processing your subscription...")).toBeVisible();
    await expect(page.getByText("Subscription processed successfully!")).toBeVisible({ timeout: 10_000 });
    await expect(page).toHaveURL(/\/settings$/, { timeout: 10_000 });
    await expect(page.getByTestId("subscription-status")).toHaveText("Active");
    await expect(page.getByText("Pro", { exact: true })).toBeVisible();
    await expect(page.getByTestId("plan-pro")).toHaveCount(0);
    await noHorizontalScroll(page, vp.width);
    await screenshot(page, `billing-subscription-active-${vp.name}`);

    // The period's credits were granted and the payment recorded.
    const tabs = page.getByRole("navigation", { name: "Settings tabs" });
    await tabs.getByRole("link", { name: "Usage / Balance" }).click();
    await expect(page.getByTestId("credit-balance")).toHaveText("Balance: 20,000 credits");
    await expect(page.getByTestId("compute-credits")).toContainText("0 of 20K credits used (0.0%)");
    await expect(page.getByTestId("storage-usage")).toContainText("0.00 GB of 100.00 GB (0.0%)");
    await expect(page.getByRole("region", { name: "Usage history" })).toContainText("+20,000");
    await expect(page.getByRole("region", { name: "Payment history" })).toContainText("$49.00");
    await expect(page.getByRole("link", { name: "Subscribe now" })).toHaveCount(0);

    // A question (search mode: no model configured) is charged to the ledger.
    const ws = await api<{ id: string }>(app.url, "POST", "/workspaces", { name: `Billing ${vp.name}` }, token);
    const th = await api<{ id: string }>(app.url, "POST", `/workspaces/${ws.id}/threads`, { name: "Charged" }, token);
    await page.goto(`/workspace/${ws.id}/thread/${th.id}`);
    await page.getByLabel("Ask a question").fill("What do the covenants say about leverage?");
    await page.getByLabel("Ask a question").press("Enter");
    await expect(page.getByRole("article", { name: "Answer" }).last()).toHaveAttribute("data-status", /complete|done/, {
      timeout: 20_000,
    });
    await page.goto("/usage");
    const usage = page.getByRole("region", { name: "Usage history" });
    // Newest first: the answer's charge (after its hold and release), then the period's grant.
    const newest = usage.getByRole("row").nth(1);
    await expect(newest).toContainText("Answer");
    await expect(newest.getByRole("cell").nth(2)).toHaveText("-1");
    await expect(newest.getByRole("cell").nth(3)).toHaveText("19,999");
    await expect(usage).toContainText("+20,000");
    await expect(page.getByTestId("credit-balance")).toHaveText("Balance: 19,999 credits");
    await expect(page.getByTestId("compute-credits")).toContainText("1 of 20K credits used (0.0%)");
    await noHorizontalScroll(page, vp.width);
    await screenshot(page, `billing-usage-charged-${vp.name}`);

    // 'Manage Subscription' posts a form that lands on the (fake) customer portal.
    await page.goto("/subscription");
    await page.getByRole("button", { name: "Manage Subscription" }).click();
    await expect(page.getByRole("heading", { name: "Customer portal" })).toBeVisible();
    expect(page.url()).toContain(`${stripe.url}/__fake/portal/`);

    // Cancel at period end from the Subscription tab.
    await page.goto("/subscription");
    await page.getByRole("button", { name: "Cancel at period end" }).click();
    await expect(page.getByText(/^Your subscription will end on /)).toBeVisible();
    await expect(page.getByText(/Your subscription is cancelled and ends on /)).toBeVisible();
    await expect(page.getByRole("button", { name: "Cancel at period end" })).toHaveCount(0);
    await screenshot(page, `billing-cancelled-${vp.name}`);

    // /pricing marks the current plan and hides its purchase buttons.
    await page.goto("/pricing");
    await expect(page.getByTestId("plan-pro")).toContainText("Current Plan");
    await expect(page.getByTestId("plan-pro").getByRole("button")).toHaveCount(0);
    expect(stripe.unexpected).toEqual([]);
    await context.close();
  });
}

test("without JavaScript: the trial form starts a card-less trial (days left shown), cancel and portal forms work", async ({
  browser,
  app,
}) => {
  const { token } = await api<{ token: string }>(app.url, "POST", "/auth/sign-up", {
    email: uniqueEmail("trial"),
    password: PASSWORD,
  });
  const context = await browser.newContext({ baseURL: app.url, javaScriptEnabled: false, viewport: VIEWPORTS[0] });
  const value = encodeURIComponent(Buffer.from(JSON.stringify(token)).toString("base64"));
  await context.addCookies([{ name: "__session", value, url: app.url, httpOnly: true, sameSite: "Lax" }]);
  const page = await context.newPage();
  await page.goto("/subscription");
  await page.getByTestId("plan-pro").getByRole("button", { name: "7-Day Free Trial" }).click();
  await expect(page.getByText("Your free trial has started.")).toBeVisible();
  await expect(page.getByTestId("subscription-status")).toHaveText("Trialing");
  await expect(page.getByTestId("trial-days")).toHaveText("7 days left in your free trial.");
  await screenshot(page, "billing-trial-nojs");
  // Cancel at period end is a plain form too; the portal form leaves for the (fake) customer portal.
  await page.getByRole("button", { name: "Cancel at period end" }).click();
  await expect(page.getByText(/^Your subscription will end on /)).toBeVisible();
  await expect(page.getByText(/Your subscription is cancelled and ends on /)).toBeVisible();
  await page.getByRole("button", { name: "Manage Subscription" }).click();
  await expect(page.getByRole("heading", { name: "Customer portal" })).toBeVisible();
  await context.close();
});

test("past_due: the Subscription tab warns to update the payment method", async ({ browser, app }) => {
  const { token } = await api<{ token: string }>(app.url, "POST", "/auth/sign-up", {
    email: uniqueEmail("pastdue"),
    password: PASSWORD,
  });
  const { subscription } = await api<{ subscription: { id: string } }>(
    app.url,
    "POST",
    "/create-trial?promotion_type=pro",
    undefined,
    token,
  );
  // The renewal's payment fails at the fake Stripe; its webhook marks the subscription past_due.
  await app.stripe!.failPayment(subscription.id);
  const { context, page } = await signedIn(browser, app.url, token, VIEWPORTS[1]!);
  await page.goto("/subscription");
  await expect(page.getByTestId("subscription-status")).toHaveText("Past due");
  await expect(
    page.getByText("Your last payment failed. Please update your payment method to keep your subscription."),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Manage Subscription" })).toBeVisible();
  await screenshot(page, "billing-past-due-mobile");
  await context.close();
});

test("the Usage tab's error state: a history page the API refuses shows the spec's text, not a broken page", async ({
  browser,
  app,
}) => {
  const { token } = await api<{ token: string }>(app.url, "POST", "/auth/sign-up", {
    email: uniqueEmail("usage-error"),
    password: PASSWORD,
  });
  await api(app.url, "POST", "/create-trial?promotion_type=pro", undefined, token);
  const { context, page } = await signedIn(browser, app.url, token, VIEWPORTS[0]!);
  // A cursor the API did not hand out: 400 from /users/me/usages, so the tab cannot load.
  await page.goto("/usage?usage_after=not-a-cursor");
  await expect(page.getByText("Error loading usage information")).toBeVisible();
  // The settings shell is still there: the user can go elsewhere.
  await expect(page.getByRole("link", { name: "Usage / Balance" }).first()).toBeVisible();
  await screenshot(page, "billing-usage-error");
  await context.close();
});

test("the Subscription tab's error state: a subscription read the database refuses shows the spec's text", async ({
  browser,
  app,
}) => {
  const { token } = await api<{ token: string }>(app.url, "POST", "/auth/sign-up", {
    email: uniqueEmail("subscription-error"),
    password: PASSWORD,
  });
  await api(app.url, "POST", "/create-trial?promotion_type=pro", undefined, token);
  const { context, page } = await signedIn(browser, app.url, token, VIEWPORTS[0]!);
  // /subscription-status reads only our database (the webhooks keep it current), so that is what
  // fails here: the subscriptions table is unreadable, the API answers an opaque 500 with a reference.
  await sql`ALTER TABLE subscriptions RENAME TO subscriptions_unreadable`.execute(app.db);
  try {
    await page.goto("/subscription");
    await expect(
      page.getByText(/^Error loading subscription: Something went wrong on our side\. Reference: \S+\.$/),
    ).toBeVisible();
    await expect(page.getByTestId("subscription-status")).toHaveCount(0);
    // The settings shell is still there: the user can go elsewhere.
    await expect(page.getByRole("link", { name: "Usage / Balance" }).first()).toBeVisible();
    await screenshot(page, "billing-subscription-error");
  } finally {
    await sql`ALTER TABLE subscriptions_unreadable RENAME TO subscriptions`.execute(app.db);
  }
  // Once the database answers again, so does the tab.
  await page.reload();
  await expect(page.getByTestId("subscription-status")).toHaveText("Trialing");
  await context.close();
});

test("the Usage tab pages its history: 'Older' follows the `after` cursor, 'Newest' comes back", async ({
  browser,
  app,
}) => {
  test.setTimeout(90_000);
  const { token, user } = await api<{ token: string; user: { uid: string } }>(app.url, "POST", "/auth/sign-up", {
    email: uniqueEmail("usage-paging"),
    password: PASSWORD,
  });
  await api(app.url, "POST", "/create-trial?promotion_type=pro", undefined, token);
  // The trial's two rows, then 20 admin grants: 22 rows, one more page than the tab's 20.
  await app.seedUser(ADMIN_EMAIL, PASSWORD);
  const admin = await api<{ token: string }>(app.url, "POST", "/auth/sign-in", {
    email: ADMIN_EMAIL,
    password: PASSWORD,
  });
  for (let i = 1; i <= 20; i++)
    await api(
      app.url,
      "POST",
      `/admin/users/${user.uid}/credits`,
      { credits: i, reason: `Goodwill ${i}`, idempotency_key: `paging-${user.uid}-${i}` },
      admin.token,
    );
  const { context, page } = await signedIn(browser, app.url, token, VIEWPORTS[1]!);
  await page.goto("/usage");
  const usage = page.getByRole("region", { name: "Usage history" });
  await expect(usage.getByRole("row")).toHaveCount(21); // header + 20
  await expect(usage.getByRole("row").nth(1)).toContainText("Goodwill 20");
  await expect(usage).not.toContainText("Pro trial credits");
  const pages = page.getByRole("navigation", { name: "Usage history pages" });
  await expect(pages.getByRole("link", { name: "Newest" })).toHaveCount(0);
  await pages.getByRole("link", { name: "Older" }).click();
  await expect(page).toHaveURL(/\/usage\?usage_after=/);
  await expect(usage.getByRole("row")).toHaveCount(3); // header + the trial's reset and grant
  await expect(usage.getByRole("row").nth(1)).toContainText("Pro trial credits");
  await expect(usage).not.toContainText("Goodwill");
  await expect(pages.getByRole("link", { name: "Older" })).toHaveCount(0);
  await noHorizontalScroll(page, VIEWPORTS[1]!.width);
  await screenshot(page, "billing-usage-older-mobile");
  await pages.getByRole("link", { name: "Newest" }).click();
  await expect(page).toHaveURL(/\/usage$/);
  await expect(usage.getByRole("row").nth(1)).toContainText("Goodwill 20");
  await context.close();
});
