import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { DESKTOP, GOOD, MOBILE, ownerOfNewWorkspace, shoot } from "./support/indexing.ts";
import { lastAnswer, newThread } from "./support/thread.ts";

/**
 * Publishing a Pod or a thread and reading it through its share link: the owner publishes from the
 * Pod actions (desktop, and the Pod Actions menu at 375 px) or a thread's actions, copies the link;
 * a visitor who is not signed in opens it in a fresh browser, reads the thread, clicks a citation
 * and sees the quote highlighted on the page of the frozen file; without JavaScript the shared
 * thread still reads in full, and publishing still works.
 */
test.use({ ingestion: "manual" });

const QUESTION = "Why did revenue grow?";
/** Not about revenue: search mode never cites it, so a thread snapshot must leave it out. */
const MENU = { name: "lunch-menu.txt", mimeType: "text/plain", buffer: Buffer.from("Soup of the day: leek.\n") };

/** An owner's Pod (two files, indexed) with a thread "Revenue" holding one cited answer, and an empty thread "Later". */
async function podWithCitedAnswer(browser: Browser, baseURL: string, drain: () => Promise<number>) {
  const { context, page, workspaceUrl } = await ownerOfNewWorkspace(browser, baseURL);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await page.getByLabel("Upload files").setInputFiles([GOOD, MENU]);
  const list = page.getByRole("list", { name: "Workspace files" });
  await expect(list.getByText("Queued", { exact: true }).filter({ visible: true })).toHaveCount(2);
  expect(await drain()).toBe(2);
  await expect(list.getByText("Indexed", { exact: true }).filter({ visible: true })).toHaveCount(2);
  await page.getByRole("textbox", { name: "New thread name" }).fill("Later");
  await newThread(page);
  await page.getByRole("link", { name: "Files" }).click();
  // The Pod's page first: a name typed while the thread's page was still showing was lost when
  // the Pod's page replaced it, the thread kept the default name, and its first question renamed
  // it ("Why did revenue grow"), so no thread "Revenue" was there to publish (CI, 1 run in 4).
  await expect(page).toHaveURL(/\/workspace\/[^/]+$/);
  const name = page.getByRole("textbox", { name: "New thread name" });
  await name.fill("Revenue");
  await expect(name).toHaveValue("Revenue");
  await newThread(page);
  await expect(
    page.getByRole("link", { name: "Revenue", exact: true }).filter({ visible: true }).first(),
  ).toBeVisible();
  await page.getByLabel("Ask a question").fill(QUESTION);
  await page.getByLabel("Ask a question").press("Enter");
  await expect(lastAnswer(page)).toHaveAttribute("data-status", "complete", { timeout: 20_000 });
  await expect(lastAnswer(page).locator(".answer-markdown button[data-citation]").first()).toBeVisible();
  return { context, page, workspaceUrl, threadUrl: new URL(page.url()).pathname };
}

/** The share link shown after publishing; copies it and checks the clipboard holds it. */
async function copyShareLink(page: Page, message: string): Promise<string> {
  const panel = page.getByRole("status", { name: "Share link" });
  await expect(panel).toContainText(message);
  const link = await panel.getByRole("textbox", { name: "Share link" }).inputValue();
  expect(link).toMatch(/\/share\/[^/]+/);
  await panel.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByText("Link copied to clipboard!").last()).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  return link;
}

/** The owner's API token: the web tier's session cookie holds it (serialized by React Router). */
async function sessionToken(context: BrowserContext): Promise<string> {
  const raw = (await context.cookies()).find((c) => c.name === "__session")!.value;
  return JSON.parse(Buffer.from(decodeURIComponent(raw), "base64").toString("utf8")) as string;
}

async function visitor(browser: Browser, baseURL: string, javaScriptEnabled = true): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport: DESKTOP, javaScriptEnabled });
}

/** Nothing on a share page lets anyone change it (section 4: owner and bookmark controls hidden). */
async function expectReadOnly(page: Page): Promise<void> {
  for (const name of ["Publish Pod", "Edit Pod", "Add Bookmark", "Remove Bookmark"])
    await expect(page.getByText(name, { exact: true })).toHaveCount(0);
  await expect(page.getByRole("switch", { name: "Public workspace" })).toHaveCount(0);
  await expect(page.getByRole("textbox", { name: "New thread name" })).toHaveCount(0);
  await expect(page.getByLabel("Upload files")).toHaveCount(0);
  await expect(page.getByLabel("Ask a question")).toHaveCount(0);
  await expect(page.getByLabel(/^Actions for thread/)).toHaveCount(0);
}

