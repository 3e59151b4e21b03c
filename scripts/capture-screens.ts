/**
 * `npm run screens`: full-page screenshots of the public pages at 375, 768 and 1440 px for review,
 * written to scratch/screens (not committed).
 */
import fs from "node:fs";
import path from "node:path";
import { launchChromium, startAppServer } from "./lib/app-server.ts";

const OUT = path.resolve(process.env.SCREENS_DIR ?? "scratch/screens");
const PORT = Number(process.env.SCREENS_PORT ?? 4392);
const PAGES: [string, string][] = [
  ["landing", "/"],
  ["features", "/features"],
  ["use-cases", "/use-cases"],
  ["pricing", "/pricing"],
  ["about", "/about"],
  ["terms", "/terms"],
  ["login", "/login"],
  ["signup", "/signup"],
  ["not-found", "/no-such-page"],
  ["published", "/all-published-pods"],
];
const WIDTHS = [375, 768, 1440];

async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  const server = await startAppServer(PORT, {
    STATUS_URL: "https://status.example.com",
    TRUST_URL: "https://trust.example.com",
  });
  const browser = await launchChromium();
  try {
    for (const width of WIDTHS) {
      const context = await browser.newContext({ viewport: { width, height: width < 768 ? 812 : 900 } });
      const page = await context.newPage();
      for (const [name, p] of PAGES) {
        await page.goto(server.url + p);
        if (p === "/") await page.waitForSelector('.demo-typed[data-done="true"]', { timeout: 15_000 });
        await page.evaluate(async () => {
          // Scroll through once so lazy images load, then back to the top.
          for (let y = 0; y < document.body.scrollHeight; y += 600) {
            window.scrollTo(0, y);
            await new Promise((r) => setTimeout(r, 60));
          }
          window.scrollTo(0, 0);
        });
        await page.waitForTimeout(300);
        await page.screenshot({ path: path.join(OUT, `${name}-${width}.png`), fullPage: true });
        if (width < 768) {
          // Phone-width pages are too tall to read whole: also save them in slices.
          const height = await page.evaluate(() => document.documentElement.scrollHeight);
          for (let y = 0, i = 1; y < height; y += 1400, i++) {
            const clip = { x: 0, y, width, height: Math.min(1400, height - y) };
            await page.screenshot({ path: path.join(OUT, `${name}-${width}-part${i}.png`), fullPage: true, clip });
          }
        }
      }
      if (width === 375) {
        await page.goto(server.url + "/");
        await page.getByLabel("Open menu").click();
        await page.waitForTimeout(200);
        await page.screenshot({ path: path.join(OUT, "mobile-menu-375.png") });
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  console.log(`screenshots in ${OUT}`);
}

await main();
