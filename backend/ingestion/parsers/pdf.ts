import { restoreNativeArrayPush } from "./native-array-push.ts";
import { getDocument, type PDFDocumentProxy, type PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { TextItem } from "pdfjs-dist/types/src/display/api";
import { ParseError, type OnPageProgress, type ParseLimits, type ParsedDocument, type ParsedPage } from "../types.ts";
import { layOutRuns, type PlacedRun } from "./pdf-layout.ts";
import { LigatureRepair, joinBrokenWords } from "./pdf-words.ts";
import { ocrPdfPage } from "./pdf-ocr.ts";

/** Text per page with positions; pages without a text layer are OCR'd (or marked `needsOcr`). */
export async function parsePdf(
  bytes: Uint8Array,
  fileName: string,
  limits: ParseLimits,
  onProgress?: OnPageProgress,
): Promise<ParsedDocument> {
  const doc = await openPdf(bytes);
  try {
    const info = await doc.getMetadata().catch(() => null);
    const infoTitle = (info?.info as { Title?: unknown } | undefined)?.Title;
    const infoAuthor = (info?.info as { Author?: unknown } | undefined)?.Author;
    const pages: ParsedPage[] = [];
    await onProgress?.(0, doc.numPages);
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n).catch((err: unknown) => {
        throw new ParseError("corrupt", `Page ${n} of ${doc.numPages} cannot be read: ${messageOf(err)}`);
      });
      pages.push(await readPage(page, n, limits, doc.canvasFactory));
      page.cleanup();
      await onProgress?.(n, doc.numPages);
    }
    // Words the text layer broke, once every page is read: the page that says "FLAG" may come
    // after the one whose ligature needs it. Only a document holding a NUL learns its words.
    const ligatures = pages.some((p) => p.text.includes("\0")) ? LigatureRepair.of(pages.map((p) => p.text)) : null;
    for (const page of pages) {
      if (page.kind !== "pdf-page") continue;
      const read = { text: page.text, spans: page.spans ?? [] };
      Object.assign(page, joinBrokenWords(ligatures ? ligatures.repair(read) : read));
    }
    const title =
      typeof infoTitle === "string" && infoTitle.trim() ? infoTitle.trim() : fileName.replace(/\.pdf$/i, "");
    return {
      title,
      pages,
      metadata: {
        pageCount: doc.numPages,
        ocrPages: pages.filter((p) => p.kind === "ocr").length,
        ...(typeof infoAuthor === "string" && infoAuthor.trim() ? { author: infoAuthor.trim() } : {}),
      },
    };
  } finally {
    await doc.destroy();
  }
}

async function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  // pdf.js takes ownership of (detaches) the buffer it is given, so hand it a copy.
  const task = getDocument({
    data: bytes.slice(),
    disableFontFace: true,
    isEvalSupported: false,
    verbosity: 0,
    stopAtErrors: false,
  });
  try {
    const doc = await task.promise;
    restoreNativeArrayPush();
    return doc;
  } catch (err) {
    const name = err instanceof Error ? err.name : "";
    if (name === "PasswordException") throw new ParseError("encrypted", "The PDF is password-protected.");
    throw new ParseError("corrupt", `The PDF cannot be opened: ${messageOf(err)}`);
  }
}

async function readPage(
  page: PDFPageProxy,
  n: number,
  limits: ParseLimits,
  canvasFactory: object,
): Promise<ParsedPage> {
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent().catch((err: unknown) => {
    throw new ParseError("corrupt", `The text of page ${n} cannot be read: ${messageOf(err)}`);
  });
  const runs: PlacedRun[] = [];
  for (const item of content.items) {
    if (!("str" in item) || !item.str) continue;
    runs.push(placeRun(item, viewport.transform));
  }
  const { text, spans } = layOutRuns(runs);
  const base = { page: n, width: viewport.width, height: viewport.height };
  if (text.trim()) return { ...base, kind: "pdf-page", text, spans };
  if (!limits.ocrPdfPages) return { ...base, kind: "pdf-page", text: "", spans: [], needsOcr: true };
  return { ...base, ...(await ocrPdfPage(page, canvasFactory)) };
}

/** Maps a text item from PDF space (bottom-left origin) to the page's top-left viewport space. */
function placeRun(item: TextItem, vt: number[]): PlacedRun {
  const [a, b, c, d, e, f] = item.transform as number[];
  const m = [vt[0] * a + vt[2] * b, vt[1] * a + vt[3] * b, vt[0] * c + vt[2] * d, vt[1] * c + vt[3] * d];
  const x = vt[0] * e + vt[2] * f + vt[4];
  const y = vt[1] * e + vt[3] * f + vt[5];
  const h = Math.hypot(m[2], m[3]) || item.height || 1;
  const scaleX = Math.hypot(m[0], m[1]) / (Math.hypot(a, b) || 1);
  const rotated = m[0] <= 0 || Math.abs(m[1]) > Math.abs(m[0]) * 0.05;
  return { str: item.str, x, baseline: y, w: item.width * scaleX, h, ...(rotated ? { rotated } : {}) };
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
