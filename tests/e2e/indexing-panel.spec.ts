import { expect, test } from "./support/fixtures.ts";
import {
  DESKTOP,
  REASON,
  badge,
  ownerOfNewWorkspace,
  retryButton,
  rows,
  shoot,
  tabTo,
  upload,
} from "./support/indexing.ts";

/** No worker role: the test runs the queue (app.drainQueue), so each step can be seen. */
test.use({ ingestion: "manual" });

test("progress and file states update live; Retry queues the file again (keyboard)", async ({ browser, app }) => {
  test.setTimeout(90_000); // sign-up, two uploads and several polls on a busy machine
  const { context, page } = await ownerOfNewWorkspace(browser, app.url);
  await upload(page);
  const { good, bad } = rows(page);
  const bar = page.getByRole("progressbar", { name: "Files indexed" });
  await expect(bar).toHaveAttribute("aria-valuenow", "0");
  await expect(bar).toHaveAttribute("aria-valuemax", "2");
  await expect(bar).toHaveAttribute("aria-valuetext", "Indexing 0 of 2 files");
  await expect(page.getByText("Indexing 0 of 2 files")).toBeVisible();
  await expect(badge(good, "Queued")).toBeVisible();
  await expect(badge(bad, "Queued")).toBeVisible();
  await shoot(page, "indexing");

  // From here on the page is never reloaded: what changes comes from polling.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  expect(await app.drainQueue()).toBe(2);
  await expect(badge(good, "Indexed")).toBeVisible();
  await expect(bad.getByText(REASON)).toBeVisible();
  await expect(badge(bad, "Failed")).toBeVisible();
  await expect(bar).toHaveCount(0);
  await expect(page.getByText("1 of 2 files indexed · 1 failed")).toBeVisible();
  expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
  await shoot(page, "failed");

  // Reach Retry with the keyboard alone.
  await tabTo(page, retryButton(page));
  await page.keyboard.press("Enter");
  await expect(badge(bad, "Queued")).toBeVisible();
  await expect(bad.getByText(REASON)).toHaveCount(0);
  await expect(bar).toHaveAttribute("aria-valuenow", "1");
  await expect(page.getByText("Indexing 1 of 2 files", { exact: true })).toBeVisible();

  expect(await app.drainQueue()).toBe(1);
  await expect(bad.getByText(REASON)).toBeVisible();
  await expect(badge(bad, "Failed")).toBeVisible();
  await expect(badge(good, "Indexed")).toBeVisible();
  await expect(page.getByText("1 of 2 files indexed · 1 failed")).toBeVisible();
  await context.close();
});

test("without JavaScript: the state as of the page load, a refresh link, and Retry as a plain form", async ({
  browser,
  app,
}) => {
  test.setTimeout(90_000); // sign-up, two uploads and several polls on a busy machine
  // Uploading needs JavaScript; the rest of the journey does not.
  const owner = await ownerOfNewWorkspace(browser, app.url);
  await upload(owner.page);
  const storageState = await owner.context.storageState();
  await owner.context.close();

  const context = await browser.newContext({
    baseURL: app.url,
    viewport: DESKTOP,
    javaScriptEnabled: false,
    storageState,
  });
  const page = await context.newPage();
  await page.goto(owner.workspaceUrl);
  const { good, bad } = rows(page);
  await expect(page.getByRole("progressbar", { name: "Files indexed" })).toHaveAttribute("aria-valuenow", "0");
  await expect(badge(good, "Queued")).toBeVisible();

  expect(await app.drainQueue()).toBe(2);
  await page.getByRole("link", { name: "Refresh" }).click();
  await expect(badge(good, "Indexed")).toBeVisible();
  await expect(bad.getByText(REASON)).toBeVisible();
  await expect(page.getByText("1 of 2 files indexed · 1 failed")).toBeVisible();

  await retryButton(page).click();
  await expect(page.getByText("File queued for indexing again.")).toBeVisible();
  await expect(badge(bad, "Queued")).toBeVisible();
  await expect(page.getByText("Indexing 1 of 2 files", { exact: true })).toBeVisible();
  await shoot(page, "nojs-requeued");

  expect(await app.drainQueue()).toBe(1);
  await page.getByRole("link", { name: "Refresh" }).click();
  await expect(bad.getByText(REASON)).toBeVisible();
  await expect(badge(bad, "Failed")).toBeVisible();
  await context.close();
});
