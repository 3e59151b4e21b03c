import type { Browser, BrowserContext, Page } from "@playwright/test";
import type { Snapshot } from "../../contracts/snapshots.ts";
import { expect, PASSWORD, screenshot, test, uniqueEmail } from "./support/fixtures.ts";

const DESKTOP = { width: 1440, height: 900 };
const MOBILE = { width: 375, height: 812 };
const CONFIRMATION = "Are you sure you want to delete this published link? This action cannot be undone.";

interface Publisher {
  token: string;
  pod: Snapshot;
  thread: Snapshot;
  podName: string;
  threadName: string;
}

/**
 * A user who published, through the API, a Pod (discoverable) and then one of its threads (not
 * discoverable): the thread snapshot is the newer one. Names are unique: the worker's server is
 * shared with other specs.
 */
async function publisher(baseUrl: string): Promise<Publisher> {
  const call = async <T>(method: string, path: string, body: unknown, token?: string): Promise<T> => {
    const res = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const email = uniqueEmail("publisher");
  const { token } = await call<{ token: string }>("POST", "/auth/sign-up", { email, password: PASSWORD });
  const tag = email.split("@")[0]!.slice(-8);
  const podName = `Credit review ${tag}`;
  const threadName = `Covenant headroom ${tag}`;
  const ws = await call<{ id: string }>("POST", "/workspaces", { name: podName }, token);
  const th = await call<{ id: string }>("POST", `/workspaces/${ws.id}/threads`, { name: threadName }, token);
  const pod = await call<Snapshot>("POST", `/workspaces/${ws.id}/snapshot`, { is_discoverable: true }, token);
  const thread = await call<Snapshot>(
    "POST",
    `/workspaces/${ws.id}/threads/${th.id}/snapshot`,
    { is_discoverable: false },
    token,
  );
  return { token, pod, thread, podName, threadName };
}

/** The session cookie the web tier sets at sign-in (React Router's cookie encoding of the token). */
async function signedIn(
  browser: Browser,
  baseURL: string,
  token: string,
  o: { viewport?: { width: number; height: number }; javaScriptEnabled?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: o.viewport ?? DESKTOP, ...o });
  const value = encodeURIComponent(Buffer.from(JSON.stringify(token)).toString("base64"));
  await context.addCookies([{ name: "__session", value, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
  return { context, page: await context.newPage() };
}

const rowsOf = (page: Page) => page.getByRole("list", { name: "Published links" }).getByRole("listitem");

test("the Published Links tab lists, filters, copies and deletes; the public list shows the discoverable one", async ({
  browser,
  app,
}) => {
  test.setTimeout(90_000);
  const p = await publisher(app.url);
  expect(p.pod.share_path).toBe(`/share/${p.pod.id}`);

  // The public list, signed out: the discoverable Pod, not the unlisted thread.
  const visitor = await browser.newContext({ baseURL: app.url, viewport: DESKTOP });
  const site = await visitor.newPage();
  await site.goto("/all-published-pods");
  const listed = site.getByRole("list", { name: "Published pods" });
  await expect(listed.getByRole("link", { name: p.podName, exact: true })).toHaveAttribute("href", p.pod.share_path);
  await expect(listed.getByText(p.threadName)).toHaveCount(0);
  await screenshot(site, "all-published-pods-desktop");

  const { context, page } = await signedIn(browser, app.url, p.token);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: app.url });
  await page.goto("/settings");
  await expect(page.getByRole("link", { name: "Subscription" })).toHaveAttribute("aria-current", "page");
  expect((await page.getByRole("complementary", { name: "Settings" }).boundingBox())?.width).toBe(256);
  await page.getByRole("link", { name: "Published Links" }).click();
  await expect(page).toHaveURL(/\/published$/);
  await expect(page.getByRole("link", { name: "Published Links" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("link", { name: "Subscription" })).not.toHaveAttribute("aria-current", "page");

  // Newest first: the thread was published after the Pod.
  await expect(rowsOf(page)).toHaveCount(2);
  await expect(rowsOf(page).nth(0)).toHaveAccessibleName(p.threadName);
  await expect(rowsOf(page).nth(1)).toHaveAccessibleName(p.podName);

  // A row opens to its details.
  const threadRow = page.getByRole("listitem", { name: p.threadName });
  await expect(threadRow.getByText("No: only people with the link can open it")).toBeHidden();
  await threadRow.getByText(p.threadName).click();
  await expect(threadRow.getByText("No: only people with the link can open it")).toBeVisible();
  await expect(threadRow.getByText(`Thread of the Pod "${p.podName}"`)).toBeVisible();
  await expect(threadRow.getByRole("link", { name: `${app.url}${p.thread.share_path}` })).toBeVisible();
  await screenshot(page, "published-links-desktop");

  // Filters.
  const filters = page.getByRole("navigation", { name: "Filter published links" });
  await filters.getByRole("link", { name: "Pods" }).click();
  await expect(page).toHaveURL(/\?filter=pods$/);
  await expect(filters.getByRole("link", { name: "Pods" })).toHaveAttribute("aria-current", "true");
  await expect(rowsOf(page)).toHaveCount(1);
  await expect(rowsOf(page).first()).toHaveAccessibleName(p.podName);
  await filters.getByRole("link", { name: "Threads" }).click();
  await expect(rowsOf(page)).toHaveCount(1);
  await expect(rowsOf(page).first()).toHaveAccessibleName(p.threadName);
  await filters.getByRole("link", { name: "Discoverable Only" }).click();
  await expect(rowsOf(page)).toHaveCount(1);
  await expect(rowsOf(page).first()).toHaveAccessibleName(p.podName);
  await filters.getByRole("link", { name: "All" }).click();
  await expect(page).toHaveURL(/\/published$/);
  await expect(rowsOf(page)).toHaveCount(2);

  // Copy and open.
  const podRow = page.getByRole("listitem", { name: p.podName });
  await podRow.getByRole("button", { name: `Copy link to ${p.podName}` }).click();
  await expect(page.getByText("Link copied to clipboard!")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${app.url}${p.pod.share_path}`);
  const opened = context.waitForEvent("page");
  await podRow.getByRole("link", { name: `Open ${p.podName} in a new tab` }).click();
  const tab = await opened;
  await tab.waitForURL(`**${p.pod.share_path}`);
  await tab.close();

  // Delete asks first, in the spec's words; Escape and Cancel keep the link.
  await podRow.getByRole("button", { name: `Delete ${p.podName}` }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete published link" });
  await expect(dialog).toHaveAccessibleDescription(CONFIRMATION);
  await expect(dialog.getByRole("link", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await podRow.getByRole("button", { name: `Delete ${p.podName}` }).click();
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(rowsOf(page)).toHaveCount(2);
  await podRow.getByRole("button", { name: `Delete ${p.podName}` }).click();
  await screenshot(page, "published-links-delete-dialog-desktop");
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Published link was successfully deleted")).toBeVisible();
  await expect(podRow).toHaveCount(0);
  await expect(rowsOf(page)).toHaveCount(1);
  const left = await fetch(`${app.url}/api/snapshots`, { headers: { authorization: `Bearer ${p.token}` } });
  expect(((await left.json()) as { snapshots: Snapshot[] }).snapshots.map((s) => s.id)).toEqual([p.thread.id]);

  // With the Pod gone, two filters come up empty.
  await filters.getByRole("link", { name: "Discoverable Only" }).click();
  await expect(page.getByText("No discoverable snapshots found.", { exact: true })).toBeVisible();
  await filters.getByRole("link", { name: "Pods" }).click();
  await expect(page.getByText("No pod discoverable snapshots found.", { exact: true })).toBeVisible();

  // A delete the API refuses (the snapshot is not there) says so and keeps the row.
  await filters.getByRole("link", { name: "All" }).click();
  await threadRow.getByRole("button", { name: `Delete ${p.threadName}` }).click();
  await dialog.locator("input[name=id]").evaluate((input: HTMLInputElement) => (input.value = "no-such-snapshot"));
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Failed to delete published link")).toBeVisible();
  await expect(threadRow).toBeVisible();

  // Off the public list once deleted (the list is cached for 5 minutes, but not past a delete).
  await site.reload();
  await expect(site.getByText(p.podName)).toHaveCount(0);
  await visitor.close();
  await context.close();
});

test("a user with nothing published, and a signed-out visitor", async ({ browser, app }) => {
  const email = uniqueEmail("nothing");
  const res = await fetch(`${app.url}/api/auth/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const { token } = (await res.json()) as { token: string };
  const { context, page } = await signedIn(browser, app.url, token);
  await page.goto("/published");
  await expect(page.getByText("You haven't published any links yet.")).toBeVisible();
  await context.close();

  const visitor = await browser.newPage({ baseURL: app.url });
  await visitor.goto("/published");
  await expect(visitor).toHaveURL(/\/login\?returnTo=%2Fpublished$/);
  await visitor.close();
});

test("at 375 px the settings shell and the list are usable", async ({ browser, app }) => {
  const p = await publisher(app.url);
  const { context, page } = await signedIn(browser, app.url, p.token, { viewport: MOBILE });
  await page.goto("/published");
  const tabs = page.getByRole("navigation", { name: "Settings tabs" });
  for (const label of ["Subscription", "Usage / Balance", "Account Management", "Published Links"])
    await expect(tabs.getByRole("link", { name: label })).toBeInViewport();
  await expect(rowsOf(page)).toHaveCount(2);
  const podRow = page.getByRole("listitem", { name: p.podName });
  await expect(podRow.getByRole("button", { name: `Delete ${p.podName}` })).toBeInViewport();
  await podRow.getByText(p.podName).click();
  await expect(podRow.getByText("Yes: listed on Published Pods")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
  await screenshot(page, "published-links-mobile");

  await podRow.getByRole("button", { name: `Delete ${p.podName}` }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete published link" });
  await expect(dialog.getByRole("button", { name: "Delete" })).toBeInViewport();
  await screenshot(page, "published-links-delete-dialog-mobile");
  await dialog.getByRole("link", { name: "Cancel" }).click();

  await tabs.getByRole("link", { name: "Usage / Balance" }).click();
  await expect(page).toHaveURL(/\/usage$/);
  await expect(tabs.getByRole("link", { name: "Usage / Balance" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { level: 1, name: "Usage / Balance" })).toBeVisible();
  await screenshot(page, "settings-mobile");
  await page.getByRole("complementary", { name: "Settings" }).getByRole("link", { name: "Back to Workspaces" }).click();
  await expect(page).toHaveURL(/\/home$/);

  const site = await browser.newPage({ baseURL: app.url, viewport: MOBILE });
  await site.goto("/all-published-pods");
  await expect(site.getByRole("link", { name: p.podName, exact: true })).toBeVisible();
  await screenshot(site, "all-published-pods-mobile");
  await site.close();
  await context.close();
});

test("without JavaScript the list renders, filters, and deletes through a confirmation screen", async ({
  browser,
  app,
}) => {
  const p = await publisher(app.url);
  const { context, page } = await signedIn(browser, app.url, p.token, { javaScriptEnabled: false });
  await page.goto("/published");
  await expect(rowsOf(page)).toHaveCount(2);
  await page.getByRole("link", { name: "Threads" }).click();
  await expect(rowsOf(page)).toHaveCount(1);
  await page.getByRole("link", { name: "All" }).click();

  await page.getByRole("button", { name: `Delete ${p.threadName}` }).click();
  await expect(page).toHaveURL(new RegExp(`\\?delete=${p.thread.id}$`));
  await expect(page.getByText(CONFIRMATION, { exact: true })).toBeVisible();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/published$/);
  await expect(page.getByRole("status").getByText("Published link was successfully deleted")).toBeVisible();
  await expect(rowsOf(page)).toHaveCount(1);
  await expect(rowsOf(page).first()).toHaveAccessibleName(p.podName);
  await context.close();
});
