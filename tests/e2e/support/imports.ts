import type { Page } from "@playwright/test";
import { startFakeServer, type FakeServer } from "../../helpers/fake-http.ts";
import { expect, PASSWORD, signUp, uniqueEmail } from "./fixtures.ts";
import { GOOD } from "./indexing.ts";
import { shotsDir } from "./shots.ts";

/** Screenshots of the screens helper's work, for a person to look at. */
export const SHOTS = shotsDir("screens");

/** A local web server with one PDF on it at /reports/annual.pdf, as someone's public site would be. */
export function startSite(): Promise<FakeServer> {
  return startFakeServer({
    "GET /reports/annual.pdf": (_req, res) =>
      res.writeHead(200, { "content-type": "application/pdf" }).end(GOOD.buffer),
  });
}

/** A new account with a Pod, on its files panel. */
export async function ownerOnFilesPanel(page: Page, name: string): Promise<void> {
  await page.goto("/signup");
  await signUp(page, uniqueEmail(name), PASSWORD);
  await expect(page).toHaveURL(/\/home$/, { timeout: 30_000 });
  await page.getByLabel("Workspace name").fill("Imports");
  await page.getByRole("button", { name: "Create workspace" }).click();
  await expect(page).toHaveURL(/\/workspace\/[^/]+$/, { timeout: 15_000 });
}

export async function openUrlDialog(page: Page) {
  await page.getByRole("button", { name: "Add from" }).click();
  await page.getByRole("list", { name: "Add from" }).getByRole("button", { name: /^URL/ }).click();
  const dialog = page.getByRole("dialog", { name: "Add from URL" });
  await expect(dialog).toBeVisible();
  return dialog;
}
