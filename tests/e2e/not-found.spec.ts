import { expect, test } from "./support/fixtures.ts";

test("unknown paths answer 404 and send the visitor home", async ({ page }) => {
  const res = await page.goto("/no/such/page");
  expect(res?.status()).toBe(404);
  await expect(page).toHaveTitle("Page Not Found");
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await expect(page.getByText("The page you're looking for doesn't exist or has been moved.")).toBeVisible();
  await expect(page.getByText("Redirecting to home page in 3 seconds...")).toBeVisible();
  await page.waitForURL((url) => url.pathname === "/", { timeout: 8_000 });
});
