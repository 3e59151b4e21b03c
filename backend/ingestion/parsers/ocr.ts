import { createRequire } from "node:module";
import { createWorker, type Worker as TesseractWorker } from "tesseract.js";
import type { Span } from "../types.ts";

const require = createRequire(import.meta.url);
/** The bundled English model (`@tesseract.js-data/eng`): never fetched from a CDN. */
const engData = require("@tesseract.js-data/eng") as { langPath: string; gzip: boolean };

let workerPromise: Promise<TesseractWorker> | null = null;

/** One Tesseract worker per process, created on first use (loading the model takes a second). */
function getWorker(): Promise<TesseractWorker> {
  workerPromise ??= createWorker("eng", 1, { langPath: engData.langPath, gzip: engData.gzip, cacheMethod: "none" });
  return workerPromise;
}

export interface OcrResult {
  text: string;
  spans: Span[];
  confidence: number;
}

/** OCR an encoded image (PNG, JPEG, TIFF, WebP...): one line of text per OCR line, with its box in pixels. */
export async function recognizeImage(image: Buffer, scale = 1): Promise<OcrResult> {
  const worker = await getWorker();
  const { data } = await worker.recognize(image, {}, { text: true, blocks: true });
  let text = "";
  const spans: Span[] = [];
  for (const block of data.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const str = line.text.replace(/\s+/g, " ").trim();
        if (!str) continue;
        if (text) text += "\n";
        const start = text.length;
        text += str;
        const { x0, y0, x1, y1 } = line.bbox;
        spans.push({
          start,
          end: text.length,
          x: x0 / scale,
          y: y0 / scale,
          w: (x1 - x0) / scale,
          h: (y1 - y0) / scale,
        });
      }
    }
  }
  return { text, spans, confidence: data.confidence };
}

/** Ends the Tesseract worker so the process (or a test) can exit. */
export async function closeOcr(): Promise<void> {
  const pending = workerPromise;
  workerPromise = null;
  if (pending) await (await pending).terminate();
}
