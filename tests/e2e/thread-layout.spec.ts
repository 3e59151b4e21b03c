import type { Page } from "@playwright/test";
import { axeViolations } from "./support/axe.ts";
import { expect, test } from "./support/fixtures.ts";
import { badge, DESKTOP, GOOD, MOBILE, ownerOfNewWorkspace } from "./support/indexing.ts";
import { lastAnswer, newThread } from "./support/thread.ts";
import { shotsDir } from "./support/shots.ts";

/**
 * The thread screen as a full-height workspace: three panes at 1440 px with no page scroll and the
 * question box at the foot, separators that resize by keyboard and remember it, a files drawer on a
 * tablet, tabs on a phone (a citation opens the Viewer tab), and axe-clean at both widths.
 */

test.use({ ingestion: "manual" });

const SHOTS = shotsDir("layout");
const TABLET = { width: 900, height: 1000 };
const box = (page: Page) => page.getByRole("textbox", { name: "Ask a question" });
const width = async (page: Page, id: string) =>
  page.locator(`#${id}`).evaluate((el) => Math.round(el.getBoundingClientRect().width));

test("three resizable panes at 1440 px, a files drawer on a tablet, tabs on a phone", async ({ browser, app }) => {
  test.setTimeout(240_000);
  const { context, page } = await ownerOfNewWorkspace(browser, app.url);
  await page.getByLabel("Upload files").setInputFiles(GOOD);
  const row = page.getByRole("list", { name: "Workspace files" }).getByRole("listitem", { name: GOOD.name });
  await expect(badge(row, "Queued")).toBeVisible({ timeout: 20_000 });
  expect(await app.drainQueue()).toBe(1);
  await expect(badge(row, "Indexed")).toBeVisible({ timeout: 20_000 });
  await newThread(page);
  await box(page).fill("Why did revenue grow?");
  await box(page).press("Enter");
  await expect(lastAnswer(page)).toHaveAttribute("data-status", "complete", { timeout: 20_000 });
  const threadUrl = new URL(page.url()).pathname;

  // Desktop: files | thread, the page itself does not scroll, the question box sits at the bottom.
  await page.reload();
  const files = page.getByRole("region", { name: "Files" });
  await expect(files.getByRole("list", { name: "Pod files" }).getByRole("button", { name: GOOD.name })).toBeVisible();
  await expect(files.getByRole("navigation", { name: "Threads" }).locator("[aria-current=page]")).toHaveCount(1);
  await expect(page.locator("#pane-thread")).toBeVisible();
  const scroll = await page.evaluate(() => [document.documentElement.scrollHeight, window.innerHeight]);
  expect(scroll[0]).toBeLessThanOrEqual(scroll[1]!);
  const q = (await box(page).boundingBox())!;
  expect(q.y + q.height).toBeGreaterThan(DESKTOP.height - 120);
  expect(q.y + q.height).toBeLessThanOrEqual(DESKTOP.height);
  await expect(page.getByRole("tablist", { name: "Panes" })).toBeHidden();

  // A citation opens the viewer as the third pane; the thread stays beside it.
  await lastAnswer(page).locator("button[data-citation]").first().click();
  const viewer = page.getByTestId("file-viewer");
  await expect(viewer.getByRole("heading", { name: GOOD.name })).toBeVisible();
  await expect(box(page)).toBeVisible();
  const [f, t, v] = [
    await width(page, "pane-files"),
    await width(page, "pane-thread"),
    await width(page, "pane-viewer"),
  ];
  expect(f).toBeGreaterThan(200);
  expect(t).toBeGreaterThan(400);
  expect(v).toBeGreaterThan(400);
  await expect(viewer.locator(".textLayer mark.pdf-quote").first()).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: `${SHOTS}/thread-desktop-1440-viewer.png` });

  // The files separator, by keyboard: wider with Right, and the width survives a reload.
  const separator = page.getByRole("separator", { name: "Resize the files pane" });
  const before = Number(await separator.getAttribute("aria-valuenow"));
  await separator.focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(separator).toHaveAttribute("aria-valuenow", String(before + 32));
  expect(await width(page, "pane-files")).toBe(before + 32);
  await page.keyboard.press("End");
  const max = Number(await separator.getAttribute("aria-valuemax"));
  await expect(separator).toHaveAttribute("aria-valuenow", String(max));
  await page.keyboard.press("ArrowLeft");
  await page.reload();
  await expect(separator).toHaveAttribute("aria-valuenow", String(max - 16));
  await expect.poll(() => width(page, "pane-files")).toBe(max - 16);
  // Dragged with a pointer: the pane follows, and the new width is remembered.
  const handle = (await separator.boundingBox())!;
  await page.mouse.move(handle.x + handle.width / 2, handle.y + 200);
  await page.mouse.down();
  await page.mouse.move(handle.x + handle.width / 2 - 60, handle.y + 200, { steps: 4 });
  await page.mouse.up();
  await expect(separator).toHaveAttribute("aria-valuenow", String(max - 16 - 60));
  expect(await page.evaluate(() => localStorage.getItem("pane:files-width"))).toBe(String(max - 16 - 60));
  // The viewer's separator moves the split between thread and viewer.
  await lastAnswer(page).locator("button[data-citation]").first().click();
  const split = page.getByRole("separator", { name: "Resize the thread and the viewer" });
  const threadBefore = await width(page, "pane-thread");
  await split.focus();
  await page.keyboard.press("Home");
  await expect(split).toHaveAttribute("aria-valuenow", (await split.getAttribute("aria-valuemin")) ?? "");
  expect(await width(page, "pane-thread")).toBeLessThan(threadBefore);
  // Close: the thread takes the space again.
  await viewer.getByRole("button", { name: "Close viewer" }).click();
  await expect(viewer).toHaveCount(0);
  await expect(split).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  // ?canvas=1: the viewer has the larger share.
  await page.goto(`${threadUrl}?canvas=1`);
  // Hydrated (Send is disabled while the box is empty) before a chip is clicked.
  await expect(page.getByRole("button", { name: "Send" })).toBeDisabled();
  await lastAnswer(page).locator("button[data-citation]").first().click();
  await expect(viewer.getByRole("heading", { name: GOOD.name })).toBeVisible();
  expect(await width(page, "pane-viewer")).toBeGreaterThan((await width(page, "pane-thread")) + 100);
  await viewer.getByRole("button", { name: "Close viewer" }).click();

  // Tablet: the files pane is a drawer behind the "Files" button; choosing a file opens the viewer.
  await page.setViewportSize(TABLET);
  await expect(files).toBeHidden();
  await page.getByRole("button", { name: "Files", exact: true }).click();
  const drawer = page.getByRole("dialog", { name: "Files" });
  await expect(drawer.getByRole("navigation", { name: "Threads" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/thread-tablet-900-drawer.png` });
  await drawer.getByRole("list", { name: "Pod files" }).getByRole("button", { name: GOOD.name }).click();
  await expect(drawer).toBeHidden();
  await expect(viewer.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await viewer.getByRole("button", { name: "Close viewer" }).click();

  // Phone: tabs, Thread by default; arrows move between them; a citation opens the Viewer tab.
  await page.setViewportSize(MOBILE);
  await page.goto(threadUrl);
  const tabs = page.getByRole("tablist", { name: "Panes" });
  await expect(tabs.getByRole("tab", { name: "Thread" })).toHaveAttribute("aria-selected", "true");
  await expect(box(page)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/thread-phone-375-thread.png` });
  await tabs.getByRole("tab", { name: "Thread" }).focus();
  await page.keyboard.press("ArrowLeft");
  await expect(tabs.getByRole("tab", { name: "Files" })).toBeFocused();
  await expect(tabs.getByRole("tab", { name: "Files" })).toHaveAttribute("aria-selected", "true");
  await expect(
    page.getByRole("tabpanel", { name: "Files" }).getByRole("navigation", { name: "Threads" }),
  ).toBeVisible();
  await expect(box(page)).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/thread-phone-375-files.png` });
  await page.keyboard.press("End");
  await expect(tabs.getByRole("tab", { name: "Viewer" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel", { name: "Viewer" })).toContainText("Nothing open");
  await page.keyboard.press("ArrowRight");
  await expect(tabs.getByRole("tab", { name: "Files" })).toHaveAttribute("aria-selected", "true");
  await tabs.getByRole("tab", { name: "Thread" }).click();
  expect(await axeViolations(page)).toEqual([]);
  await lastAnswer(page).locator("button[data-citation]").first().click();
  await expect(tabs.getByRole("tab", { name: "Viewer" })).toHaveAttribute("aria-selected", "true");
  await expect(viewer.locator(".textLayer mark.pdf-quote").first()).toBeVisible({ timeout: 20_000 });
  await expect(box(page)).toBeHidden();
  const sheet = (await viewer.boundingBox())!;
  expect(sheet.x + sheet.width).toBeLessThanOrEqual(MOBILE.width + 1);
  await page.screenshot({ path: `${SHOTS}/thread-phone-375-viewer.png` });
  expect(await axeViolations(page)).toEqual([]);
  // Closing the viewer goes back to the thread.
  await page.keyboard.press("Escape");
  await expect(tabs.getByRole("tab", { name: "Thread" })).toHaveAttribute("aria-selected", "true");
  await expect(box(page)).toBeVisible();

  // Without JavaScript the tabs are links (?pane=): the page comes back with that pane shown.
  const plain = await browser.newContext({
    baseURL: app.url,
    viewport: MOBILE,
    javaScriptEnabled: false,
    storageState: await context.storageState(),
  });
  const p = await plain.newPage();
  await p.goto(threadUrl);
  await expect(box(p)).toBeVisible();
  await p.getByRole("tab", { name: "Files" }).click();
  await expect(p).toHaveURL(/\?pane=files$/);
  await expect(p.getByRole("tab", { name: "Files" })).toHaveAttribute("aria-selected", "true");
  await expect(p.getByRole("navigation", { name: "Threads" })).toBeVisible();
  await expect(box(p)).toBeHidden();
  await plain.close();
  await context.close();
});
