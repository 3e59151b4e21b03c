import { open, readFile, stat } from "node:fs/promises";
import { basename } from "node:path";
import { detectType } from "./detect-type.ts";
import { ParseError, defaultLimits, type OnPageProgress, type ParseLimits, type ParsedDocument } from "./types.ts";

export interface ParseFileOptions {
  /** The name the user gave the file (the path may be a blob key without an extension). */
  fileName?: string;
  limits?: Partial<ParseLimits>;
  /** Largest file read into memory whole. */
  maxFileBytes?: number;
}

// Each parser is imported when first needed: a worker parsing a CSV never loads pdf.js or Tesseract.
/**
 * Parses one file in this thread. Use `runParser` to parse in a worker with limits. PDFs report
 * each page to `onProgress` as they go; other types are parsed in one step.
 */
export async function parseFile(
  path: string,
  options: ParseFileOptions = {},
  onProgress?: OnPageProgress,
): Promise<ParsedDocument> {
  return storableText(await parseByType(path, options, onProgress));
}

/**
 * Text a database can store: NUL and other control characters (PDFs carry them; PostgreSQL
 * refuses NUL in text) become spaces and unpaired surrogates become U+FFFD, one code unit for
 * one, so every offset (passages, PDF spans) stays true.
 */
export function storableText(doc: ParsedDocument): ParsedDocument {
  const clean = (t: string) =>
    t
      // eslint-disable-next-line no-control-regex -- matching control characters is the point
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, " ")
      .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");
  doc.title = clean(doc.title);
  for (const page of doc.pages) {
    page.text = clean(page.text);
    if (page.heading) page.heading = clean(page.heading);
  }
  for (const child of doc.children ?? []) child.name = clean(child.name);
  return doc;
}

async function parseByType(
  path: string,
  options: ParseFileOptions,
  onProgress?: OnPageProgress,
): Promise<ParsedDocument> {
  const fileName = options.fileName ?? basename(path);
  const limits = { ...defaultLimits, ...options.limits };
  const maxFileBytes = options.maxFileBytes ?? 1024 * 1024 * 1024;
  const { size } = await stat(path);
  if (size > maxFileBytes)
    throw new ParseError("too-large", `The file is ${mb(size)} MB; the limit is ${mb(maxFileBytes)} MB.`);
  if (size === 0) throw new ParseError("corrupt", "The file is empty.");
  const type = detectType(fileName, await readHead(path));
  // ZIP-based formats are read from the path (streamed where the library allows).
  switch (type) {
    case "xlsx":
      return (await import("./parsers/xlsx.ts")).parseXlsx(path, fileName, limits);
    case "zip":
      return (await import("./parsers/zip.ts")).parseZip(path, fileName, limits);
    case "ole":
      throw new ParseError(
        "unsupported",
        "Legacy binary Office files (.xls, .doc, .ppt) and password-protected Office files are not supported.",
      );
    case "unknown":
      throw new ParseError(
        "unsupported",
        `"${fileName}" is not a type we can read (or its contents do not match its extension).`,
      );
  }
  const bytes = new Uint8Array(await readFile(path));
  switch (type) {
    case "pdf":
      return (await import("./parsers/pdf.ts")).parsePdf(bytes, fileName, limits, onProgress);
    case "image":
      return (await import("./parsers/image.ts")).parseImage(bytes, fileName, limits);
    case "docx":
      return (await import("./parsers/docx.ts")).parseDocx(path, bytes, fileName, limits);
    case "pptx":
      return (await import("./parsers/pptx.ts")).parsePptx(path, bytes, fileName, limits);
    case "csv":
      return (await import("./parsers/csv.ts")).parseCsv(bytes, fileName, limits);
    case "html":
      return (await import("./parsers/html.ts")).parseHtml(bytes, fileName);
    case "markdown":
    case "text":
      return (await import("./parsers/text.ts")).parseText(bytes, fileName, type === "markdown");
    case "eml":
      return (await import("./parsers/eml.ts")).parseEml(bytes, fileName);
  }
}

async function readHead(path: string): Promise<Uint8Array> {
  const handle = await open(path, "r");
  try {
    const buffer = new Uint8Array(8192);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

function mb(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(0);
}
