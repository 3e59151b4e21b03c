import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { loadConfig } from "../../backend/config.ts";
import { startServer, type StartedServer } from "../../server.ts";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** A production server on a throwaway data directory (the web build must exist). */
export async function startAppServer(
  port: number,
  env: Record<string, string> = {},
): Promise<StartedServer & { dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aw-media-"));
  const server = await startServer(
    loadConfig({
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...env,
    }),
  );
  return {
    ...server,
    url: `http://127.0.0.1:${port}`,
    dataDir,
    async close() {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** Encodes a PNG as WebP at the given size inside Chromium (no image library needed). */
export async function toWebp(
  browser: Browser,
  png: Buffer,
  o: { width: number; height: number; quality?: number; fit?: "cover" | "contain" },
): Promise<Buffer> {
  const page = await browser.newPage();
  try {
    const dataUrl = await page.evaluate(
      async ({ src, width, height, quality, fit }) => {
        const img = new Image();
        img.src = src;
        await img.decode();
        const canvas = document.createElement("canvas");
        canvas.width = width;
        canvas.height = height;
        const ctx = canvas.getContext("2d")!;
        ctx.fillStyle = "#eef4ff";
        ctx.fillRect(0, 0, width, height);
        const scale =
          fit === "contain"
            ? Math.min(width / img.width, height / img.height)
            : Math.max(width / img.width, height / img.height);
        const w = img.width * scale;
        const h = img.height * scale;
        ctx.imageSmoothingQuality = "high";
        ctx.drawImage(img, (width - w) / 2, fit === "contain" ? (height - h) / 2 : 0, w, h);
        return canvas.toDataURL("image/webp", quality);
      },
      {
        src: `data:image/png;base64,${png.toString("base64")}`,
        width: o.width,
        height: o.height,
        quality: o.quality ?? 0.8,
        fit: o.fit ?? "cover",
      },
    );
    return Buffer.from(dataUrl.split(",")[1], "base64");
  } finally {
    await page.close();
  }
}
