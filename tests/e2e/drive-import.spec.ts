import { expect, test } from "./support/fixtures.ts";
import { ownerOnFilesPanel, SHOTS } from "./support/imports.ts";

// A default server: no GOOGLE_PICKER_API_KEY / GOOGLE_PICKER_APP_ID.
test("Google Drive is listed under Add from, disabled with the reason, and Google's scripts stay away", async ({
  page,
}) => {
  const google: string[] = [];
  page.on("request", (r) => /google/.test(new URL(r.url()).hostname) && google.push(r.url()));
  const response = await page.goto("/login");
  expect(response?.headers()["content-security-policy"]).not.toMatch(/google/);
  await ownerOnFilesPanel(page, "drive-off");

  await page.getByRole("button", { name: "Add from" }).click();
  const drive = page.getByRole("list", { name: "Add from" }).getByRole("button", { name: /^Google Drive/ });
  await expect(drive).toHaveAttribute("aria-disabled", "true");
  await expect(drive).toHaveAccessibleDescription("Google Drive import isn't configured on this server.");
  await drive.click({ force: true }); // aria-disabled: Playwright would wait for it to be enabled
  // Nothing opens: no Drive panel, the menu stays as it was.
  await expect(page.getByRole("region", { name: "Add from Google Drive" })).toHaveCount(0);
  await expect(drive).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/drive-disabled-1440.png` });
  expect(google).toEqual([]);
});

test("the Drive import route relays the API's refusal of a malformed pick", async ({ page }) => {
  await ownerOnFilesPanel(page, "drive-route");
  const workspaceId = new URL(page.url()).pathname.split("/")[2]!;
  // Same-origin form post, as the Drive panel makes it; the id is not a Drive id, so the API refuses it before calling Google.
  const res = await page.evaluate(async (id) => {
    const r = await fetch(`/resources/workspaces/${id}/imports/gdrive`, {
      method: "POST",
      body: new URLSearchParams({ file_id: "../etc/passwd", access_token: "ya29.token" }),
    });
    return {
      status: r.status,
      body: (await r.json()) as { error: { message: string; fields?: Record<string, string> } },
    };
  }, workspaceId);
  expect(res.status).toBe(400);
  expect(res.body.error.fields?.file_id).toBe("file_id is not a Google Drive file id (letters, digits, - and _ only)");
});
