import { expect, test } from "./support/fixtures.ts";
import { REASON, badge, ownerOfNewWorkspace, retryButton, rows, upload } from "./support/indexing.ts";

/** The e2e server runs the worker role (the default): uploads get indexed with nobody's help. */
// Each parse starts a worker thread that loads the parsers: about 5 s per file on a loaded 2-core
// machine, and the worker takes one job at a time.
const WORKER = { timeout: 45_000 };

test("the worker indexes uploads by itself; a failed file shows why and can be retried", async ({ browser, app }) => {
  test.setTimeout(150_000);
  const { context, page } = await ownerOfNewWorkspace(browser, app.url);
  await upload(page);
  const { good, bad } = rows(page);
  await expect(badge(good, "Indexed")).toBeVisible(WORKER);
  await expect(bad.getByText(REASON)).toBeVisible(WORKER);
  await expect(badge(bad, "Failed")).toBeVisible();
  await expect(page.getByText("1 of 2 files indexed · 1 failed")).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Files indexed" })).toHaveCount(0);

  await retryButton(page).click();
  await expect(page.getByText("File queued for indexing again.")).toBeVisible();
  // The worker takes it again and it fails again, for the same reason. (How fast is up to the
  // worker; indexing-panel.spec.ts holds the queue to check each step in between.)
  await expect(bad.getByText(REASON)).toBeVisible(WORKER);
  await expect(badge(bad, "Failed")).toBeVisible();
  await expect(page.getByText("1 of 2 files indexed · 1 failed")).toBeVisible();
  await context.close();
});
