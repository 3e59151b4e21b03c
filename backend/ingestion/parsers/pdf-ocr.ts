import type { PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { ParsedPage } from "../types.ts";
import { recognizeImage } from "./ocr.ts";

/** Rendering scale for OCR: 3 x 72 dpi = 216 dpi, enough for body text, about 4.5 MP a letter page. */
const OCR_SCALE = 3;

interface CanvasLike {
  toBuffer(mime: "image/png"): Buffer;
}

/**
 * Renders a page that has no text layer (pdf.js draws with @napi-rs/canvas in Node) and OCRs it.
 * Boxes come back in PDF points, like those of text pages.
 */
export async function ocrPdfPage(
  page: PDFPageProxy,
  canvasFactory: object,
): Promise<Pick<ParsedPage, "kind" | "text" | "spans" | "needsOcr">> {
  const viewport = page.getViewport({ scale: OCR_SCALE });
  // pdf.js types its factory as Object; in Node it is NodeCanvasFactory over @napi-rs/canvas.
  const factory = canvasFactory as {
    create(w: number, h: number): { canvas: CanvasLike; context: CanvasRenderingContext2D };
  };
  let rendered: { canvas: CanvasLike; context: CanvasRenderingContext2D };
  try {
    rendered = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
  } catch {
    // No canvas package: say so rather than pretend the page is blank.
    return { kind: "pdf-page", text: "", spans: [], needsOcr: true };
  }
  await page.render({ canvas: null, canvasContext: rendered.context, viewport }).promise;
  const png = rendered.canvas.toBuffer("image/png");
  const { text, spans } = await recognizeImage(png, OCR_SCALE);
  return { kind: "ocr", text, spans };
}
