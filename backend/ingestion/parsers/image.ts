import { ParseError, type ParseLimits, type ParsedDocument } from "../types.ts";
import { readImageSize } from "./image-size.ts";
import { recognizeImage } from "./ocr.ts";

/** OCR of a PNG, JPEG, TIFF or WebP image: one page, boxes in pixels of the image. */
export async function parseImage(bytes: Uint8Array, fileName: string, limits: ParseLimits): Promise<ParsedDocument> {
  // Check the size the header claims before anything decodes the pixels (a decompression bomb).
  const size = readImageSize(bytes);
  if (!size)
    throw new ParseError("corrupt", "The image header cannot be read (not a PNG, JPEG, TIFF or WebP, or truncated).");
  if (!size.width || !size.height) throw new ParseError("corrupt", "The image header gives a zero width or height.");
  const megapixels = (size.width * size.height) / 1e6;
  if (size.width * size.height > limits.maxImagePixels) {
    const limit = limits.maxImagePixels / 1e6;
    throw new ParseError(
      "too-large",
      `The image is ${size.width} x ${size.height} pixels (${megapixels.toFixed(0)} MP); the limit is ${limit} MP.`,
    );
  }
  let ocr;
  try {
    ocr = await recognizeImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch (err) {
    throw new ParseError("corrupt", `The image cannot be read: ${err instanceof Error ? err.message : String(err)}`);
  }
  return {
    title: fileName.replace(/\.[^.]+$/, ""),
    pages: [{ page: 1, kind: "ocr", text: ocr.text, spans: ocr.spans, width: size.width, height: size.height }],
    metadata: { format: size.format, width: size.width, height: size.height, ocrConfidence: ocr.confidence },
  };
}
