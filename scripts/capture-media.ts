/**
 * `npm run media`: real captures of this product for the marketing pages, written to
 * public/media/{name}-{640,960,1280}.webp (see app/lib/media.ts for where each is used
 * and which capture should replace it once its feature is built).
 */
import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { launchChromium, startAppServer, toWebp } from "./lib/app-server.ts";

const OUT = path.resolve("public/media");
const PORT = Number(process.env.MEDIA_PORT ?? 4391);

interface Shot {
  name: string;
  capture(page: Page, url: string): Promise<Buffer>;
  fit?: "cover" | "contain";
  sizes?: [number, number][];
}

async function settle(page: Page) {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(200);
}

/** Waits until the hero demo has typed its whole prompt. */
async function typedDemo(page: Page) {
  await page.waitForSelector('.demo-typed[data-done="true"]', { timeout: 15_000 });
  await page.waitForTimeout(300);
}

const SHOTS: Shot[] = [
  {
    name: "hero-demo",
    async capture(page, url) {
      await page.goto(url);
      await typedDemo(page);
      await page.locator("[data-testid=demo-prompt]").scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, 120));
      await settle(page);
      return page.screenshot();
    },
  },
  {
    name: "spreadsheet-preview",
    async capture(page, url) {
      await page.goto(url);
      await typedDemo(page);
      const card = page
        .locator("[data-testid=demo-prompt]")
        .locator("xpath=ancestor::div[contains(@class,'shadow-xl')]");
      // Only the sheet and its prompt: hide the hero copy above it.
      await card.evaluate((el) => {
        for (const sib of Array.from(el.parentElement!.parentElement!.children))
          if (!sib.contains(el)) (sib as HTMLElement).style.visibility = "hidden";
      });
      await card.evaluate((el) => el.scrollIntoView({ block: "center" }));
      await settle(page);
      const box = (await card.boundingBox())!;
      const width = box.width + 96;
      const height = (width * 10) / 16;
      return page.screenshot({ clip: { x: box.x - 48, y: box.y + box.height / 2 - height / 2, width, height } });
    },
  },
  {
    name: "example-pods",
    async capture(page, url) {
      await page.goto(`${url}/use-cases`);
      await page.locator("#example-pods").scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, -40));
      await settle(page);
      return page.screenshot();
    },
  },
  {
    name: "legal-document",
    async capture(page, url) {
      await page.goto(`${url}/terms`);
      await page.evaluate(() => window.scrollTo(0, 420));
      await settle(page);
      return page.screenshot();
    },
  },
  {
    name: "pricing-table",
    async capture(page, url) {
      await page.goto(`${url}/pricing`);
      await page.evaluate(() => window.scrollTo(0, 150));
      await settle(page);
      return page.screenshot();
    },
  },
  {
    name: "hero-mobile",
    fit: "contain",
    async capture(page, url) {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(url);
      await typedDemo(page);
      await page.evaluate(() => window.scrollTo(0, 380));
      await settle(page);
      return page.screenshot();
    },
  },
  {
    name: "og-card",
    sizes: [[1200, 630]],
    async capture(page, url) {
      await page.setViewportSize({ width: 1200, height: 630 });
      await page.goto(url);
      await typedDemo(page);
      await page.evaluate(() => window.scrollTo(0, 60));
      await settle(page);
      return page.screenshot();
    },
  },
];

async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  const server = await startAppServer(PORT);
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    for (const shot of SHOTS) {
      const context = await browser.newContext({
        viewport: { width: 1280, height: 800 },
        deviceScaleFactor: 2,
        reducedMotion: "no-preference",
      });
      const page = await context.newPage();
      const png = await shot.capture(page, server.url);
      await context.close();
      const sizes = shot.sizes ?? [
        [640, 400],
        [960, 600],
        [1280, 800],
      ];
      for (const [width, height] of sizes) {
        const webp = await toWebp(browser, png, { width, height, fit: shot.fit, quality: width > 700 ? 0.78 : 0.82 });
        const file = path.join(OUT, shot.sizes ? `${shot.name}.webp` : `${shot.name}-${width}.webp`);
        fs.writeFileSync(file, webp);
        console.log(`${path.relative(process.cwd(), file)}  ${(webp.length / 1024).toFixed(0)} KB`);
      }
    }
  } finally {
    await browser?.close();
    await server.close();
  }
  const total = fs.readdirSync(OUT).reduce((sum, f) => sum + fs.statSync(path.join(OUT, f)).size, 0);
  console.log(`public/media total ${(total / 1024).toFixed(0)} KB`);
}

await main();
