import type { Page } from "@playwright/test";
import { makePdf } from "../helpers/documents/make-pdf.ts";
import { axeViolations } from "./support/axe.ts";
import { expect, test } from "./support/fixtures.ts";
import { SHOTS } from "./support/imports.ts";
import { badge, DESKTOP, MOBILE, ownerOfNewWorkspace } from "./support/indexing.ts";

const pdf = (name: string, pages: string[]) => ({
  name,
  mimeType: "application/pdf",
  buffer: Buffer.from(makePdf(pages.map((text) => [{ text, x: 72, y: 700 }]))),
});
const ENERGY = pdf("energy-10k.pdf", [
  "Energy annual report",
  "Drilling volumes fell in the second half.",
  "The lighthouse contract with the port authority renewed for five years.",
]);
const BANKS = pdf("bank-letter.pdf", ["Letter to shareholders", "Deposits rose after the lighthouse campaign."]);

async function uploadIndexed(page: Page, file: typeof ENERGY) {
  await page.getByLabel("Upload files").setInputFiles(file);
  const row = page.getByRole("list", { name: "Workspace files" }).getByRole("listitem", { name: file.name });
  await expect(badge(row, "Indexed")).toBeVisible({ timeout: 30_000 });
}

async function newPod(page: Page, name: string) {
  await page.goto("/home");
  await page.getByLabel("Workspace name").fill(name);
  await page.getByRole("button", { name: "Create workspace" }).click();
  await expect(page).toHaveURL(/\/workspace\/[^/]+$/, { timeout: 15_000 });
}

test("/search finds files across two Pods by content, grouped by Pod, and opens one at its page", async ({
  browser,
  app,
}) => {
  test.setTimeout(120_000);
  const { page, context } = await ownerOfNewWorkspace(browser, app.url);
  await uploadIndexed(page, ENERGY);
  const energyPod = new URL(page.url()).pathname;
  await newPod(page, "Banks");
  await uploadIndexed(page, BANKS);

  // Empty state, from the header's nav.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByText("Search every Pod you own and your library at once")).toBeVisible();

  await page.getByRole("searchbox", { name: "Search your files" }).fill("lighthouse");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/search\?q=lighthouse$/);
  const results = page.getByRole("region", { name: "Results" });
  await expect(results.getByRole("status")).toHaveText("2 files in 2 places");
  const filings = results.getByRole("region", { name: "Filings" });
  const banks = results.getByRole("region", { name: "Banks" });
  await expect(filings.getByRole("link")).toHaveCount(1);
  await expect(filings.getByRole("link")).toContainText("energy-10k.pdf");
  await expect(filings.getByRole("link")).toContainText("Page 3");
  await expect(filings.getByRole("link")).toContainText("lighthouse contract with the port authority");
  await expect(banks.getByRole("link")).toContainText("bank-letter.pdf");
  await expect(banks.getByRole("link")).toContainText("Page 2");

  for (const size of [DESKTOP, MOBILE]) {
    await page.setViewportSize(size);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/search-results-${size.width}.png`, fullPage: true });
  }
  await page.setViewportSize(DESKTOP);

  // The result opens the Pod's files screen with the viewer on that file at that page.
  await filings.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`${energyPod}\\?file=[^&]+&page=3$`));
  const viewer = page.getByTestId("file-viewer");
  await expect(viewer.getByRole("heading", { name: "energy-10k.pdf" })).toBeVisible();
  await expect(viewer.getByText("Page 3 of 3")).toBeVisible({ timeout: 15_000 });
  // The link itself opens it too (a fresh load renders the viewer on the server).
  const linked = page.url();
  await page.reload();
  await expect(viewer.getByText("Page 3 of 3")).toBeVisible({ timeout: 15_000 });
  expect(page.url()).toBe(linked);
  await viewer.getByRole("button", { name: "Close viewer" }).click();
  await expect(viewer).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${energyPod}$`));

  // No results; and the page works without JavaScript (the loader searched).
  const noJs = await browser.newContext({
    baseURL: app.url,
    javaScriptEnabled: false,
    storageState: await context.storageState(),
  });
  const plain = await noJs.newPage();
  await plain.goto("/search?q=zeppelin");
  await expect(plain.getByText("No files match “zeppelin”.")).toBeVisible();
  await plain.getByRole("searchbox", { name: "Search your files" }).fill("deposits");
  await plain.getByRole("button", { name: "Search" }).click();
  await expect(plain.getByRole("region", { name: "Banks" }).getByRole("link")).toContainText("bank-letter.pdf");
  await noJs.close();
  await context.close();
});
