import { expect, test, type Page } from "@playwright/test";
import { SITE_ENV, signIn, startSite } from "./support/site-server.ts";

/** The public site of issue 3: routes, redirects, exact texts, JS on and off, desktop and mobile. */
let site: { url: string; close(): Promise<void> };
test.beforeAll(async () => {
  site = await startSite();
});
test.afterAll(async () => {
  await site?.close();
});

const get = (path: string) => fetch(site.url + path, { redirect: "manual" });

const PUBLIC_PAGES: [string, string[]][] = [
  [
    "/",
    [
      "The AI Analyst",
      "No credit card required",
      "Enterprise secure",
      "Get Started Free",
      "Try the product for Free",
      "View Pricing Details",
      "Contact Sales",
      "Large-scale analysis",
      "Accurate citations",
      "View diffs",
      "Trace formulas",
      "Export to spreadsheet",
    ],
  ],
  ["/frontpage", ["The AI Analyst", "Get Started Free"]],
  [
    "/features",
    [
      "Reasoning Agents",
      "Accurate Citations",
      "Excel Analysis",
      "Unlimited Context",
      "Multimodal Data",
      "Rich Data Visualization",
      "Start Free",
    ],
  ],
  [
    "/use-cases",
    [
      "Data Room Analysis",
      "Research &amp; Model Building",
      "Customer Cohorts",
      "Try this Workspace",
      "Finance",
      "Law",
      "Research",
      "Accounting/Tax",
      "General",
    ],
  ],
  // This server runs with billing off (no Stripe key): plans without purchase buttons (tests/e2e/billing.spec.ts has them).
  ["/pricing", ["Enterprise", "Contact Us", "1 TB", "20K", "Billing is not enabled on this server."]],
  ["/about", ["About Us"]],
  ["/privacy", ["Privacy Policy", "Last modified: February 10, 2025", "18 or older in the United States"]],
  [
    "/terms",
    [
      "Terms of Service",
      "Last modified: February 10, 2025",
      "at least 18 years old and located in the United States",
      "renew automatically",
      "cancel at any time",
      "non-refundable",
      "within 1 year",
      "30 days",
      "American Arbitration Association",
    ],
  ],
  ["/all-published-pods", ["No published pods available."]],
  ["/blog", ["Blog"]],
  ["/blog/2025/some-post", ["Blog"]],
];

