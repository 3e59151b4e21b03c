import { extname } from "node:path";

export type FileType =
  "pdf" | "image" | "docx" | "xlsx" | "pptx" | "csv" | "html" | "markdown" | "text" | "eml" | "zip" | "ole" | "unknown";

const BY_EXTENSION: Record<string, FileType> = {
  ".pdf": "pdf",
  ".png": "image",
  ".jpg": "image",
  ".jpeg": "image",
  ".tif": "image",
  ".tiff": "image",
  ".webp": "image",
  ".docx": "docx",
  ".xlsx": "xlsx",
  ".xlsm": "xlsx",
  ".pptx": "pptx",
  ".csv": "csv",
  ".tsv": "csv",
  ".html": "html",
  ".htm": "html",
  ".md": "markdown",
  ".markdown": "markdown",
  ".txt": "text",
  ".text": "text",
  ".eml": "eml",
  ".zip": "zip",
  ".xls": "ole",
  ".doc": "ole",
  ".ppt": "ole",
};

/**
 * The magic bytes decide the family (a PDF renamed .txt is still a PDF); the extension picks
 * within it (which ZIP-based Office format, which text format).
 */
export function detectType(fileName: string, head: Uint8Array): FileType {
  const ext = extname(fileName).toLowerCase();
  const byExt = BY_EXTENSION[ext] ?? "unknown";
  const start = new TextDecoder("latin1").decode(head.subarray(0, 1024));
  if (start.includes("%PDF-")) return "pdf";
  if (head[0] === 0x50 && head[1] === 0x4b && (head[2] === 0x03 || head[2] === 0x05)) {
    return byExt === "docx" || byExt === "xlsx" || byExt === "pptx" ? byExt : "zip";
  }
  if (head[0] === 0xd0 && head[1] === 0xcf && head[2] === 0x11 && head[3] === 0xe0) return "ole";
  if (isImage(head)) return "image";
  if (
    byExt === "pdf" ||
    byExt === "image" ||
    byExt === "docx" ||
    byExt === "xlsx" ||
    byExt === "pptx" ||
    byExt === "zip"
  )
    return "unknown";
  if (looksBinary(head)) return "unknown";
  if (byExt !== "unknown") return byExt;
  if (/^\s*<(!doctype html|html)/i.test(start)) return "html";
  return "text";
}

function isImage(b: Uint8Array): boolean {
  const png = b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47;
  const jpeg = b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
  const tiff = (b[0] === 0x49 && b[1] === 0x49 && b[2] === 0x2a) || (b[0] === 0x4d && b[1] === 0x4d && b[3] === 0x2a);
  const webp = b[0] === 0x52 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x46 && b[8] === 0x57 && b[9] === 0x45;
  return png || jpeg || tiff || webp;
}

/** A NUL byte in the first 8 KB: not text in any encoding we read (UTF-16 has a BOM). */
function looksBinary(b: Uint8Array): boolean {
  if ((b[0] === 0xff && b[1] === 0xfe) || (b[0] === 0xfe && b[1] === 0xff)) return false;
  return b.subarray(0, 8192).includes(0);
}
