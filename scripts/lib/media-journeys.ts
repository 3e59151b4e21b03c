import fs from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import type { FakeOpenAI } from "../../tests/helpers/fake-openai.ts";

/**
 * The product journeys `npm run media` films: a new account, a Pod of real documents from
 * SHARED_DATA_DIR, and the thread screen doing what the marketing sections say it does. The same
 * steps the Chromium journeys take (tests/e2e/thread*.spec.ts), paced for a person to follow.
 */

export const DATA_DIR = process.env.SHARED_DATA_DIR ?? path.resolve("../shared/data");
const PASSWORD = "correct-horse-1";

/** A person's pause: long enough to read what just appeared. */
export const beat = (page: Page, ms = 900) => page.waitForTimeout(ms);

export function dataFile(rel: string, name = path.basename(rel), mimeType = "application/pdf") {
  const file = path.join(DATA_DIR, rel);
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: set SHARED_DATA_DIR to the shared test corpora`);
  return { name, mimeType, buffer: fs.readFileSync(file) };
}

/** Signs up a new account and creates a Pod; leaves the page on the Pod's files. */
export async function newPod(page: Page, url: string, name: string, email: string): Promise<void> {
  await page.goto(`${url}/signup`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("checkbox", { name: /I agree to the/ }).check();
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(/\/home$/);
  await page.getByLabel("Workspace name").fill(name);
  await page.getByRole("button", { name: "Create workspace" }).click();
  await page.waitForURL(/\/workspace\/[^/]+$/);
}

/** Uploads the files and waits until the worker has indexed every one. */
export async function uploadAndIndex(
  page: Page,
  files: { name: string; mimeType: string; buffer: Buffer }[],
): Promise<void> {
  await page.getByLabel("Upload files").setInputFiles(files);
  const list = page.getByRole("list", { name: "Workspace files" });
  for (const f of files)
    await list
      .getByRole("listitem", { name: f.name })
      .getByText("Indexed", { exact: true })
      .filter({ visible: true })
      .waitFor({ timeout: 180_000 });
  await page.getByRole("button", { name: "Clear finished uploads" }).click();
  await list.scrollIntoViewIfNeeded();
}

export async function newThread(page: Page): Promise<void> {
  await page.getByRole("button", { name: "New thread" }).click();
  await page.waitForURL(/\/thread\/[^/?]+$/);
}

/** Puts the question in the box and sends it; resolves with the completed answer. */
export async function ask(page: Page, question: string): Promise<Locator> {
  const box = page.getByLabel("Ask a question");
  await box.click();
  await box.fill(question);
  await beat(page, 400);
  await box.press("Enter");
  const answer = page.getByRole("article", { name: "Answer" }).last();
  await answer.and(page.locator("[data-status=complete]")).waitFor({ timeout: 120_000 });
  return answer;
}

/** The fake model writes a workbook, then answers (tests/helpers/fake-openai.ts scripts). */
export function scriptWorkbook(llm: FakeOpenAI, args: Record<string, unknown>, text: string): void {
  llm.script({ toolCalls: [{ name: "write_workbook", args }] }, { text, delayMs: 25 });
}

/** Thread file ids, as the thread's files panel loads them. */
export async function threadFiles(page: Page, url: string) {
  const threadId = page.url().split("/thread/")[1]!.split(/[?#]/)[0]!;
  const workspaceId = page.url().split("/workspace/")[1]!.split("/")[0]!;
  const res = await page.request.get(`${url}/resources/workspaces/${workspaceId}/threads/${threadId}/files`);
  if (!res.ok()) throw new Error(`thread files: ${res.status()}`);
  return ((await res.json()) as { files: { filename: string; versions: { version_id: string }[] }[] }).files;
}

/** Draws a soft ring around what the viewer should look at (removed with the returned function). */
export async function spotlight(target: Locator): Promise<() => Promise<void>> {
  await target.evaluate((el) => {
    (el as HTMLElement).dataset.mediaSpotlight = "";
    (el as HTMLElement).style.boxShadow = "0 0 0 3px rgba(37, 99, 235, 0.55)";
    (el as HTMLElement).style.borderRadius = "6px";
  });
  return () =>
    target.evaluate((el) => {
      (el as HTMLElement).style.boxShadow = "";
      delete (el as HTMLElement).dataset.mediaSpotlight;
    });
}
