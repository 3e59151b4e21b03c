import { axeViolations } from "./support/axe.ts";
import { expect, test } from "./support/fixtures.ts";
import { SHOTS } from "./support/imports.ts";
import { DESKTOP, MOBILE, ownerOfNewWorkspace } from "./support/indexing.ts";

test("bookmark a thread beside its name, find it on /bookmarks, remove the bookmark", async ({ browser, app }) => {
  const { page, context } = await ownerOfNewWorkspace(browser, app.url);

  // Empty state first.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Bookmarks" }).click();
  await expect(page).toHaveURL(/\/bookmarks$/);
  await expect(page.getByText("No bookmarks yet.")).toBeVisible();
  for (const size of [DESKTOP, MOBILE]) {
    await page.setViewportSize(size);
    expect(await axeViolations(page)).toEqual([]);
  }
  await page.setViewportSize(DESKTOP);
  await page.goBack();

  await page.getByLabel("New thread name").fill("Margin questions");
  await page.getByRole("button", { name: "New thread" }).click();
  await expect(page).toHaveURL(/\/thread\/[^/]+$/, { timeout: 15_000 });
  const threadUrl = new URL(page.url()).pathname;

  const toggle = page.getByRole("navigation", { name: "Threads" }).getByRole("button", {
    name: "Bookmark Margin questions",
  });
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("Thread bookmarked.")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/thread-bookmark-toggle-1440.png` });

  await page.goto("/bookmarks");
  const list = page.getByRole("list", { name: "Bookmarked threads" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  const item = list.getByRole("listitem").first();
  await expect(item.getByRole("link", { name: "Margin questions" })).toHaveAttribute("href", threadUrl);
  await expect(item).toContainText("Filings ·");
  for (const size of [DESKTOP, MOBILE]) {
    await page.setViewportSize(size);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/bookmarks-${size.width}.png`, fullPage: true });
  }
  await page.setViewportSize(DESKTOP);

  // The link goes to the thread, where the toggle takes the bookmark off again.
  await item.getByRole("link", { name: "Margin questions" }).click();
  await expect(page).toHaveURL(threadUrl);
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByText("Thread bookmark removed.")).toBeVisible();
  await page.goto("/bookmarks");
  await expect(page.getByText("No bookmarks yet.")).toBeVisible();

  // And /bookmarks' own Remove button.
  await page.goto(threadUrl);
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await page.goto("/bookmarks");
  await page.getByRole("button", { name: "Remove bookmark from Margin questions" }).click();
  await expect(page.getByText("No bookmarks yet.")).toBeVisible();
  await context.close();
});
