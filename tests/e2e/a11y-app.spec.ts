import type { Browser, Locator, Page } from "@playwright/test";
import { axeViolations } from "./support/axe.ts";
import { expect, PASSWORD, test, uniqueEmail } from "./support/fixtures.ts";
import { badge, DESKTOP, GOOD, MOBILE, ownerOfNewWorkspace } from "./support/indexing.ts";
import { lastAnswer } from "./support/thread.ts";

/**
 * The signed-in app for people who use a keyboard or a screen reader: axe finds nothing on its
 * screens at desktop and phone widths, every screen starts with a skip link, focus stays where
 * the next keystroke belongs after New thread and Send, and a keyboard alone gets from sign-in to
 * a cited page.
 */

/** No worker role: the test indexes the upload (app.drainQueue) when it is ready to. */
test.use({ ingestion: "manual" });

const QUESTION = "Why did revenue grow?";
const box = (page: Page) => page.getByRole("textbox", { name: "Ask a question" });

/** Presses `key` until `target` has focus; fails after `max` presses. Returns how many it took. */
async function pressUntilFocused(page: Page, target: Locator, key = "Tab", max = 40): Promise<number> {
  for (let n = 1; n <= max; n++) {
    await page.keyboard.press(key);
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return n;
  }
  throw new Error(`${key} x${max} never reached ${target}`);
}

/** Uploads the small PDF (a file picker is not keyboard-driven in a headless browser) and indexes it. */
async function uploadAndIndex(page: Page, app: { drainQueue(): Promise<number> }): Promise<void> {
  await page.getByLabel("Upload files").setInputFiles(GOOD);
  const row = page.getByRole("list", { name: "Workspace files" }).getByRole("listitem", { name: GOOD.name });
  await expect(badge(row, "Queued")).toBeVisible({ timeout: 20_000 });
  expect(await app.drainQueue()).toBe(1);
  await expect(badge(row, "Indexed")).toBeVisible({ timeout: 20_000 });
}

/** A Pod with an indexed PDF and a thread whose question has a cited answer (search mode). */
async function podWithCitedAnswer(browser: Browser, app: { url: string; drainQueue(): Promise<number> }) {
  const owner = await ownerOfNewWorkspace(browser, app.url);
  const { page } = owner;
  await uploadAndIndex(page, app);
  await page.getByRole("button", { name: "New thread" }).click();
  await expect(box(page)).toBeFocused({ timeout: 20_000 });
  await box(page).fill(QUESTION);
  await box(page).press("Enter");
  await expect(lastAnswer(page)).toHaveAttribute("data-status", "complete", { timeout: 20_000 });
  await expect(lastAnswer(page).locator("button[data-citation]").first()).toBeVisible();
  return { ...owner, threadUrl: new URL(page.url()).pathname };
}

for (const viewport of [DESKTOP, MOBILE])
  test(`axe finds nothing on home, a workspace, a thread with a cited answer (and its viewer), the library, search, bookmarks and each settings tab at ${viewport.width} px`, async ({
    browser,
    app,
  }) => {
    test.setTimeout(420_000);
    const { context, page, workspaceUrl, threadUrl } = await podWithCitedAnswer(browser, app);
    await page.setViewportSize(viewport);
    const screens = [
      "/home",
      workspaceUrl,
      threadUrl,
      "/library",
      "/search?q=revenue",
      "/bookmarks",
      "/subscription",
      "/usage",
      "/account",
      "/published",
    ];
    const found: string[] = [];
    for (const url of screens) {
      await page.goto(url);
      await expect(page.locator("main")).toBeVisible();
      if (url === threadUrl) await expect(lastAnswer(page)).toHaveAttribute("data-status", "complete");
      found.push(...(await axeViolations(page)).map((v) => `${url}: ${v}`));
    }
    // The thread with a citation open in the viewer (a side panel, or a sheet on a phone).
    await page.goto(threadUrl);
    await lastAnswer(page).locator("button[data-citation]").first().click();
    await expect(page.getByTestId("file-viewer").locator(".textLayer mark.pdf-quote").first()).toBeVisible({
      timeout: 20_000,
    });
    found.push(...(await axeViolations(page)).map((v) => `${threadUrl} (viewer): ${v}`));
    expect(found).toEqual([]);
    await context.close();
  });

