import type { FakeServer } from "../helpers/fake-http.ts";
import { axeViolations } from "./support/axe.ts";
import { expect, test } from "./support/fixtures.ts";
import { openUrlDialog, ownerOnFilesPanel, SHOTS, startSite } from "./support/imports.ts";
import { badge } from "./support/indexing.ts";

// The test's "public site" is on 127.0.0.1: this server may fetch local addresses.
test.use({ extraEnv: { URL_IMPORT_ALLOW_PRIVATE: "true" } });

let site: FakeServer;
test.beforeAll(async () => {
  site = await startSite();
});
test.afterAll(() => site?.close());

for (const [width, height] of [
  [1440, 900],
  [375, 812],
] as const) {
  test(`Add from → URL at ${width} px: validated, fetched by the server, listed and indexed like an upload`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await ownerOnFilesPanel(page, `url-${width}`);

    await page.getByRole("button", { name: "Add from" }).click();
    const menu = page.getByRole("list", { name: "Add from" });
    await expect(menu.getByRole("button")).toHaveText([/^URL/, /^Google Drive/, /^SEC EDGAR/]);
    await page.screenshot({ path: `${SHOTS}/add-from-menu-${width}.png` });
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Add from" })).toBeFocused();

    const dialog = await openUrlDialog(page);
    await expect(dialog.getByLabel("URL")).toBeFocused();
    await dialog.getByRole("button", { name: "Add file" }).click();
    await expect(dialog.getByText("Enter the file's URL.")).toBeVisible();
    await dialog.getByLabel("URL").fill("ftp://example.com/a.pdf");
    await dialog.getByRole("button", { name: "Add file" }).click();
    await expect(dialog.getByText("Only http:// and https:// URLs can be imported.")).toBeVisible();
    await expect(dialog.getByLabel("URL")).toHaveAttribute("aria-invalid", "true");

    await dialog.getByLabel("URL").fill(`${site.url}/reports/annual.pdf`);
    await dialog.getByLabel("File name (optional)").fill("Annual report 2024.pdf");
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/url-dialog-${width}.png` });
    await dialog.getByRole("button", { name: "Add file" }).click();
    await expect(dialog).toBeHidden({ timeout: 15_000 });
    await expect(page.getByText("Added Annual report 2024.pdf: it is being indexed.")).toBeVisible();

    const row = page.getByRole("list", { name: "Workspace files" }).getByRole("listitem", {
      name: "Annual report 2024.pdf",
    });
    await expect(row).toBeVisible();
    // The worker role indexes it like any upload.
    await expect(badge(row, "Indexed")).toBeVisible({ timeout: 30_000 });
    expect(site.requests).toContain("GET /reports/annual.pdf");
  });
}
