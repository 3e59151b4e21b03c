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
  // sonner's success colours, as this app sets them, read at 4.5:1 or better (axe color-contrast).
  const colours = await page
    .locator('[data-sonner-toast][data-type="success"]')
    .first()
    .evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor]);
  expect(contrast(colours[0]!, colours[1]!)).toBeGreaterThanOrEqual(4.5);

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
  // The toggle shows its new state while the request is on its way: leaving the page before the
  // answer (the toast) could cancel it, and /bookmarks then listed nothing (a CI run failed so).
  await expect(page.getByText("Thread bookmarked.")).toBeVisible();
  await page.goto("/bookmarks");
  await page.getByRole("button", { name: "Remove bookmark from Margin questions" }).click();
  await expect(page.getByText("No bookmarks yet.")).toBeVisible();
  await context.close();
});

/** WCAG contrast ratio of two opaque CSS rgb() colours. */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = (c.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const x = Number(v) / 255;
      return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}
