import type { Browser, Page } from "@playwright/test";
import { DEMO_PROMPT } from "../../app/components/marketing/demo-timing.ts";
import { expect, PASSWORD, signUp, test, uniqueEmail } from "./support/fixtures.ts";
import { DESKTOP, MOBILE } from "./support/indexing.ts";
import { lastAnswer } from "./support/thread.ts";

/**
 * The landing demo (spec section 4, issue 18 item 2): pressing Send on the typed sample prompt
 * ends on a new workspace's thread with that prompt asked and its answer streaming, for a visitor
 * after sign-up and at once for a signed-in user. The state is used once and expires after five
 * minutes. The model is the loopback fake, writing slowly enough to be seen streaming.
 */
test.use({ llm: "fake" });

const SAMPLE = /Build a three-statement financial model/;
/** About 6 s of writing (60 words at 100 ms): long enough to be seen streaming on a busy machine. */
const ANSWER =
  "Here is the three-statement model, year by year: " +
  Array.from({ length: 60 }, (_, i) => `line${i + 1}`).join(" ") +
  " DEMO-ANSWER-END.";
const THREAD_URL = /\/workspace\/[^/]+\/thread\/[^/?]+$/;

async function openContext(browser: Browser, baseURL: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL, viewport });
  return { context, page: await context.newPage() };
}

/** The landing page's demo: wait for the prompt to finish typing, then press Send. */
async function sendDemo(page: Page): Promise<void> {
  await page.goto("/");
  // Typed out to the end: the page is hydrated and the button is the script's, not the plain form's.
  await expect(page.locator('.demo-typed[data-done="true"]')).toHaveCount(1, { timeout: 30_000 });
  const send = page.getByRole("button", { name: "Send sample question" });
  await expect(send).toBeEnabled();
  await send.click();
}

/** On the demo's thread: the sample prompt was asked once, and its answer streams in to the end. */
async function expectDemoThread(page: Page, shot: string): Promise<void> {
  await expect(page).toHaveURL(THREAD_URL, { timeout: 45_000 });
  const questions = page.getByLabel("Question", { exact: true });
  await expect(questions).toHaveCount(1, { timeout: 30_000 });
  await expect(questions).toContainText(SAMPLE);
  const answer = lastAnswer(page);
  await expect(answer).toHaveAttribute("data-status", "streaming", { timeout: 30_000 });
  await expect(answer).toContainText("three-statement");
  await page.screenshot({ path: `scratch/e2e/${shot}.png`, fullPage: true });
  await expect(answer).toHaveAttribute("data-status", "complete", { timeout: 60_000 });
  await expect(answer).toContainText("DEMO-ANSWER-END");
}

/** The Pods the signed-in user owns, as the workspace list shows them. */
async function workspaceCount(page: Page): Promise<number> {
  await page.goto("/home");
  await expect(page.getByRole("heading", { name: "Your workspaces" })).toBeVisible({ timeout: 30_000 });
  return page.getByRole("region", { name: "Workspaces", exact: true }).getByRole("listitem").count();
}

for (const [label, viewport] of [
  ["1440", DESKTOP],
  ["375", MOBILE],
] as const) {
  test.describe(`at ${label} px`, () => {
    test("a visitor's demo prompt is asked in a new workspace right after sign-up", async ({ browser, app }) => {
      test.setTimeout(240_000);
      app.llm!.route = () => ({ text: ANSWER, delayMs: 100 });
      const { context, page } = await openContext(browser, app.url, viewport);
      await sendDemo(page);
      await expect(page).toHaveURL(/\/signup$/, { timeout: 20_000 });
      await signUp(page, uniqueEmail("demo-visitor"), PASSWORD);
      await expectDemoThread(page, `demo-visitor-thread-${label}`);

      // Used once: a reload of the thread asks nothing again, and /home starts no second workspace.
      await page.reload();
      await expect(page.getByLabel("Question", { exact: true })).toHaveCount(1, { timeout: 30_000 });
      expect(
        await page.evaluate(() => [sessionStorage.getItem("demo-signup"), sessionStorage.getItem("demoSignupState")]),
      ).toEqual([null, null]);
      expect(await workspaceCount(page)).toBe(1);
      await context.close();
    });

    test("a signed-in user's demo prompt goes straight to a new workspace's thread", async ({ browser, app }) => {
      test.setTimeout(240_000);
      app.llm!.route = () => ({ text: ANSWER, delayMs: 100 });
      const { context, page } = await openContext(browser, app.url, viewport);
      await page.goto("/signup");
      await signUp(page, uniqueEmail("demo-member"), PASSWORD);
      await expect(page).toHaveURL(/\/home$/, { timeout: 30_000 });
      await sendDemo(page);
      await expectDemoThread(page, `demo-member-thread-${label}`);
      await page.reload();
      await expect(page.getByLabel("Question", { exact: true })).toHaveCount(1, { timeout: 30_000 });
      expect(await workspaceCount(page)).toBe(1);
      await context.close();
    });
  });
}

test("a Send that went as the plain form (before the script ran) is asked after sign-up too", async ({
  browser,
  app,
}) => {
  test.setTimeout(240_000);
  app.llm!.route = () => ({ text: ANSWER, delayMs: 100 });
  const { context, page } = await openContext(browser, app.url, DESKTOP);
  await page.goto(`/signup?fromDemo=1&sampleQuery=${encodeURIComponent(DEMO_PROMPT)}`);
  await expect
    .poll(() => page.evaluate(() => sessionStorage.getItem("demo-signup")), { timeout: 30_000 })
    .toContain("three-statement");
  await signUp(page, uniqueEmail("demo-plain"), PASSWORD);
  await expectDemoThread(page, "demo-plain-form-thread-1440");
  await context.close();
});

test("a demo state older than five minutes is ignored and cleared", async ({ browser, app }) => {
  test.setTimeout(120_000);
  const { context, page } = await openContext(browser, app.url, DESKTOP);
  await page.goto("/signup");
  await signUp(page, uniqueEmail("demo-expired"), PASSWORD);
  await expect(page).toHaveURL(/\/home$/, { timeout: 30_000 });
  await page.evaluate(() => {
    const state = JSON.stringify({
      isProcessing: true,
      fromDemo: true,
      sampleQuery: "Build a model",
      createWorkspaceOnLoad: true,
      timestamp: Date.now() - 300_001,
    });
    sessionStorage.setItem("demo-signup", state);
    sessionStorage.setItem("demoSignupState", state);
  });
  await page.goto("/home");
  await expect
    .poll(
      () => page.evaluate(() => [sessionStorage.getItem("demo-signup"), sessionStorage.getItem("demoSignupState")]),
      {
        timeout: 30_000,
      },
    )
    .toEqual([null, null]);
  await expect(page).toHaveURL(/\/home$/);
  expect(await workspaceCount(page)).toBe(0);
  await context.close();
});
