import { expect, test } from "./support/fixtures.ts";
import { GOOD, ownerOfNewWorkspace } from "./support/indexing.ts";

/**
 * The workspace page reloads its data by itself: when an upload settles and while the indexing
 * poll sees counts move. A reload that starts while "New thread" is being created must not
 * cancel the trip to the new thread (React Router drops a fetcher's redirect when a
 * revalidation began after its action did: CI saw the page stay on the workspace).
 */
test("a new thread opens even when an upload settles while it is being created", async ({ browser, app }) => {
  test.setTimeout(90_000); // sign-up, an upload and indexing on a busy machine
  const { context, page } = await ownerOfNewWorkspace(browser, app.url);

  // Hold the create-thread POST until the upload below has settled and reloaded the page's data.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route("**/*", async (route, req) => {
    if (req.method() !== "POST" || !req.postData()?.includes("create-thread")) return route.fallback();
    held += 1;
    await released;
    return route.fallback();
  });

  await page.getByRole("textbox", { name: "New thread name" }).fill("Raced");
  await page.getByRole("button", { name: "New thread" }).click();
  await expect.poll(() => held).toBe(1);

  await page.getByLabel("Upload files").setInputFiles([GOOD]);
  // "Uploaded" is drawn after the upload settled, and so after it asked for the page's data again.
  await expect(page.getByText(/^Uploaded ·/)).toBeVisible({ timeout: 15_000 });
  release();

  await expect(page).toHaveURL(/\/thread\/[^/?#]+/, { timeout: 15_000 });
  await expect(page.getByRole("textbox", { name: "Ask a question" })).toBeEditable();
  await expect(page.getByRole("link", { name: "Raced" })).toBeVisible();
  // Nothing the reload would have brought is lost: the file is there.
  await page.getByRole("link", { name: "Files" }).click();
  await expect(
    page.getByRole("list", { name: "Workspace files" }).getByRole("listitem", { name: GOOD.name }),
  ).toBeVisible();
  await context.close();
});
