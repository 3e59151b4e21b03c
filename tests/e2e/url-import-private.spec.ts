import type { FakeServer } from "../helpers/fake-http.ts";
import { expect, test } from "./support/fixtures.ts";
import { openUrlDialog, ownerOnFilesPanel, SHOTS, startSite } from "./support/imports.ts";

// A default server (URL_IMPORT_ALLOW_PRIVATE unset): the backend refuses to fetch 127.0.0.1.
let site: FakeServer;
test.beforeAll(async () => {
  site = await startSite();
});
test.afterAll(() => site?.close());

test("a private address is refused, with the server's message in the dialog", async ({ page }) => {
  await ownerOnFilesPanel(page, "url-private");
  const dialog = await openUrlDialog(page);
  const before = site.requests.length;
  await dialog.getByLabel("URL").fill(`${site.url}/reports/annual.pdf`);
  await dialog.getByRole("button", { name: "Add file" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    /^Refusing to fetch 127\.0\.0\.1:\d+: it points to a private or internal address \(127\.0\.0\.1\)\.$/,
  );
  // The dialog stays open with what was typed, to correct it; nothing was fetched or added.
  await expect(dialog.getByLabel("URL")).toHaveValue(`${site.url}/reports/annual.pdf`);
  await expect(dialog.getByRole("button", { name: "Add file" })).toBeEnabled();
  expect(site.requests.length).toBe(before);
  await page.screenshot({ path: `${SHOTS}/url-dialog-refused-1440.png` });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Add from" })).toBeFocused();
  await expect(page.getByText("No files yet")).toBeVisible();
});