test.describe("server-rendered pages (no JavaScript involved)", () => {
  for (const [path, texts] of PUBLIC_PAGES) {
    test(`${path} answers 200 with its texts, title, description and Open Graph tags`, async () => {
      const res = await get(path);
      expect(res.status).toBe(200);
      const html = await res.text();
      for (const t of texts) expect(html, t).toContain(t);
      expect(html).toMatch(/<title>[^<]+<\/title>/);
      expect(html).toMatch(/<meta name="description" content="[^"]+"/);
      expect(html).toMatch(/<meta property="og:title" content="[^"]+"/);
    });
  }

  test("redirects are real HTTP redirects", async () => {
    const cases: [string, number, string][] = [
      ["/spotlight-pods", 301, "/use-cases"],
      ["/privacy_policy.html", 301, "/privacy"],
      ["/terms_of_service.html", 301, "/terms"],
      ["/pod/w1", 301, "/workspace/w1"],
      ["/pod/w1/thread/t9", 301, "/workspace/w1/thread/t9"],
      ["/workspace/w1/canvas", 302, "/workspace/w1?canvas=1"],
      ["/workspace/w1/thread/t9/canvas", 302, "/workspace/w1/thread/t9?canvas=1"],
      ["/analyst", 302, "/home"],
      ["/pricing/", 301, "/pricing"],
      ["/features/?a=1", 301, "/features?a=1"],
      ["/support", 302, SITE_ENV.SUPPORT_URL],
    ];
    for (const [from, status, to] of cases) {
      const res = await get(from);
      expect(res.status, from).toBe(status);
      expect(new URL(res.headers.get("location")!, site.url).href, from).toBe(new URL(to, site.url).href);
    }
  });

  test("protected pages send visitors to /login with the return path", async () => {
    for (const path of [
      "/workspaces",
      "/library",
      "/settings",
      "/subscription",
      "/usage",
      "/account",
      "/published",
      "/return",
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location")).toBe(`/login?returnTo=${encodeURIComponent(path)}`);
    }
  });

  test("unknown paths and unseeded example pods answer the 404 page with a 3-second refresh to /", async () => {
    for (const path of ["/no-such-page", "/pg-essays", "/financebench/thread/x"]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      const html = await res.text();
      expect(html).toContain("Page Not Found");
      expect(html).toContain("The page you&#x27;re looking for doesn&#x27;t exist or has been moved.");
      expect(html).toContain("Redirecting to home page in 3 seconds...");
      expect(html).toMatch(/<meta http-equiv="refresh" content="3;url=\/"/);
    }
  });

  test("robots.txt, sitemap.xml, debug info and the public plans API", async () => {
    expect(await (await get("/robots.txt")).text()).toContain(`Sitemap: ${site.url}/sitemap.xml`);
    const sitemap = await (await get("/sitemap.xml")).text();
    for (const p of ["/features", "/use-cases", "/pricing", "/privacy", "/terms"])
      expect(sitemap).toContain(`<loc>${site.url}${p}</loc>`);
    const debug = await (await get("/debuginfo")).text();
    for (const t of ["Frontend commit", "Frontend build time", "Backend commit", "Backend release tag"])
      expect(debug).toContain(t);
    const plans = (await (await get("/api/public/subscription-plans")).json()) as {
      plans: { product_type: string; monthly_price: number }[];
      test_mode: boolean;
    };
    expect(plans.test_mode).toBe(true);
    expect(plans.plans[0]).toMatchObject({ product_type: "basic", monthly_price: 0 });
    expect(await (await get("/api/promo_available")).json()).toEqual({
      valid_promotions: [{ product_type: "pro", name: "pro-trial", trial_days: 7 }],
    });
  });
});

const VIEWPORTS = [
  { name: "desktop", width: 1440, height: 900 },
  { name: "mobile", width: 375, height: 812 },
];

async function openMenuIfMobile(page: Page, mobile: boolean) {
  if (mobile) await page.getByLabel("Open menu").click();
}

for (const vp of VIEWPORTS) {
  const mobile = vp.width < 768;
  test.describe(`${vp.name} (${vp.width}px), JavaScript on`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });

    test("header and footer navigation", async ({ page }) => {
      await page.goto(site.url + "/");
      const nav = page.getByRole("navigation", { name: mobile ? "Mobile" : "Main" });
      await openMenuIfMobile(page, mobile);
      await nav.getByRole("link", { name: "Pricing" }).click();
      await expect(page).toHaveURL(site.url + "/pricing");
      await expect(page.getByRole("heading", { level: 1, name: "Pricing" })).toBeVisible();
      if (mobile) await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
      await openMenuIfMobile(page, mobile);
      const scope = mobile ? page.getByRole("navigation", { name: "Mobile" }) : page.locator("header");
      await expect(scope.getByRole("link", { name: "Log In" })).toBeVisible();
      await expect(scope.getByRole("link", { name: "Sign Up" })).toBeVisible();
      if (mobile) await page.keyboard.press("Escape");
      const footer = page.getByRole("navigation", { name: "Footer" });
      await expect(footer.getByRole("link", { name: "Service Status" })).toHaveAttribute("href", SITE_ENV.STATUS_URL);
      await expect(footer.getByRole("link", { name: "Trust Center" })).toHaveAttribute("href", SITE_ENV.TRUST_URL);
      await expect(footer.getByRole("link", { name: SITE_ENV.SUPPORT_EMAIL })).toHaveAttribute(
        "href",
        `mailto:${SITE_ENV.SUPPORT_EMAIL}`,
      );
      for (const name of ["Home", "About Us", "Privacy Policy", "Terms of Service"])
        await expect(footer.getByRole("link", { name })).toBeVisible();
    });

    test("the demo prompt types out, then sending starts the demo sign-up", async ({ page }) => {
      await page.goto(site.url + "/");
      const send = page.getByRole("button", { name: "Send sample question" });
      await expect(send).toBeDisabled();
      await expect(page.locator('.demo-typed[data-done="true"]')).toHaveCount(1, { timeout: 10_000 });
      await expect(send).toBeEnabled();
      const clickedAt = Date.now();
      await send.click();
      await page.waitForURL(site.url + "/signup");
      expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(750);
      const state = await page.evaluate(() => [
        sessionStorage.getItem("demo-signup"),
        sessionStorage.getItem("demoSignupState"),
      ]);
      expect(state[0]).toBe(state[1]);
      expect(JSON.parse(state[0]!)).toMatchObject({
        isProcessing: true,
        fromDemo: true,
        createWorkspaceOnLoad: true,
        sampleQuery: expect.stringContaining("three-statement"),
      });
    });

    test("the 404 page redirects home after 3 seconds", async ({ page }) => {
      const res = await page.goto(site.url + "/definitely/not/here");
      expect(res?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
      await page.waitForURL(site.url + "/", { timeout: 6000 });
    });
  });
}

