import { expect, PASSWORD, signUp, test, uniqueEmail } from "./support/fixtures.ts";

// No PUBLIC_URL, as a plain `npm start`: the server's default public URL is http://localhost:PORT,
// and the app is opened at http://127.0.0.1:PORT. The upload's PUT must go to the page's origin.
test.use({ publicUrl: "unset" });

test("uploads work when the app is opened at an address other than PUBLIC_URL", async ({ page, app }) => {
  expect(app.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  const puts: string[] = [];
  page.on("request", (req) => {
    if (req.method() === "PUT") puts.push(req.url());
  });
  await page.goto(`${app.url}/signup`);
  await signUp(page, uniqueEmail("uploader"), PASSWORD);
  await expect(page).toHaveURL(/\/home$/);
  await page.getByLabel("Workspace name").fill("Uploads at 127.0.0.1");
  await page.getByRole("button", { name: "Create workspace" }).click();
  await expect(page).toHaveURL(/\/workspace\/[^/]+$/);

  const file = {
    name: "figures.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`region,revenue\n${"north,10\n".repeat(500)}`),
  };
  await page.getByLabel("Upload files").setInputFiles([file]);
  await expect(page.getByRole("progressbar", { name: `Uploading ${file.name}` })).toHaveAttribute(
    "aria-valuenow",
    "100",
  );
  const list = page.getByRole("list", { name: "Workspace files" });
  await expect(list.getByRole("listitem", { name: file.name })).toBeVisible();
  await expect(list.getByText(/^(Queued|Indexing|Indexed)$/).filter({ visible: true })).toHaveCount(1);
  await expect(page.getByText(/connection was interrupted|upload failed/i)).toHaveCount(0);

  expect(puts).toHaveLength(1);
  expect(new URL(puts[0]!).origin).toBe(app.url);
});