test("every app screen starts with a skip link to its main content", async ({ browser, app }) => {
  test.setTimeout(180_000);
  const { context, page, workspaceUrl } = await ownerOfNewWorkspace(browser, app.url);
  // Settings: the Account tab, which has controls (with billing off, Subscription has none to Tab to).
  for (const url of ["/home", workspaceUrl, "/library", "/search", "/bookmarks", "/account"]) {
    await page.goto(url);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    if (url === "/home") await page.screenshot({ path: "scratch/e2e/a11y-skip-link-1440.png" });
    await page.keyboard.press("Enter");
    await expect(page.getByRole("main")).toBeFocused();
    // The next Tab continues inside the content, not in the header.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("main")))).toBe(true);
  }
  // The logo and the account menu are named for what they do.
  await expect(page.getByRole("link", { name: "Back to Workspaces" }).first()).toBeVisible();
  await context.close();
});

test("focus lands in the new thread's question box after New thread, and stays there after Send", async ({
  browser,
  app,
}) => {
  test.setTimeout(90_000);
  const { context, page } = await ownerOfNewWorkspace(browser, app.url);
  await page.getByRole("button", { name: "New thread" }).click();
  await expect(page).toHaveURL(/\/thread\/[^/]+$/, { timeout: 15_000 });
  await expect(box(page)).toBeFocused();
  await page.screenshot({ path: "scratch/e2e/a11y-question-box-focus-1440.png" });

  // Enter sends; focus stays in the box while the answer is written and after it.
  await page.keyboard.type("What is in these files?");
  await page.keyboard.press("Enter");
  await expect(lastAnswer(page)).toHaveAttribute("data-status", "complete", { timeout: 20_000 });
  await expect(box(page)).toBeFocused();
  await expect(box(page)).toBeEditable();

  // Sent with the button (which Stop replaces while the answer is written): back in the box.
  await box(page).fill("And the second question?");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByLabel("Question", { exact: true })).toHaveCount(2);
  await expect(lastAnswer(page)).toHaveAttribute("data-status", "complete", { timeout: 20_000 });
  await expect(box(page)).toBeFocused();
  await context.close();
});

test("keyboard only: sign in, create a Pod, start a thread, ask, and open a citation of the answer", async ({
  browser,
  app,
}) => {
  test.setTimeout(240_000);
  const email = uniqueEmail("keyboard");
  await app.seedUser(email, PASSWORD);
  const context = await browser.newContext({ baseURL: app.url, viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto("/login");

  await pressUntilFocused(page, page.getByLabel("Email"));
  await page.keyboard.type(email);
  await pressUntilFocused(page, page.getByLabel("Password"));
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/home$/, { timeout: 20_000 });

  await pressUntilFocused(page, page.getByLabel("Workspace name"));
  await page.keyboard.type("Keyboard Pod");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/workspace\/[^/]+$/, { timeout: 15_000 });

  // The one step not typed: the file picker.
  await uploadAndIndex(page, app);

  await pressUntilFocused(page, page.getByRole("button", { name: "New thread" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/thread\/[^/]+$/, { timeout: 15_000 });
  await expect(box(page)).toBeFocused();
  await page.keyboard.type(QUESTION);
  await page.keyboard.press("Enter");
  const answer = lastAnswer(page);
  await expect(answer).toHaveAttribute("data-status", "complete", { timeout: 20_000 });
  await expect(answer).toContainText(GOOD.name);

  // The citations sit just above the box: back up to the first, and open it.
  const chip = answer.locator("button[data-citation]").first();
  await pressUntilFocused(page, chip, "Shift+Tab");
  await page.keyboard.press("Enter");
  const viewer = page.getByTestId("file-viewer");
  await expect(viewer.getByRole("heading", { name: GOOD.name })).toBeVisible();
  await expect(viewer.locator(".textLayer mark.pdf-quote").first()).toBeVisible({ timeout: 20_000 });
  await expect(viewer.getByTestId("quote-status")).toHaveText("Highlighted on the page.");
  await page.screenshot({ path: "scratch/e2e/a11y-keyboard-citation-1440.png" });
  await context.close();
});
