import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { DESKTOP, GOOD, MOBILE, badge, ownerOfNewWorkspace, rows, shoot, tabTo } from "./support/indexing.ts";
import { newThread } from "./support/thread.ts";

/** Aborts the browser's upload PUTs (the bytes' way to the blob store) while `failing()` says so; counts them. */
async function breakUploads(page: Page, failing: (n: number) => boolean) {
  const puts = { count: 0 };
  await page.route("**/*", (route, req) => {
    if (req.method() !== "PUT") return route.fallback();
    puts.count += 1;
    return failing(puts.count) ? route.abort("connectionreset") : route.fallback();
  });
  return puts;
}

const INTERRUPTED = "Failed to upload file: the connection was interrupted.";
const uploadRow = (page: Page, name: string) => page.getByTestId("upload-row").filter({ hasText: name });

test("a failed upload is sent again with Retry, indexes, and any listed file opens in the viewer", async ({
  browser,
  app,
}) => {
  test.setTimeout(240_000); // sign-up, two uploads, indexing and the viewer at two widths on a busy machine
  const { context, page } = await ownerOfNewWorkspace(browser, app.url);
  const puts = await breakUploads(page, (n) => n === 1);

  await page.getByLabel("Upload files").setInputFiles([GOOD]);
  await expect(page.getByRole("alert").filter({ hasText: INTERRUPTED })).toBeVisible();
  await expect(page.getByText(/^Failed ·/)).toBeVisible();
  // Nothing half-uploaded is left in the list.
  await expect(page.getByText("No files yet")).toBeVisible();
  await shoot(page, "upload-failed");

  // Retry, reached with the keyboard alone, sends the same file again: no picker.
  const retry = page.getByRole("button", { name: `Retry uploading ${GOOD.name}` });
  await tabTo(page, retry);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("progressbar", { name: `Uploading ${GOOD.name}` })).toHaveAttribute(
    "aria-valuenow",
    "100",
  );
  const pending = uploadRow(page, GOOD.name);
  await expect(pending.getByText(/^Uploaded ·/)).toBeVisible();
  await expect(pending.getByRole("alert")).toHaveCount(0);
  await expect(retry).toHaveCount(0);
  const { good } = rows(page);
  await expect(badge(good, "Indexed")).toBeVisible({ timeout: 30_000 });
  expect(puts.count).toBe(2);
  await shoot(page, "upload-retried");

  // The file's name opens it in the viewer, at page 1 (a link to its bytes without JavaScript).
  const open = good.getByRole("link", { name: `Open ${GOOD.name}` });
  await expect(open).toHaveAttribute("href", /\/files\/[^/]+\/versions\/[^/]+\/content$/);
  await open.click();
  const viewer = page.getByTestId("file-viewer");
  await expect(viewer.getByRole("heading", { name: GOOD.name })).toBeVisible();
  await expect(viewer.getByText("Page 1 of 2")).toBeVisible();
  await expect(viewer.getByRole("img", { name: "Page 1" })).toBeVisible();
  await expect(viewer.locator(".textLayer")).toContainText("Annual report 2024", { timeout: 20_000 });
  await expect(viewer.getByTestId("quote-status")).toHaveCount(0); // nothing cited, nothing marked
  await page.screenshot({ path: "scratch/e2e/files-viewer-1440.png" });
  await viewer.getByRole("button", { name: "Next page" }).click();
  await expect(viewer.getByText("Page 2 of 2")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(viewer).toHaveCount(0);
  await expect(open).toBeFocused();

  // On a phone the viewer covers the screen; Enter on the name opens it too.
  await page.setViewportSize(MOBILE);
  await page.keyboard.press("Enter");
  await expect(viewer.getByText("Page 1 of 2")).toBeVisible();
  await expect(viewer.locator(".textLayer")).toContainText("Annual report 2024", { timeout: 20_000 });
  expect((await viewer.boundingBox())?.width).toBe(MOBILE.width);
  await page.screenshot({ path: "scratch/e2e/files-viewer-375.png" });
  await viewer.getByRole("button", { name: "Close viewer" }).click();
  await expect(viewer).toHaveCount(0);

  // The thread screen's files pane lists the Pod's files too, and opens them in the same viewer.
  await page.setViewportSize(DESKTOP);
  await newThread(page);
  const podFiles = page.getByRole("region", { name: "Files" }).getByRole("list", { name: "Pod files" });
  await podFiles.getByRole("button", { name: GOOD.name }).click();
  await expect(viewer.getByRole("heading", { name: GOOD.name })).toBeVisible();
  await expect(viewer.getByText("Page 1 of 2")).toBeVisible();
  await expect(viewer.locator(".textLayer")).toContainText("Annual report 2024", { timeout: 20_000 });
  // The open file is marked in the list.
  await expect(podFiles.getByRole("button", { name: GOOD.name })).toHaveAttribute("aria-current", "true");
  await page.screenshot({ path: "scratch/e2e/thread-pod-file-1440.png" });
  // On a phone it is the Viewer tab.
  await page.setViewportSize(MOBILE);
  await expect(page.getByRole("tab", { name: "Viewer" })).toHaveAttribute("aria-selected", "true");
  await expect(viewer.getByText("Page 1 of 2")).toBeVisible();
  await page.screenshot({ path: "scratch/e2e/thread-pod-file-375.png" });
  await context.close();
});

test("on a phone, a failed upload offers Retry and Remove; Remove forgets it", async ({ browser, app }) => {
  test.setTimeout(90_000);
  const { context, page } = await ownerOfNewWorkspace(browser, app.url);
  await page.setViewportSize(MOBILE);
  await breakUploads(page, () => true);

  await page.getByLabel("Upload files").setInputFiles([GOOD]);
  await expect(page.getByRole("alert").filter({ hasText: INTERRUPTED })).toBeVisible();
  const pending = uploadRow(page, GOOD.name);
  const retry = pending.getByRole("button", { name: `Retry uploading ${GOOD.name}` });
  const remove = pending.getByRole("button", { name: `Remove ${GOOD.name} from the uploads` });
  for (const b of [retry, remove]) {
    const box = (await b.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(MOBILE.width);
  }
  await page.screenshot({ path: "scratch/e2e/upload-failed-phone-375.png" });

  // Still failing: Retry shows the failure again, the file is still held for another try.
  await retry.click();
  await expect(pending.getByRole("alert")).toHaveText(INTERRUPTED);
  await expect(retry).toBeVisible();

  await remove.click();
  await expect(pending).toHaveCount(0);
  await expect(page.getByLabel("Upload files")).toBeFocused();
  await expect(page.getByText("No files yet")).toBeVisible();
  await context.close();
});
