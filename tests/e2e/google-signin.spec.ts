import { expect, PASSWORD, test, uniqueEmail } from "./support/fixtures.ts";

test.use({ google: true });

test("Continue with Google sends the browser to Google with our callback and a state cookie", async ({
  page,
  context,
  app,
}) => {
  let googleUrl: URL | null = null;
  // Nothing leaves the machine: the provider's page is answered here.
  await context.route("https://accounts.google.com/**", async (route) => {
    googleUrl = new URL(route.request().url());
    await route.fulfill({ status: 200, contentType: "text/html", body: "<title>Google (fake)</title>" });
  });
  await page.goto("/login?returnTo=%2Flibrary");
  await page.getByRole("link", { name: "Continue with Google" }).click();
  await expect(page).toHaveTitle("Google (fake)");
  const url = googleUrl as URL | null;
  expect(url?.searchParams.get("client_id")).toBe("test-client-id.apps.example");
  expect(url?.searchParams.get("redirect_uri")).toBe(`${app.url}/api/identity/callback/google`);
  expect(url?.searchParams.get("state")).toBeTruthy();
  const cookies = await context.cookies(app.url);
  expect(cookies.some((c) => c.name.includes("better-auth.state") && c.httpOnly)).toBe(true);
});

test("the session Google's callback leaves becomes ours, and lands on the page asked for", async ({
  page,
  context,
  app,
}) => {
  const email = uniqueEmail("google");
  await app.seedUser(email, PASSWORD);
  const host = new URL(app.url).hostname;
  await context.addCookies([
    {
      name: "better-auth.session_token",
      value: await app.identityCookieFor(email, PASSWORD),
      domain: host,
      path: "/",
      httpOnly: true,
    },
  ]);
  await page.goto("/auth/google/complete?returnTo=%2Flibrary");
  await expect(page).toHaveURL(/\/library$/);
  const cookies = await context.cookies(app.url);
  expect(cookies.find((c) => c.name === "__session")?.httpOnly).toBe(true);
  expect(cookies.find((c) => c.name === "better-auth.session_token")).toBeUndefined();
});

test("a missing or forged identity session goes back to sign-in with an explanation", async ({
  page,
  context,
  app,
}) => {
  await page.goto("/auth/google/complete?returnTo=%2Flibrary");
  await expect(page).toHaveURL(/\/login\?error=google_session_missing$/);
  await expect(page.getByText("Sign-in with Google did not complete. Please try again.")).toBeVisible();
  const host = new URL(app.url).hostname;
  await context.addCookies([
    { name: "better-auth.session_token", value: "not-a-session.sig", domain: host, path: "/" },
  ]);
  await page.goto("/auth/google/complete");
  await expect(page).toHaveURL(/\/login\?error=google_session_invalid$/);
});
