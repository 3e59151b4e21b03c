/**
 * `npm run media`: the marketing media, captured from the running app into public/media/ (see
 * app/lib/media.ts for where each is used). The product journeys run against real documents from
 * SHARED_DATA_DIR (default ../shared/data): a Pod of 10-K filings in search mode, and a workbook
 * and a SQL export with a scripted local model (tests/helpers/fake-openai.ts), so the answers are
 * the app's own screens, not mock-ups. Videos are WebM (VP9, 1280 x 800) with a poster as
 * {name}-{640,960,1280}.webp; encoding them needs ffmpeg (MEDIA_VIDEOS=off: stills only).
 * MEDIA_ONLY=name1,name2 writes only those; MEDIA_SCENES=filings,workbook,export runs only those.
 */
import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { startFakeOpenAI } from "../tests/helpers/fake-openai.ts";
import { launchChromium, startAppServer, toWebp } from "./lib/app-server.ts";
import { exportScene, filingsScene, scenePage, workbookScene, type SceneOutput } from "./lib/media-scenes.ts";
import { FFMPEG_MISSING, hasFfmpeg, startRecording } from "./lib/screencast.ts";

const OUT = path.resolve("public/media");
const PORT = Number(process.env.MEDIA_PORT ?? 4391);
const VIDEOS = process.env.MEDIA_VIDEOS !== "off";
const ONLY = process.env.MEDIA_ONLY?.split(",").filter(Boolean) ?? null;
const SCENES = process.env.MEDIA_SCENES?.split(",").filter(Boolean) ?? ["filings", "workbook", "export"];
const WIDTHS = [640, 960, 1280] as const;

async function writeStill(browser: Browser, name: string, png: Buffer, sizes?: [number, number][]) {
  for (const [width, height] of sizes ?? WIDTHS.map((w) => [w, (w * 10) / 16] as [number, number])) {
    const webp = await toWebp(browser, png, { width, height, quality: width > 700 ? 0.8 : 0.84 });
    const file = path.join(OUT, sizes ? `${name}.webp` : `${name}-${width}.webp`);
    fs.writeFileSync(file, webp);
    console.log(`${path.relative(process.cwd(), file)}  ${(webp.length / 1024).toFixed(0)} KB`);
  }
}

function output(browser: Browser): SceneOutput {
  const wanted = (name: string) => !ONLY || ONLY.includes(name);
  return {
    async still(name, page) {
      if (!wanted(name)) return;
      await page.evaluate(() => document.fonts.ready);
      await writeStill(browser, name, await page.screenshot());
    },
    async video(name, page, run) {
      if (!VIDEOS || !wanted(name)) return run();
      const recording = await startRecording(page);
      await run();
      const file = path.join(OUT, `${name}-1280.webm`);
      const bytes = await recording.stop(file);
      console.log(`${path.relative(process.cwd(), file)}  ${(bytes / 1024).toFixed(0)} KB`);
      // The poster is the end of the scene: what the video shows before it plays.
      await writeStill(browser, name, await page.screenshot());
    },
  };
}

/** The social card: the landing's hero at 1200 x 630. */
async function ogCard(browser: Browser, url: string) {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 }, deviceScaleFactor: 2 });
  await page.goto(url);
  await page.waitForSelector('.demo-typed[data-done="true"]', { timeout: 15_000 });
  await page.evaluate(() => window.scrollTo(0, 60));
  await page.waitForTimeout(300);
  await writeStill(browser, "og-card", await page.screenshot(), [[1200, 630]]);
  await page.close();
}

async function withPage(browser: Browser, fn: (page: Page) => Promise<unknown>) {
  const page = await scenePage(browser);
  try {
    await fn(page);
  } finally {
    await page.context().close();
  }
}

async function main() {
  if (VIDEOS && !hasFfmpeg()) {
    console.error(FFMPEG_MISSING);
    process.exit(1);
  }
  fs.mkdirSync(OUT, { recursive: true });
  const browser = await launchChromium();
  const out = output(browser);
  // Search mode: no model configured, answers are the Pod's own passages with citations.
  const search = await startAppServer(PORT);
  try {
    if (!ONLY || ONLY.includes("og-card")) await ogCard(browser, search.url);
    if (SCENES.includes("filings")) await withPage(browser, (page) => filingsScene(page, search.url, out));
  } finally {
    await search.close();
  }
  const llm = await startFakeOpenAI();
  llm.route = null;
  const agent = await startAppServer(PORT + 1, {
    LLM_PROVIDER: "openai-compatible",
    LLM_MODEL: "fake-model",
    LLM_BASE_URL: llm.baseURL,
    LLM_AUTO_TITLE: "false",
  });
  try {
    if (SCENES.includes("workbook")) await withPage(browser, (page) => workbookScene(page, agent.url, llm, out));
    if (SCENES.includes("export"))
      await withPage(browser, async (page) => {
        const xlsx = await exportScene(page, agent.url, llm, out);
        const bytes = fs.readFileSync(xlsx);
        if (bytes.subarray(0, 2).toString() !== "PK") throw new Error(`${xlsx} is not an .xlsx workbook`);
        console.log(`exported ${path.basename(xlsx)}: ${bytes.length} bytes`);
      });
    if (llm.unexpected.length) throw new Error(`The model was asked what the script did not expect: ${llm.unexpected}`);
  } finally {
    await agent.close();
    await llm.close();
    await browser.close();
  }
  const total = fs.readdirSync(OUT).reduce((sum, f) => sum + fs.statSync(path.join(OUT, f)).size, 0);
  console.log(`public/media total ${(total / 1024).toFixed(0)} KB`);
}

await main();
