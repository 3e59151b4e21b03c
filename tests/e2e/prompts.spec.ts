import type { Locator, Page } from "@playwright/test";
import { axeViolations } from "./support/axe.ts";
import { expect, test } from "./support/fixtures.ts";
import { badge, DESKTOP, GOOD, MOBILE, ownerOfNewWorkspace } from "./support/indexing.ts";
import { lastAnswer } from "./support/thread.ts";
import { shotsDir } from "./support/shots.ts";

/**
 * Saved prompts and suggested questions in the question box: a prompt saved in the library is
 * picked into the box by keyboard alone (edited there, sent only with Enter), and a Pod with an
 * indexed document suggests questions, as chips that fill the box on a new thread and start a
 * thread on the Pod page. The picker is axe-clean at desktop and phone widths.
 */
test.use({ ingestion: "manual" });

const SHOTS = shotsDir("prompts");
const box = (page: Page) => page.getByRole("textbox", { name: "Ask a question" });
const promptsButton = (page: Page) => page.getByRole("button", { name: "Prompts", exact: true });
const suggested = (page: Page) => page.getByRole("region", { name: "Suggested questions" });

async function pressUntilFocused(page: Page, target: Locator, key = "Tab", max = 20): Promise<void> {
  for (let n = 1; n <= max; n++) {
    await page.keyboard.press(key);
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`${key} x${max} never reached ${target}`);
}

async function savePrompt(page: Page, title: string, content: string): Promise<void> {
  await page.getByLabel("Title").first().fill(title);
  await page.getByLabel("Prompt", { exact: true }).first().fill(content);
  await page.getByRole("button", { name: "Save prompt" }).click();
  await expect(page.getByRole("list", { name: "Saved prompts" }).getByRole("listitem", { name: title })).toBeVisible();
}