test("publish a Pod at desktop width; signed out, a new browser opens the link, the thread and a citation with the quote highlighted; without JavaScript the thread reads in full", async ({
  browser,
  app,
}) => {
  test.setTimeout(150_000);
  const owner = await podWithCitedAnswer(browser, app.url, app.drainQueue);
  const { page } = owner;
  await expect(page.getByText("(Published)")).toHaveCount(0);

  await page.getByText("Publish Pod", { exact: true }).filter({ visible: true }).click();
  const discoverable = page.getByRole("checkbox", { name: /List on Published Pods/ }).filter({ visible: true });
  await expect(discoverable).not.toBeChecked();
  await shoot(page, "publish-dialog");
  await page.getByRole("button", { name: "Publish", exact: true }).filter({ visible: true }).click();
  const link = await copyShareLink(page, "Pod published.");
  expect(link.startsWith(`${app.url}/share/`)).toBe(true);
  // The source Pod now says it is published.
  await expect(page.getByText("(Published)", { exact: true })).toBeVisible();
  await shoot(page, "publish-link");

  // Signed out, in a browser that never saw the owner.
  const anon = await visitor(browser, app.url);
  const v = await anon.newPage();
  const res = await v.goto(link);
  expect(res?.status()).toBe(200);
  await expect(v.getByRole("heading", { level: 1, name: "Filings" })).toBeVisible();
  await expect(v.getByText("(Published)", { exact: true })).toBeVisible();
  await expect(v.getByRole("link", { name: "Log in" })).toBeVisible();
  await expect(v.locator('meta[property="og:title"]')).toHaveAttribute("content", /^Filings/);
  await expect(v.locator('meta[property="og:description"]')).toHaveAttribute("content", /.+/);
  await expect(v.locator('meta[name="twitter:card"]')).toHaveCount(1);
  await expectReadOnly(v);
  // Its files, downloadable.
  const files = v.getByRole("list", { name: "Workspace files" });
  await expect(files.getByRole("listitem")).toHaveCount(2);
  const download = files
    .getByRole("listitem", { name: GOOD.name })
    .getByRole("link", { name: `Download ${GOOD.name}` });
  const got = await v.request.get((await download.getAttribute("href"))!);
  expect(got.status()).toBe(200);
  expect(Buffer.from(await got.body()).equals(GOOD.buffer)).toBe(true);
  // The snapshot's own workspace is only shown as the share view.
  const snapshotWorkspace = (await download.getAttribute("href"))!.split("/")[3]!;
  await v.goto(`/workspace/${snapshotWorkspace}`);
  await expect(v).toHaveURL(link);
  const zip = await v.request.get((await v.getByRole("link", { name: "Download all" }).getAttribute("href"))!);
  expect(zip.status()).toBe(200);
  expect((await zip.body()).subarray(0, 2).toString()).toBe("PK");
  await shoot(v, "share-pod");

  // Both threads are there; the one with the answer opens with its question and cited answer.
  const threads = v.getByRole("navigation", { name: "Threads" });
  await expect(threads.getByRole("link", { name: /Later|Revenue/ })).toHaveCount(2);
  await threads.getByRole("link", { name: "Revenue" }).click();
  await expect(v).toHaveURL(/\/share\/[^/]+\/thread\/[^/]+$/);
  await expect(v.getByLabel("Question", { exact: true })).toHaveText(QUESTION);
  await expectReadOnly(v);
  const chip = lastAnswer(v).locator(".answer-markdown button[data-citation]").first();
  await expect(chip).toHaveAttribute("data-verified", "true");
  await chip.click();
  const viewer = v.getByTestId("file-viewer");
  await expect(viewer.getByRole("heading", { name: GOOD.name })).toBeVisible();
  await expect(viewer.locator(".textLayer mark.pdf-quote").first()).toBeVisible({ timeout: 20_000 });
  await expect(viewer.getByTestId("quote-status")).toHaveText("Highlighted on the page.");
  await v.screenshot({ path: "scratch/e2e/share-citation-1440.png" });
  await v.setViewportSize(MOBILE);
  await v.screenshot({ path: "scratch/e2e/share-citation-375.png" });
  await v.keyboard.press("Escape");
  await v.setViewportSize(DESKTOP);
  // Show/Hide Thoughts is a display setting: it works here too and comes back to the share view.
  await v.getByRole("button", { name: "Hide Thoughts" }).filter({ visible: true }).click();
  await expect(v.getByRole("button", { name: "Show Thoughts" }).filter({ visible: true })).toBeVisible();
  await expect(v).toHaveURL(/\/share\/[^/]+\/thread\/[^/]+$/);
  await v.getByRole("button", { name: "Show Thoughts" }).filter({ visible: true }).click();
  await expect(v.getByRole("button", { name: "Hide Thoughts" }).filter({ visible: true })).toBeVisible();
  await shoot(v, "share-thread");
  const threadLink = new URL(v.url()).pathname;
  // A snapshot that does not exist is the not-found page.
  expect((await v.goto("/share/no-such-snapshot"))?.status()).toBe(404);
  await expect(v.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await anon.close();

  // Without JavaScript the server-rendered thread has the question and the whole answer.
  const plain = await visitor(browser, app.url, false);
  const p = await plain.newPage();
  expect((await p.goto(threadLink))?.status()).toBe(200);
  await expect(p.getByLabel("Question", { exact: true })).toHaveText(QUESTION);
  await expect(lastAnswer(p)).toHaveAttribute("data-status", "complete");
  await expect(lastAnswer(p)).toContainText("lighthouse subscription plan");
  await expect(lastAnswer(p).locator("button[data-citation]").first()).toBeVisible();
  await plain.close();
  await owner.context.close();
});

test("publish from the Pod Actions menu at 375 px; publish one thread: its share view shows that thread and the file it cites, nothing else; without JavaScript publishing is a plain form", async ({
  browser,
  app,
}) => {
  test.setTimeout(150_000);
  const owner = await podWithCitedAnswer(browser, app.url, app.drainQueue);
  const { page } = owner;

  await page.setViewportSize(MOBILE);
  await page.getByText("Pod Actions", { exact: true }).click();
  await page.getByText("Publish Pod", { exact: true }).filter({ visible: true }).click();
  await page
    .getByRole("checkbox", { name: /List on Published Pods/ })
    .filter({ visible: true })
    .check();
  await page.screenshot({ path: "scratch/e2e/publish-menu-375.png" });
  await page.getByRole("button", { name: "Publish", exact: true }).filter({ visible: true }).click();
  const podLink = await copyShareLink(page, "Pod published.");
  await page.screenshot({ path: "scratch/e2e/publish-link-375.png", fullPage: true });

  // One thread, from its actions (in the Files tab of the thread screen on a phone).
  const filesTab = page.getByRole("tab", { name: "Files" });
  await filesTab.click();
  // Step by step, so a failure says which step failed.
  await expect(filesTab).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("navigation", { name: "Threads" }).filter({ visible: true })).toBeVisible();
  await page.getByLabel("Actions for thread Revenue").click({ timeout: 15_000 });
  await page.getByText("Publish thread", { exact: true }).filter({ visible: true }).click();
  await page.screenshot({ path: "scratch/e2e/publish-thread-375.png" });
  await page.getByRole("button", { name: "Publish", exact: true }).filter({ visible: true }).click();
  const threadLink = await copyShareLink(page, "Thread published.");
  expect(threadLink).toMatch(/\/share\/[^/]+\/thread\/[^/]+$/);
  expect(threadLink).not.toContain(podLink.split("/share/")[1]!);
  await page.setViewportSize(DESKTOP);

  const anon = await visitor(browser, app.url);
  const v = await anon.newPage();
  await v.goto(threadLink);
  await expect(v.getByLabel("Question", { exact: true })).toHaveText(QUESTION);
  const threads = v.getByRole("navigation", { name: "Threads" });
  await expect(threads.getByRole("link", { name: "Revenue" })).toBeVisible();
  await expect(threads.getByRole("link", { name: "Later" })).toHaveCount(0);
  await expectReadOnly(v);
  await threads.getByRole("link", { name: "Files" }).click();
  const files = v.getByRole("list", { name: "Workspace files" });
  await expect(files.getByRole("listitem", { name: GOOD.name })).toBeVisible();
  await expect(files.getByRole("listitem", { name: MENU.name })).toHaveCount(0);
  await shoot(v, "share-thread-snapshot");
  // The Pod snapshot still has both threads.
  await v.goto(podLink);
  await expect(threads.getByRole("link", { name: "Later" })).toBeVisible();
  // Deleted (through the API, as its creator), the thread's link is the not-found page; the Pod's still reads.
  const threadSnapshotId = new URL(threadLink).pathname.split("/")[2]!;
  const deleted = await v.request.delete(`/api/snapshots/${threadSnapshotId}`, {
    headers: { authorization: `Bearer ${await sessionToken(owner.context)}` },
  });
  expect(deleted.status()).toBe(200);
  expect((await v.goto(threadLink))?.status()).toBe(404);
  await expect(v.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  expect((await v.goto(podLink))?.status()).toBe(200);
  await anon.close();

  // Without JavaScript: the details panel opens natively, the form posts, the page shows the link.
  const storageState = await owner.context.storageState();
  const plain = await browser.newContext({
    baseURL: app.url,
    viewport: DESKTOP,
    javaScriptEnabled: false,
    storageState,
  });
  const p = await plain.newPage();
  await p.goto(owner.workspaceUrl);
  await p.getByText("Publish Pod", { exact: true }).filter({ visible: true }).click();
  await p.getByRole("button", { name: "Publish", exact: true }).filter({ visible: true }).click();
  const panel = p.getByRole("status", { name: "Share link" });
  await expect(panel).toContainText("Pod published.");
  const plainLink = await panel.getByRole("textbox", { name: "Share link" }).inputValue();
  expect(plainLink).toMatch(new RegExp(`^${app.url}/share/[^/]+$`));
  expect([podLink, threadLink]).not.toContain(plainLink);
  await plain.close();
  await owner.context.close();
});
