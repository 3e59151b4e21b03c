import { ADMIN_EMAIL, expect, PASSWORD, screenshot, signIn, signUp, test, uniqueEmail } from "./support/fixtures.ts";

test.use({ requireSignupCode: true });

test("an admin hands out a signup code and sees it used; non-admins are kept out", async ({ page, app, browser }) => {
  test.setTimeout(60_000); // two browsers and a dozen page loads: ~19 s alone, over 30 s on a loaded machine
  // With codes required nobody can sign up without one, the first admin included: seed them.
  await app.seedUser(ADMIN_EMAIL, PASSWORD);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: app.url });

  await page.goto("/admin");
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fadmin$/);
  await signIn(page, ADMIN_EMAIL, PASSWORD);
  await expect(page).toHaveURL(/\/admin\/signup-codes$/);
  await expect(page.getByRole("link", { name: "Signup Codes" })).toHaveAttribute("aria-current", "page");

  const note = `For ${uniqueEmail("invitee")}`;
  await page.getByLabel("Description").fill(note);
  await page.getByRole("button", { name: "Create code" }).click();
  await expect(page.getByText("Signup code created successfully!")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: note });
  await expect(row.getByText("Active")).toBeVisible();
  await screenshot(page, "admin-signup-codes");

  await row.getByRole("button", { name: /^Copy/ }).click();
  await expect(page.getByText("Signup code copied to clipboard!")).toBeVisible();
  const code = await page.evaluate(() => navigator.clipboard.readText());
  expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  await expect(row.getByRole("cell", { name: code, exact: true })).toBeVisible();

  // The invitee, in a browser of their own.
  const invitee = await browser.newContext({ baseURL: app.url });
  const other = await invitee.newPage();
  const inviteeEmail = uniqueEmail("invitee");
  await other.goto("/signup");
  await expect(other.getByPlaceholder("Enter your signup code")).toBeVisible();
  await signUp(other, inviteeEmail, PASSWORD, "   ");
  await expect(other.getByText("A signup code is required to create a new account.").first()).toBeVisible();
  await expect(other.getByText("Please enter a signup code to continue")).toBeVisible();
  await signUp(other, inviteeEmail, PASSWORD, "NOPE-NOPE-NOPE");
  await expect(other.getByText("This signup code is not valid.", { exact: false }).first()).toBeVisible();
  await signUp(other, inviteeEmail, PASSWORD, ` ${code} `);
  await expect(other).toHaveURL(/\/home$/);

  await page.reload();
  await expect(row.getByText("Used")).toBeVisible();
  await expect(row.getByRole("button", { name: /^Copy/ })).toHaveCount(0);

  // Deactivation asks first, with the spec's words.
  await page.getByLabel("Description").fill("to be withdrawn");
  await page.getByRole("button", { name: "Create code" }).click();
  const doomed = page.getByRole("row").filter({ hasText: "to be withdrawn" });
  const doomedCode = (await doomed.locator("td").first().textContent())!.trim();
  let asked = "";
  page.once("dialog", (d) => {
    asked = d.message();
    void d.accept();
  });
  await doomed.getByRole("button", { name: /^Deactivate/ }).click();
  await expect(page.getByText("Signup code deactivated successfully!")).toBeVisible();
  expect(asked).toBe(
    `Are you sure you want to deactivate the signup code "${doomedCode}"? This action cannot be undone.`,
  );
  await expect(doomed.getByText("Inactive")).toBeVisible();

  // A signed-in non-admin is sent home with the reason.
  await other.goto("/admin/signup-codes");
  await expect(other).toHaveURL(/\/home$/);
  await expect(other.getByText("You don't have permission to access the admin area.")).toBeVisible();
  await other.reload();
  await expect(other.getByText("You don't have permission to access the admin area.")).toHaveCount(0);
  await invitee.close();
});

test("admin pages work without JavaScript", async ({ browser, app }) => {
  await app.seedUser(ADMIN_EMAIL, PASSWORD);
  const context = await browser.newContext({ baseURL: app.url, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/login?returnTo=%2Fadmin");
  await signIn(page, ADMIN_EMAIL, PASSWORD);
  await expect(page).toHaveURL(/\/admin\/signup-codes$/);
  await page.getByLabel("Description").fill("no-js code");
  await page.getByRole("button", { name: "Create code" }).click();
  await expect(page.getByRole("status").getByText("Signup code created successfully!")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "no-js code" });
  await row.getByRole("button", { name: /^Deactivate/ }).click();
  await expect(page.getByRole("status").getByText("Signup code deactivated successfully!")).toBeVisible();
  await expect(row.getByText("Inactive")).toBeVisible();
  await page.getByRole("link", { name: "Users" }).click();
  await expect(page.getByText("User management coming soon")).toBeVisible();
  await page.getByRole("link", { name: "Settings" }).click();
  await expect(page.getByText("Admin settings coming soon")).toBeVisible();
  await context.close();
});

test("screens fit a 375 px phone", async ({ browser, app }) => {
  await app.seedUser(ADMIN_EMAIL, PASSWORD);
  const context = await browser.newContext({ baseURL: app.url, viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await page.goto("/signup");
  await signUp(page, uniqueEmail("phone"), PASSWORD, "NOPE-NOPE-NOPE");
  await expect(page.getByText("This signup code is not valid.", { exact: false }).first()).toBeVisible();
  await screenshot(page, "mobile-signup-code-error");
  await page.goto("/login?returnTo=%2Fadmin");
  await signIn(page, ADMIN_EMAIL, "wrong-password");
  await expect(page.getByText("Don't have an account yet?")).toBeVisible();
  await screenshot(page, "mobile-login-error");
  await signIn(page, ADMIN_EMAIL, PASSWORD);
  await expect(page).toHaveURL(/\/admin\/signup-codes$/);
  await page.getByLabel("Description").fill("phone code");
  await page.getByRole("button", { name: "Create code" }).click();
  await expect(page.getByRole("row").filter({ hasText: "phone code" })).toBeVisible();
  await screenshot(page, "mobile-admin-signup-codes");
  // The table scrolls inside its card; the page itself must not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await context.close();
});

test("a description typed while the page is still loading is kept", async ({ page, app }) => {
  await app.seedUser(ADMIN_EMAIL, PASSWORD);
  await page.goto("/login?returnTo=%2Fadmin");
  await signIn(page, ADMIN_EMAIL, PASSWORD);
  await expect(page).toHaveURL(/\/admin\/signup-codes$/);
  // The page's scripts are held back until the description is typed into the server's HTML.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/admin/signup-codes", { waitUntil: "commit" });
  await page.getByLabel("Description").fill("typed before hydration");
  release();
  // Hydrated: React has taken the document over; its effects run before the click is handled.
  await page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith("__reactContainer")));
  await expect(page.getByLabel("Description")).toHaveValue("typed before hydration");
  await page.getByRole("button", { name: "Create code" }).click();
  await expect(page.getByText("Signup code created successfully!")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "typed before hydration" }).getByText("Active")).toBeVisible();
  // Once created, the form is cleared for the next code.
  await expect(page.getByLabel("Description")).toHaveValue("");
});
