import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expect, PASSWORD, screenshot, test, uniqueEmail } from "./support/fixtures.ts";

const VIEWPORTS = [
  { name: "desktop", width: 1440, height: 900 },
  { name: "mobile", width: 375, height: 812 },
];

async function signUpApi(baseUrl: string, email: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** A browser context carrying the web tier's session cookie for `token`. */
async function signedIn(
  browser: Browser,
  baseURL: string,
  token: string,
  o: { viewport: { width: number; height: number }; javaScriptEnabled?: boolean },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, ...o });
  const value = encodeURIComponent(Buffer.from(JSON.stringify(token)).toString("base64"));
  await context.addCookies([{ name: "__session", value, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
  return { context, page: await context.newPage() };
}

const tabs = (page: Page) => page.getByRole("navigation", { name: "Settings tabs" });

test.describe("billing off (no Stripe key)", () => {
  for (const vp of VIEWPORTS) {
    test(`${vp.name}: the settings tabs show storage and compute used and say billing is not enabled`, async ({
      browser,
      app,
    }) => {
      const email = uniqueEmail("nobilling");
      const token = await signUpApi(app.url, email);
      const { context, page } = await signedIn(browser, app.url, token, { viewport: vp });

      await page.goto("/settings");
      await expect(page.getByRole("heading", { level: 1, name: "Subscription" })).toBeVisible();
      await expect(page.getByText("Billing is not enabled on this server.")).toBeVisible();
      await expect(page.getByRole("button", { name: /Manage Subscription|Subscribe|Upgrade|Free Trial/ })).toHaveCount(
        0,
      );
      await screenshot(page, `billing-off-subscription-${vp.name}`);

      await tabs(page).getByRole("link", { name: "Usage / Balance" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Usage / Balance" })).toBeVisible();
      const storage = page.getByTestId("storage-usage");
      await expect(storage).toContainText("Storage Usage");
      // The default STORAGE_QUOTA_BYTES is 10 GiB; a new account has stored nothing.
      await expect(storage).toContainText("0.00 GB of 10.00 GB (0.0%)");
      await expect(page.getByTestId("compute-credits")).toContainText("Compute used: $0.00");
      await expect(page.getByRole("link", { name: "Subscribe now" })).toHaveCount(0);
      await expect(page.getByRole("region", { name: "Payment history" })).toHaveCount(0);
      if (vp.width < 768)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(vp.width);
      await screenshot(page, `billing-off-usage-${vp.name}`);

      await page.goto("/pricing");
      await expect(page.getByText("Billing is not enabled on this server.")).toBeVisible();
      await expect(page.getByRole("button", { name: /Subscribe|Upgrade|Free Trial/ })).toHaveCount(0);
      await context.close();
    });
  }

  test("Account Management: signed in as, verification resend, support, deletion link, sign out", async ({
    browser,
    app,
  }) => {
    const email = uniqueEmail("account");
    const token = await signUpApi(app.url, email);
    const { context, page } = await signedIn(browser, app.url, token, { viewport: VIEWPORTS[0]! });
    await page.goto("/account");
    await expect(page.getByRole("heading", { level: 1, name: "Account Management" })).toBeVisible();
    const signedInAs = page.getByRole("region", { name: "Signed in as" });
    await expect(signedInAs).toContainText(email);
    const verification = page.getByRole("region", { name: "Email verification" });
    await expect(verification.getByTestId("email-unverified")).toBeVisible();
    await verification.getByRole("button", { name: "Resend verification email" }).click();
    await expect(page.getByText("Verification email sent! Please check your inbox.")).toBeVisible();
    const support = page.getByRole("region", { name: "Support" });
    await expect(support.getByRole("link", { name: "Contact Us" })).toBeVisible();
    await expect(support.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
    // No COMMUNITY_CHAT_URL on this server: no chat button.
    await expect(page.getByRole("link", { name: "Join our community chat" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Request account deletion" })).toHaveAttribute("target", "_blank");
    await screenshot(page, "account-desktop");
    await signedInAs.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/signout$/);
    await context.close();
  });

  test("each tab's loading state while its data is on the way, and /return's texts", async ({ browser, app }) => {
    const token = await signUpApi(app.url, uniqueEmail("states"));
    const { context, page } = await signedIn(browser, app.url, token, { viewport: VIEWPORTS[0]! });
    await page.goto("/published");
    // Hold each tab's data request: the shell shows the tab's loading text until it arrives.
    // (The loaders' error texts are covered in app/lib/settings-loaders.server.test.ts: a data
    // request failing here would fail the whole navigation, the app shell's too.)
    for (const [tab, loading, heading] of [
      ["Usage / Balance", "Loading usage information...", "Usage / Balance"],
      ["Subscription", "Loading subscription...", "Subscription"],
      ["Account Management", "Loading account...", "Account Management"],
    ] as const) {
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      const path = tab === "Usage / Balance" ? "usage" : tab === "Subscription" ? "subscription" : "account";
      const pattern = new RegExp(`/${path}\\.data`);
      await page.route(pattern, async (route) => {
        await held;
        await route.continue();
      });
      await tabs(page).getByRole("link", { name: tab }).click();
      await expect(page.getByRole("status").filter({ hasText: loading })).toBeVisible();
      if (path === "usage") await screenshot(page, "usage-loading");
      release();
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await page.unroute(pattern);
    }

    await page.goto("/return");
    await expect(page.getByText("No session ID found in URL")).toBeVisible();
    // Hold the session check so "Processing" is seen before the answer replaces it (without
    // Stripe the answer comes back at once: it raced the assertion).
    let releaseCheck!: () => void;
    const checkHeld = new Promise<void>((r) => (releaseCheck = r));
    await page.route(/\/resources\/billing\/checkout-sessions\//, async (route) => {
      await checkHeld;
      await route.continue();
    });
    await page.goto("/return?session_id=cs_test_unknown");
    await expect(page.getByText("Processing your subscription...")).toBeVisible();
    releaseCheck();
    await expect(
      page.getByText("Failed to process subscription. Please contact support if this persists."),
    ).toBeVisible();
    await page.getByRole("link", { name: "Return to Settings" }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await context.close();
  });
});