test.describe("JavaScript on, desktop", () => {
  test("features: the image viewer closes by Escape, the close button and the backdrop", async ({ page }) => {
    await page.goto(site.url + "/features");
    const viewer = page.getByTestId("image-viewer");
    const open = () => page.getByRole("link", { name: "Enlarge image: Excel Analysis" }).click();
    await open();
    await expect(viewer).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(viewer).toBeHidden();
    await open();
    await page.getByRole("button", { name: "Close image" }).click();
    await expect(viewer).toBeHidden();
    await open();
    await viewer.click({ position: { x: 5, y: 400 } });
    await expect(viewer).toBeHidden();
  });

  test("use cases: 16 example pods, 3 columns at 768 px and 4 at 1440 px", async ({ page }) => {
    await page.goto(site.url + "/use-cases");
    // No example is built on this test server: each use case and card says so instead of a dead link.
    await expect(page.getByText("Try this Workspace", { exact: true })).toHaveCount(3);
    await expect(page.getByRole("link", { name: "Try this Workspace" })).toHaveCount(0);
    await expect(page.getByText("This example is not available on this server yet.")).toHaveCount(3);
    const grid = page.getByTestId("pod-grid");
    await expect(grid.locator("li")).toHaveCount(16);
    await expect(grid.getByRole("link")).toHaveCount(0);
    await expect(grid.getByText("Not available on this server yet")).toHaveCount(16);
    const columns = () => grid.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(" ").length);
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(await columns()).toBe(4);
    await page.setViewportSize({ width: 768, height: 900 });
    expect(await columns()).toBe(3);
  });

  test("pricing: cards at most 450 px; billing off shows no purchase buttons", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(site.url + "/pricing");
    for (const id of ["plan-basic", "plan-pro", "plan-team", "plan-enterprise"]) {
      const box = await page.getByTestId(id).boundingBox();
      expect(box!.width).toBeLessThanOrEqual(450);
    }
    await expect(page.getByRole("status").filter({ hasText: "Billing is not enabled on this server." })).toBeVisible();
    await expect(page.getByText("TEST MODE")).toHaveCount(0);
    await expect(page.getByTestId("plan-enterprise").getByRole("link", { name: "Contact Us" })).toHaveAttribute(
      "href",
      SITE_ENV.CONTACT_SALES_URL,
    );
    await expect(page.getByRole("link", { name: /Subscribe|Upgrade|Free Trial/ })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /Subscribe|Upgrade|Free Trial/ })).toHaveCount(0);
  });

  test("page views reach the analytics sink with page_path and page_title; no third-party script", async ({ page }) => {
    await page.addInitScript(() => {
      (window as unknown as { views: unknown[] }).views = [];
      window.addEventListener("analytics:page_view", (e) =>
        (window as unknown as { views: unknown[] }).views.push((e as CustomEvent).detail),
      );
    });
    await page.goto(site.url + "/");
    await page.locator("header").getByRole("link", { name: "Features" }).click();
    await expect(page).toHaveURL(site.url + "/features");
    const views = await page.evaluate(() => (window as unknown as { views: unknown[] }).views);
    expect(views).toContainEqual({ page_path: "/", page_title: "The AI Analyst | Analyst Workspace" });
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { views: unknown[] }).views))
      .toContainEqual({ page_path: "/features", page_title: "Features | Analyst Workspace" });
    const scripts = await page.evaluate(() =>
      Array.from(document.scripts)
        .map((s) => s.src)
        .filter(Boolean),
    );
    for (const src of scripts) expect(new URL(src).origin).toBe(site.url);
  });

  test("navigation scrolls to the top", async ({ page }) => {
    await page.goto(site.url + "/");
    await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "About Us" }).click();
    await expect(page).toHaveURL(site.url + "/about");
    // The URL changes before the new page renders and scrolls: read the offset once it settles (a
    // CI run read the footer's 3330 px in between).
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe("signed in", () => {
  // The demo's Send for a signed-in user (/workspaces, then the new thread): demo-prompt.spec.ts.
  test("the site offers 'Go to App'; app pages show the app shell", async ({ page, context }) => {
    await signIn(context, site.url, `visitor-${Date.now()}@example.com`);
    await page.goto(site.url + "/");
    await expect(page.locator("header").getByRole("link", { name: "Go to App" })).toHaveAttribute("href", "/home");
    await expect(page.getByRole("link", { name: "Get Started Free" })).toHaveCount(0);
    await page.goto(site.url + "/workspaces");
    await expect(page.getByRole("link", { name: "Back to Workspaces" }).first()).toHaveAttribute("href", "/home");
    await expect(page.getByRole("tooltip", { includeHidden: true }).first()).toHaveText("Back to Workspaces");
    await page.getByLabel(/Account menu for visitor-/).click();
    await expect(page.getByRole("link", { name: "Settings" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Log out" }).first()).toBeVisible();
  });

  test("mobile app menu: Pods, the settings group and Log out", async ({ page, context }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(context, site.url, `mobile-${Date.now()}@example.com`);
    await page.goto(site.url + "/settings");
    await page.getByLabel("Open menu").click();
    const nav = page.getByRole("navigation", { name: "App" });
    for (const name of ["Pods", "Subscription", "Usage / Balance", "Account Management", "Published Links"])
      await expect(nav.getByRole("link", { name })).toBeVisible();
    await expect(nav.getByRole("button", { name: "Log out" })).toBeVisible();
  });
});

test.describe("JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the landing page shows the whole prompt and the send button posts the demo to /signup", async ({ page }) => {
    await page.goto(site.url + "/");
    await expect(page.getByTestId("demo-prompt")).toContainText("three-statement financial model");
    await page.getByRole("button", { name: "Send sample question" }).click();
    await expect(page).toHaveURL(/\/signup\?fromDemo=1&sampleQuery=Build\+a\+three-statement/);
  });

  test("the mobile menu opens without JavaScript", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(site.url + "/features");
    await page.getByLabel("Open menu").click();
    await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Use Cases" }).click();
    await expect(page).toHaveURL(site.url + "/use-cases");
  });

  test("the 404 page still redirects home (meta refresh)", async ({ page }) => {
    await page.goto(site.url + "/gone");
    await page.waitForURL(site.url + "/", { timeout: 6000 });
    await expect(page.getByRole("heading", { level: 1, name: "The AI Analyst" })).toBeVisible();
  });

  test("feature images open as plain links", async ({ page }) => {
    await page.goto(site.url + "/features");
    await expect(page.getByRole("link", { name: "Enlarge image: Reasoning Agents" })).toHaveAttribute(
      "href",
      /\/media\/agent-thoughts-1280\.webp$/,
    );
  });
});
