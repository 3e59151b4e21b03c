import type { Browser, Locator, Page } from "@playwright/test";
import { makePdf } from "../../helpers/documents/make-pdf.ts";
import { expect, PASSWORD, signUp, uniqueEmail } from "./fixtures.ts";

/** Shared by the indexing journeys (indexing-panel.spec.ts, indexing-worker.spec.ts). */
export const DESKTOP = { width: 1440, height: 900 };
export const MOBILE = { width: 375, height: 812 };

export const GOOD = {
  name: "annual-report.pdf",
  mimeType: "application/pdf",
  buffer: Buffer.from(
    makePdf([
      [{ text: "Annual report 2024", x: 72, y: 700, size: 20 }],
      [{ text: "Revenue grew because of the lighthouse subscription plan.", x: 72, y: 700 }],
    ]),
  ),
};
/** Starts like a PDF, then nothing a PDF reader can use. */
export const BROKEN = {
  name: "broken-scan.pdf",
  mimeType: "application/pdf",
  buffer: Buffer.from("%PDF-1.7\n" + "garbage ".repeat(500)),
};
export const REASON = /Couldn.t index this file: The PDF cannot be opened/;

/** Screenshots for a person to look at; not committed (scratch/ is ignored). */
export async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `scratch/e2e/${name}-1440.png`, fullPage: true });
  await page.setViewportSize(MOBILE);
  await page.screenshot({ path: `scratch/e2e/${name}-375.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
}

/** A new account with a workspace, on that workspace's files panel. */
export async function ownerOfNewWorkspace(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto("/signup");
  await signUp(page, uniqueEmail("indexer"), PASSWORD);
  // Hashing the password can take a while on a busy machine.
  await expect(page).toHaveURL(/\/home$/, { timeout: 20_000 });
  await page.getByLabel("Workspace name").fill("Filings");
  await page.getByRole("button", { name: "Create workspace" }).click();
  await expect(page).toHaveURL(/\/workspace\/[^/]+$/);
  return { context, page, workspaceUrl: new URL(page.url()).pathname };
}

export function rows(page: Page) {
  const list = page.getByRole("list", { name: "Workspace files" });
  return {
    good: list.getByRole("listitem", { name: GOOD.name }),
    bad: list.getByRole("listitem", { name: BROKEN.name }),
  };
}

/** A row's status badge (rendered twice, for narrow and wide screens; one is visible). */
export const badge = (row: Locator, label: string) => row.getByText(label, { exact: true }).filter({ visible: true });
export const retryButton = (page: Page) =>
  rows(page).bad.getByRole("button", { name: `Retry indexing ${BROKEN.name}` });

export async function upload(page: Page): Promise<void> {
  await page.getByLabel("Upload files").setInputFiles([GOOD, BROKEN]);
  for (const f of [GOOD, BROKEN])
    await expect(page.getByRole("progressbar", { name: `Uploading ${f.name}` })).toHaveAttribute(
      "aria-valuenow",
      "100",
    );
  await expect(page.getByRole("list", { name: "Workspace files" }).getByRole("listitem")).toHaveCount(2);
}
