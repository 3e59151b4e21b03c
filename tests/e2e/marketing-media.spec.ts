import fs from "node:fs";
import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { MEDIA, MEDIA_WIDTHS, mediaSrc, posterSrc } from "../../app/lib/media.ts";
import { FRONT_SECTIONS } from "../../app/components/marketing/feature-sections.tsx";
import { startSite } from "./support/site-server.ts";

/**
 * The marketing media (issue 18, spec sections 2 and 9): every capture is committed and small,
 * front-page videos autoplay muted and looped while at least half visible and pause and rewind
 * when not, use-case videos play at 0.8 speed with controls, every image and video is described.
 */
let site: { url: string; close(): Promise<void> };
test.beforeAll(async () => {
  site = await startSite();
});
test.afterAll(async () => {
  await site?.close();
});

const file = (src: string) => path.resolve("public", src.slice(1));

test("every entry's files are committed: videos under 600 KB with a poster at each width", () => {
  for (const m of Object.values(MEDIA)) {
    expect(m.alt.length, m.name).toBeGreaterThan(20);
    for (const w of MEDIA_WIDTHS) expect(fs.existsSync(file(posterSrc(m, w))), posterSrc(m, w)).toBe(true);
    if (m.kind === "video") expect(fs.statSync(file(mediaSrc(m, 1280))).size).toBeLessThan(600 * 1024);
  }
});

/** Scrolls so that this share of the element's height is inside the viewport (from the bottom). */
async function showShare(page: Page, el: Locator, share: number) {
  await el.evaluate((node, s) => {
    const r = node.getBoundingClientRect();
    window.scrollBy(0, r.top - (window.innerHeight - r.height * s));
  }, share);
}

const state = (video: Locator) =>
  video.evaluate((v: HTMLVideoElement) => ({ paused: v.paused, time: v.currentTime, muted: v.muted, loop: v.loop }));

for (const path of ["/", "/features"])
  test(`${path}: media below the fold are fetched only after the page has loaded, never competing with the first paint`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    await page.goto(site.url + path);
    await expect(page.locator("main img, main video").first()).toBeVisible();
    const timing = await page.evaluate(() => {
      const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      const media = performance.getEntriesByType("resource").filter((r) => r.name.includes("/media/"));
      return { load: nav.loadEventStart, media: media.map((r) => ({ name: r.name, start: r.startTime })) };
    });
    expect(timing.media.length).toBeGreaterThan(0);
    // The features page's first card is its largest paint and loads with the page; nothing else may.
    const early = timing.media.filter((m) => m.start < timing.load && !(path === "/features" && m === timing.media[0]));
    expect(early).toEqual([]);
  });

test("landing: the section videos have posters; each plays muted and looped at half visible, pauses and rewinds below", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(site.url + "/");
  const videos = FRONT_SECTIONS.filter((s) => s.media.kind === "video");
  await expect(page.locator("main section video")).toHaveCount(videos.length);
  for (const s of FRONT_SECTIONS) {
    const el = page.locator(`#${s.id} ${s.media.kind === "video" ? "video" : "img"}`);
    await expect(el).toHaveAttribute(s.media.kind === "video" ? "aria-label" : "alt", s.media.alt);
    if (s.media.kind === "video") await expect(el).toHaveAttribute("poster", posterSrc(s.media, 960));
  }

  const video = page.locator("#view-diffs video");
  await showShare(page, video, 0.3);
  await page.waitForTimeout(500);
  expect(await state(video)).toMatchObject({ paused: true, time: 0 });
  await showShare(page, video, 0.8);
  await expect.poll(async () => (await state(video)).time, { timeout: 10_000 }).toBeGreaterThan(0.3);
  expect(await state(video)).toMatchObject({ paused: false, muted: true, loop: true });
  await showShare(page, video, 0.3);
  await expect.poll(() => state(video)).toMatchObject({ paused: true, time: 0 });
});

test("use cases: three videos at 0.8 speed with controls", async ({ page }) => {
  await page.goto(site.url + "/use-cases");
  const videos = page.locator("main video");
  await expect(videos).toHaveCount(3);
  for (const v of await videos.all()) {
    await expect(v).toHaveAttribute("controls", "");
    expect(await v.evaluate((el: HTMLVideoElement) => el.playbackRate)).toBe(0.8);
  }
  await videos.first().scrollIntoViewIfNeeded();
  await expect
    .poll(() => videos.first().evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 })
    .toBeGreaterThan(0);
  expect(await videos.first().evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(0.8);
});

test("features: six card images load, each with its own description", async ({ page }) => {
  await page.goto(site.url + "/features");
  const images = page.locator("main ul img");
  await expect(images).toHaveCount(6);
  const alts = await images.evaluateAll((imgs: HTMLImageElement[]) => imgs.map((i) => i.alt));
  expect(new Set(alts).size).toBe(6);
  for (const img of await images.all()) {
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);
  }
});
