import fs from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { expect, PASSWORD, screenshot, signUp, test, uniqueEmail } from "./support/fixtures.ts";

const DESKTOP = { width: 1440, height: 900 };
const MOBILE = { width: 375, height: 812 };

async function newAccount(page: Page, prefix: string): Promise<void> {
  await page.goto("/signup");
  await signUp(page, uniqueEmail(prefix), PASSWORD);
  await expect(page).toHaveURL(/\/home$/);
}

async function newContext(browser: Browser, baseURL: string, javaScriptEnabled = true) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled, viewport: DESKTOP });
  return { context, page: await context.newPage() };
}

/** Entries in a zip, from its end-of-central-directory record. */
function zipEntryCount(bytes: Buffer): number {
  for (let i = bytes.length - 22; i >= 0; i -= 1)
    if (bytes.readUInt32LE(i) === 0x06054b50) return bytes.readUInt16LE(i + 10);
  throw new Error("not a zip file");
}

const files = ["balance-sheet.csv", "notes.txt", "memo.md"].map((name, i) => ({
  name,
  mimeType: "text/plain",
  buffer: Buffer.from(`${name}\n${"row,value\n".repeat(2000 * (i + 1))}`),
}));

test("a workspace from creation to a bookmark by someone else", async ({ browser, app }) => {
  test.setTimeout(90_000); // three browser contexts and a dozen round trips
  const { context, page } = await newContext(browser, app.url);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: app.url });
  await newAccount(page, "owner");
  await expect(page.getByText("No workspaces yet")).toBeVisible();

  await page.getByLabel("Workspace name").fill("Q3 credit review");
  await page.getByRole("button", { name: "Create workspace" }).click();
  await expect(page).toHaveURL(/\/workspace\/[^/]+$/);
  const workspaceUrl = new URL(page.url()).pathname;
  await expect(page.getByRole("heading", { level: 1, name: "Q3 credit review" })).toBeVisible();
  await expect(page.getByRole("switch", { name: "Public workspace" })).toHaveAttribute("aria-checked", "false");

  // Private: to a visitor it does not exist.
  const stranger = await newContext(browser, app.url);
  expect((await stranger.page.goto(workspaceUrl))?.status()).toBe(404);
  await expect(stranger.page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  // The 404 page sends its visitor home after 3 s (a meta refresh and a timer): a later goto on
  // the same page could meet that navigation and be aborted (net::ERR_ABORTED).
  await stranger.context.close();

  await page.getByLabel("Upload files").setInputFiles(files);
  for (const f of files) {
    await expect(page.getByRole("progressbar", { name: `Uploading ${f.name}` })).toHaveAttribute(
      "aria-valuenow",
      "100",
    );
  }
  const list = page.getByRole("list", { name: "Workspace files" });
  await expect(list.getByRole("listitem")).toHaveCount(3);
  // Stored, then indexed by the worker: whichever state the list was rendered in.
  await expect(list.getByText(/^(Queued|Indexing|Indexed)$/).filter({ visible: true })).toHaveCount(3);

  await page.getByLabel("Rename notes.txt").click();
  await page.getByRole("textbox", { name: "File name" }).fill("analyst-notes.txt");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(list.getByRole("listitem", { name: "analyst-notes.txt" })).toBeVisible();
  await expect(list.getByRole("listitem", { name: "notes.txt", exact: true })).toHaveCount(0);

  await page.getByRole("switch", { name: "Public workspace" }).click();
  await expect(page.getByRole("switch", { name: "Public workspace" })).toHaveAttribute("aria-checked", "true");
  await page.getByRole("button", { name: "Copy link" }).first().click();
  await expect(page.getByText("Link copied to clipboard!")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${app.url}${workspaceUrl}`);

  await page.getByRole("textbox", { name: "New thread name" }).fill("Covenant headroom");
  await page.getByRole("button", { name: "New thread" }).click();
  await expect(page).toHaveURL(/\/thread\//);
  await expect(page.getByRole("textbox", { name: "Ask a question" })).toBeEditable();
  await page.getByRole("link", { name: "Files" }).click();
  await screenshot(page, "workspace-desktop");
  await page.setViewportSize(MOBILE);
  await screenshot(page, "workspace-mobile");
  await page.getByText("Pod Actions").click();
  await expect(page.getByRole("switch", { name: "Public workspace" }).last()).toBeVisible();
  await page.screenshot({ path: "test-results/screenshots/workspace-mobile-menu.png" });
  await page.getByText("Pod Actions").click();
  await page.setViewportSize(DESKTOP);

  // Signed out, public: readable, but nothing can be changed.
  const visitor = await newContext(browser, app.url);
  expect((await visitor.page.goto(workspaceUrl))?.status()).toBe(200);
  await expect(visitor.page.getByRole("heading", { level: 1, name: "Q3 credit review" })).toBeVisible();
  await expect(visitor.page.getByText("Public", { exact: true }).first()).toBeVisible();
  await expect(visitor.page.getByRole("listitem", { name: "analyst-notes.txt" })).toBeVisible();
  await expect(visitor.page.getByLabel("Upload files")).toHaveCount(0);
  await expect(visitor.page.getByText("Rename", { exact: true })).toHaveCount(0);
  await expect(visitor.page.getByRole("switch")).toHaveCount(0);
  await expect(visitor.page.getByRole("button", { name: "Add Bookmark" })).toHaveCount(0);
  await visitor.context.close();

  // Another analyst bookmarks it and finds it on their list.
  const other = await newContext(browser, app.url);
  await newAccount(other.page, "reader");
  await other.page.goto(workspaceUrl);
  await other.page.getByRole("button", { name: "Add Bookmark" }).click();
  await expect(other.page.getByRole("button", { name: "Remove Bookmark" })).toBeVisible();
  await other.page.goto("/home?filter=bookmarked");
  await expect(other.page.getByRole("link", { name: "Q3 credit review" }).first()).toBeVisible();
  await other.context.close();

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download all" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("workspace_files.zip");
  expect(zipEntryCount(fs.readFileSync(await download.path()))).toBe(3);

  await page.goto("/home");
  await expect(page.getByRole("heading", { name: "Most bookmarked" })).toBeVisible();
  await screenshot(page, "home-desktop");
  await page.setViewportSize(MOBILE);
  await screenshot(page, "home-mobile");
  await context.close();
});

test("the library keeps account files and saved prompts", async ({ browser, app }) => {
  const { context, page } = await newContext(browser, app.url);
  await newAccount(page, "librarian");
  await page.getByLabel("Workspace name").fill("Deal room");
  await page.getByRole("button", { name: "Create workspace" }).click();
  await expect(page).toHaveURL(/\/workspace\//);

  await page.goto("/library");
  await page.getByLabel("Upload files").setInputFiles([files[0]!]);
  const list = page.getByRole("list", { name: "Account files" });
  await expect(list.getByRole("listitem", { name: "balance-sheet.csv" })).toBeVisible();
  await page.getByLabel("Add balance-sheet.csv to a workspace").click();
  await page.getByRole("button", { name: "Add file" }).click();
  await expect(page.getByText("File added to the workspace.")).toBeVisible();

  await page.getByLabel("Title").fill("Covenant check");
  await page.getByLabel("Prompt").fill("List every financial covenant and the headroom at the last test date.");
  await page.getByRole("button", { name: "Save prompt" }).click();
  await expect(page.getByRole("listitem", { name: "Covenant check" })).toBeVisible();
  await screenshot(page, "library-desktop");
  await page.setViewportSize(MOBILE);
  await screenshot(page, "library-mobile");
  await context.close();
});

test("creating and renaming a workspace and starting a thread work without JavaScript", async ({ browser, app }) => {
  const { context, page } = await newContext(browser, app.url, false);
  await newAccount(page, "nojs");
  await page.getByLabel("Workspace name").fill("Plain HTML pod");
  await page.getByRole("button", { name: "Create workspace" }).click();
  await expect(page).toHaveURL(/\/workspace\/[^/]+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Plain HTML pod" })).toBeVisible();
  await expect(page.getByText("Uploading files needs JavaScript.")).toBeVisible();

  await page.getByText("Edit Pod", { exact: true }).first().click();
  await page.getByRole("textbox", { name: "Name", exact: true }).fill("Renamed without JS");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Renamed without JS" })).toBeVisible();
  await expect(page.getByText("Pod updated.")).toBeVisible();

  // Starting a thread is a plain form post as well: the browser follows the action's redirect.
  await page.getByRole("textbox", { name: "New thread name" }).fill("Plain HTML thread");
  await page.getByRole("button", { name: "New thread" }).click();
  await expect(page).toHaveURL(/\/workspace\/[^/]+\/thread\/[^/?#]+/);
  await expect(page.getByRole("link", { name: "Plain HTML thread" })).toBeVisible();
  await context.close();
});
