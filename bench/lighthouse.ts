/**
 * `npm run bench:lighthouse`: Lighthouse performance and accessibility of /, /pricing and
 * /features on a production build (mobile emulation, Lighthouse defaults), with Debian's Chromium.
 * Prints one line per page and exits non-zero below MIN_SCORE (default 95).
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH, startAppServer } from "../scripts/lib/app-server.ts";

const PAGES = ["/", "/pricing", "/features"];
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 4393);
const MIN_SCORE = Number(process.env.MIN_SCORE ?? 95);

async function main() {
  const server = await startAppServer(PORT);
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS.map((f) => (f === "--headless" ? "--headless=new" : f)) });
  let failed = false;
  try {
    for (const path of PAGES) {
      const result = await lighthouse(`${server.url}${path}`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility"] });
      if (!result) throw new Error(`No Lighthouse result for ${path}`);
      const { categories, audits } = result.lhr;
      const perf = Math.round((categories.performance.score ?? 0) * 100);
      const a11y = Math.round((categories.accessibility.score ?? 0) * 100);
      const lcp = audits["largest-contentful-paint"]?.displayValue ?? "?";
      const cls = audits["cumulative-layout-shift"]?.displayValue ?? "?";
      const tbt = audits["total-blocking-time"]?.displayValue ?? "?";
      console.log(`${path.padEnd(10)} performance ${perf}  accessibility ${a11y}   (LCP ${lcp}, TBT ${tbt}, CLS ${cls})`);
      for (const [id, audit] of Object.entries(audits)) {
        if (audit.score !== null && audit.score < 1 && (audit.scoreDisplayMode === "binary" || audit.scoreDisplayMode === "metricSavings") && process.env.VERBOSE) {
          console.log(`    ${id}: ${audit.title} ${audit.displayValue ?? ""}`);
        }
      }
      if (perf < MIN_SCORE || a11y < MIN_SCORE) failed = true;
    }
  } finally {
    chrome.kill();
    await server.close();
  }
  if (failed) {
    console.error(`Below ${MIN_SCORE}.`);
    process.exitCode = 1;
  }
}

await main();