test("save a prompt in the library, pick it into the question box by keyboard, send it; suggested questions fill the box and start threads", async ({
  browser,
  app,
}) => {
  test.setTimeout(300_000);
  const { context, page, workspaceUrl } = await ownerOfNewWorkspace(browser, app.url);

  // An indexed document, so the Pod has something to suggest.
  await page.getByLabel("Upload files").setInputFiles(GOOD);
  const row = page.getByRole("list", { name: "Workspace files" }).getByRole("listitem", { name: GOOD.name });
  await expect(badge(row, "Queued")).toBeVisible({ timeout: 20_000 });
  expect(await app.drainQueue()).toBe(1);
  await expect(badge(row, "Indexed")).toBeVisible({ timeout: 20_000 });

  // A new thread: no prompts saved yet, so the picker points to the library.
  await page.getByRole("button", { name: "New thread" }).click();
  await expect(box(page)).toBeFocused({ timeout: 20_000 });
  const threadUrl = new URL(page.url()).pathname;
  await promptsButton(page).click();
  const picker = page.getByRole("dialog", { name: "Saved prompts" });
  await expect(picker.getByText("No saved prompts yet.")).toBeVisible();
  await expect(picker.getByRole("link", { name: "Save prompts in your library" })).toHaveAttribute("href", "/library");
  await page.keyboard.press("Escape");
  await expect(picker).toBeHidden();
  await expect(promptsButton(page)).toBeFocused();

  // Suggested questions on the empty thread: built from the document, a click fills the box.
  const chips = suggested(page).getByRole("button");
  await expect(chips.first()).toBeVisible({ timeout: 20_000 });
  expect(await chips.count()).toBeGreaterThan(0);
  const chipTexts = await chips.allTextContents();
  expect(chipTexts.join(" ")).toMatch(/Annual report 2024|lighthouse|revenue/i);
  await page.screenshot({ path: `${SHOTS}/suggested-thread-1440.png` });
  await chips.first().click();
  await expect(box(page)).toHaveValue(chipTexts[0]!);
  await expect(box(page)).toBeFocused();
  await expect(page.getByLabel("Question", { exact: true })).toHaveCount(0);
  await box(page).fill("");

  // Two prompts saved in the library.
  await page.goto("/library");
  await savePrompt(page, "Revenue drivers", "What drove revenue growth in 2024?");
  await savePrompt(page, "Main risks", "List the main risks the report names.");

  // Back in the thread, by keyboard: Tab from the box reaches Prompts; type to filter, arrows, Enter.
  await page.goto(`${threadUrl}#question`);
  await expect(box(page)).toBeFocused();
  await pressUntilFocused(page, promptsButton(page));
  await page.keyboard.press("Enter");
  const filter = picker.getByRole("combobox", { name: "Filter saved prompts" });
  await expect(filter).toBeFocused();
  const options = picker.getByRole("option");
  await expect(options).toHaveCount(2);
  await expect(options.first()).toHaveAttribute("aria-selected", "true");

  // The picker open: axe-clean, and how it looks at both widths.
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/picker-open-1440.png` });
  await page.setViewportSize(MOBILE);
  await expect(picker).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/picker-open-375.png` });
  await page.setViewportSize(DESKTOP);

  await page.keyboard.type("risks");
  await expect(options).toHaveCount(1);
  await expect(options).toContainText("Main risks");
  await page.keyboard.type(" zzz");
  await expect(options).toHaveCount(0);
  await expect(picker.getByText("No prompts match “risks zzz”.")).toBeVisible();
  await filter.fill("");
  // Most recently saved first; the arrow keys move the selection and wrap round, Enter picks.
  await expect(options).toHaveText([/Main risks/, /Revenue drivers/]);
  const selected = picker.getByRole("option", { selected: true });
  await expect(selected).toContainText("Main risks");
  await page.keyboard.press("ArrowDown");
  await expect(selected).toContainText("Revenue drivers");
  await page.keyboard.press("ArrowDown");
  await expect(selected).toContainText("Main risks");
  await page.keyboard.press("ArrowUp");
  await expect(selected).toContainText("Revenue drivers");
  await expect(filter).toHaveAttribute("aria-activedescendant", (await selected.getAttribute("id"))!);
  await page.keyboard.press("Enter");
  await expect(picker).toBeHidden();
  await expect(box(page)).toHaveValue("What drove revenue growth in 2024?");
  await expect(box(page)).toBeFocused();
  await expect(page.getByLabel("Question", { exact: true })).toHaveCount(0);

  // Editable, then sent with Enter like anything typed.
  await page.keyboard.type(" Be brief.");
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Question", { exact: true })).toHaveText("What drove revenue growth in 2024? Be brief.");
  await expect(lastAnswer(page)).toHaveAttribute("data-status", "complete", { timeout: 20_000 });
  // Asked: the thread is no longer empty, so it suggests nothing more.
  await expect(suggested(page)).toHaveCount(0);

  // The Pod page suggests the same kind of questions (a skeleton while they come); a chip starts
  // a thread that asks it.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const endpoint = "**/resources/workspaces/*/suggested-prompts";
  await page.route(endpoint, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(workspaceUrl);
  await expect(suggested(page).getByRole("status", { name: "Loading suggested questions" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/suggested-loading-1440.png` });
  release();
  const podChips = suggested(page).getByRole("button");
  await expect(podChips.first()).toBeVisible({ timeout: 20_000 });
  await page.unroute(endpoint);
  await page.screenshot({ path: `${SHOTS}/suggested-pod-1440.png` });
  await page.setViewportSize(MOBILE);
  await page.screenshot({ path: `${SHOTS}/suggested-pod-375.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
  const question = (await podChips.first().textContent())!;
  await podChips.first().click();
  await expect(page).toHaveURL(/\/thread\/[^/]+$/, { timeout: 15_000 });
  expect(new URL(page.url()).pathname).not.toBe(threadUrl);
  await expect(page.getByLabel("Question", { exact: true })).toHaveText(question);
  await expect(lastAnswer(page)).toHaveAttribute("data-status", "complete", { timeout: 20_000 });
  await context.close();
});
