import type { Browser, Page } from "@playwright/test";
import { expect, PASSWORD, signUp, test, uniqueEmail } from "./support/fixtures.ts";
import { DESKTOP, MOBILE } from "./support/indexing.ts";
import { lastAnswer, newThread } from "./support/thread.ts";

/**
 * Stop with a fast model (a word every few milliseconds, as real models write): the text stops
 * where it was when Stop was pressed, "Stopped." shows, focus goes back to the question box, and a
 * reload shows the same stopped answer. Before, the page rendered every word separately, fell
 * seconds behind the stream and kept rendering the rest after Stop (the answer often completed).
 */
test.use({ llm: "fake" });

/** Paragraphs of numbered words, some bold: markdown that takes some work to render. */
const words = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    i % 20 === 19 ? `word${i + 1}.\n\n` : i % 5 === 0 ? `**word${i + 1}** ` : `word${i + 1} `,
  ).join("") + "THE-END.";

/** The highest numbered word in a text (words arrive in order, so this is how far the answer got). */
const reached = (text: string) => Math.max(0, ...[...text.matchAll(/word(\d+)/g)].map((m) => Number(m[1])));

/** A new account with a workspace (as ownerOfNewWorkspace, with room for a busy machine's password hashing). */
async function owner(browser: Browser, baseURL: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  await page.goto("/signup");
  await signUp(page, uniqueEmail("stopper"), PASSWORD);
  await expect(page).toHaveURL(/\/home$/, { timeout: 30_000 });
  await page.getByLabel("Workspace name").fill("Filings");
  await page.getByRole("button", { name: "Create workspace" }).click();
  await expect(page).toHaveURL(/\/workspace\/[^/]+$/, { timeout: 15_000 });
  return { context, page };
}

/** Notes the newest answer's text at the moment the Stop button is pressed (click or keyboard). */
async function noteTextAtStop(page: Page) {
  await page.evaluate(() => {
    document.addEventListener(
      "click",
      (ev) => {
        const button = (ev.target as Element | null)?.closest("button");
        if (!button || !/^Stop/.test(button.textContent?.trim() ?? "")) return;
        const all = document.querySelectorAll("article[aria-label='Answer']");
        const text = all[all.length - 1]?.querySelector(".answer-markdown")?.textContent ?? "";
        Object.assign(window, { textAtStop: text });
      },
      true,
    );
  });
  return () => page.evaluate(() => (window as unknown as { textAtStop?: string }).textAtStop ?? null);
}

for (const [label, viewport, how] of [
  ["1440 px, clicked", DESKTOP, "click"],
  ["375 px, by keyboard", MOBILE, "keyboard"],
] as const) {
  test(`Stop mid-answer keeps the text shown and marks it Stopped, also after a reload (${label})`, async ({
    browser,
    app,
  }) => {
    test.setTimeout(180_000);
    app.llm!.route = () => ({ text: words(4000), delayMs: 6 });
    const { context, page } = await owner(browser, app.url, viewport);
    await newThread(page);
    const textAtStop = await noteTextAtStop(page);
    const box = page.getByLabel("Ask a question");
    await box.fill("Tell me a long story");
    await box.press("Enter");

    const answer = lastAnswer(page);
    const text = answer.locator(".answer-markdown");
    await expect(answer).toContainText("word60", { timeout: 15_000 });
    const stop = page.getByRole("button", { name: "Stop", exact: true });
    if (how === "click") await stop.click();
    else {
      await stop.focus();
      await page.keyboard.press("Enter");
    }
    await expect(answer).toHaveAttribute("data-status", "cancelled", { timeout: 10_000 });
    await expect(answer.getByText("Stopped.", { exact: true })).toBeVisible();

    // Nothing more appeared after Stop, and nothing appears later.
    const atStop = (await textAtStop())!;
    expect(reached(atStop)).toBeGreaterThanOrEqual(60);
    const shown = (await text.textContent())!;
    // A 60 ms paint can land between reading the text and the click: at least what was read, and
    // from here on it must not grow.
    expect(reached(shown)).toBeGreaterThanOrEqual(reached(atStop));
    await page.waitForTimeout(1_500);
    expect(await text.textContent()).toBe(shown);
    expect(shown).not.toContain("THE-END");
    await expect(box).toBeEnabled();
    await expect(box).toBeFocused();
    await answer.getByText("Stopped.", { exact: true }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `scratch/e2e/stop-${viewport.width}.png` });

    // Stored as stopped: the same answer, marked the same way, after a reload.
    await page.reload();
    const stored = lastAnswer(page);
    await expect(stored).toHaveAttribute("data-status", "cancelled");
    await expect(stored.getByText("Stopped.", { exact: true })).toBeVisible();
    const storedText = (await stored.locator(".answer-markdown").textContent())!;
    // The words still on their way when Stop was pressed are not kept: the same text as before.
    expect(storedText).toBe(shown);
    await stored.getByText("Stopped.", { exact: true }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `scratch/e2e/stop-reloaded-${viewport.width}.png` });
    await context.close();
  });
}
