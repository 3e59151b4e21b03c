import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";

/**
 * Records a page as Chromium paints it (the DevTools screencast Playwright's own recordVideo uses)
 * and encodes the frames as a small VP9 WebM with ffmpeg. ffmpeg is needed only here, to make the
 * committed files: the app serves them as they are and never runs it.
 */

interface Frame {
  jpeg: Buffer;
  /** Seconds since the recording started. */
  at: number;
}

export function hasFfmpeg(): boolean {
  return spawnSync("ffmpeg", ["-version"], { stdio: "ignore" }).status === 0;
}

export const FFMPEG_MISSING =
  "ffmpeg is not installed: `npm run media` needs it to encode the marketing videos (the app itself does not). " +
  "Install it (Debian: apt-get install ffmpeg) or run with MEDIA_VIDEOS=off to capture the still images only.";

export interface Recording {
  /** Stops recording and writes the WebM; returns its size in bytes. */
  stop(file: string, o?: { width?: number; height?: number; fps?: number; crf?: number }): Promise<number>;
}

export async function startRecording(page: Page, size = { width: 1280, height: 800 }): Promise<Recording> {
  const cdp = await page.context().newCDPSession(page);
  const frames: Frame[] = [];
  const started = Date.now();
  cdp.on("Page.screencastFrame", (f) => {
    frames.push({ jpeg: Buffer.from(f.data, "base64"), at: (Date.now() - started) / 1000 });
    void cdp.send("Page.screencastFrameAck", { sessionId: f.sessionId }).catch(() => {});
  });
  await cdp.send("Page.startScreencast", {
    format: "jpeg",
    quality: 92,
    maxWidth: size.width,
    maxHeight: size.height,
    everyNthFrame: 1,
  });
  return {
    async stop(file, o = {}) {
      await cdp.send("Page.stopScreencast");
      const end = (Date.now() - started) / 1000;
      await cdp.detach();
      if (frames.length === 0) throw new Error(`No frames recorded for ${file}`);
      return encode(frames, end, file, { ...size, ...o });
    },
  };
}

/** Frames arrive only when something changed: each is held until the next one (ffmpeg's concat durations). */
function encode(
  frames: Frame[],
  end: number,
  file: string,
  o: { width: number; height: number; fps?: number; crf?: number },
): number {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aw-screencast-"));
  try {
    const list: string[] = [];
    frames.forEach((f, i) => {
      const name = `f${String(i).padStart(5, "0")}.jpg`;
      fs.writeFileSync(path.join(dir, name), f.jpeg);
      const next = frames[i + 1]?.at ?? end;
      list.push(`file '${name}'`, `duration ${Math.max(next - f.at, 0.001).toFixed(3)}`);
    });
    // The concat demuxer ignores the last entry's duration unless the file is listed once more.
    list.push(`file 'f${String(frames.length - 1).padStart(5, "0")}.jpg'`);
    fs.writeFileSync(path.join(dir, "frames.txt"), list.join("\n"));
    const { width, height } = o;
    execFileSync(
      "ffmpeg",
      [
        ...["-y", "-loglevel", "error", "-f", "concat", "-safe", "0", "-i", "frames.txt"],
        "-vf",
        `scale=${width}:${height}:force_original_aspect_ratio=decrease,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2:color=white,fps=${o.fps ?? 12},format=yuv420p`,
        ...[
          "-c:v",
          "libvpx-vp9",
          "-crf",
          String(o.crf ?? 40),
          "-b:v",
          "0",
          "-row-mt",
          "1",
          "-deadline",
          "good",
          "-cpu-used",
          "4",
          "-an",
        ],
        path.resolve(file),
      ],
      { cwd: dir, stdio: ["ignore", "inherit", "inherit"] },
    );
    return fs.statSync(file).size;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
