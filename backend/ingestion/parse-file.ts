import { open, readFile, stat } from "node:fs/promises";
import { basename } from "node:path";
import { detectType } from "./detect-type.ts";
import { parseCsv } from "./parsers/csv.ts";
import { parseDocx } from "./parsers/docx.ts";
import { parseEml } from "./parsers/eml.ts";
import { parseHtml } from "./parsers/html.ts";
import { parseImage } from "./parsers/image.ts";
import { parsePdf } from "./parsers/pdf.ts";
import { parsePptx } from "./parsers/pptx.ts";
import { parseText } from "./parsers/text.ts";
import { parseXlsx } from "./parsers/xlsx.ts";
import { parseZip } from "./parsers/zip.ts";
import { ParseError, defaultLimits, type ParseLimits, type ParsedDocument } from "./types.ts";

export interface ParseFileOptions {
  /** The name the user gave the file (the path may be a blob key without an extension). */
  fileName?: string;
  limits?: Partial<ParseLimits>;
  /** Largest file read into memory whole. */
  maxFileBytes?: number;
}

/** Parses one file in this thread. Use `runParser` to parse in a worker with limits. */
export async function parseFile(path: string, options: ParseFileOptions = {}): Promise<ParsedDocument> {
  const fileName = options.fileName ?? basename(path);
  const limits = { ...defaultLimits, ...options.limits };
  const maxFileBytes = options.maxFileBytes ?? 1024 * 1024 * 1024;
  const { size } = await stat(path);
  if (size > maxFileBytes) throw new ParseError("too-large", `The file is ${mb(size)} MB; the limit is ${mb(maxFileBytes)} MB.`);
  if (size === 0) throw new ParseError("corrupt", "The file is empty.");
  const type = detectType(fileName, await readHead(path));
  // ZIP-based formats are read from the path (streamed where the library allows).
  switch (type) {
    case "xlsx":
      return parseXlsx(path, fileName, limits);
    case "zip":
      return parseZip(path, fileName, limits);
    case "ole":
      throw new ParseError("unsupported", "Legacy binary Office files (.xls, .doc, .ppt) and password-protected Office files are not supported.");
    case "unknown":
      throw new ParseError("unsupported", `"${fileName}" is not a type we can read (or its contents do not match its extension).`);
  }
  const bytes = new Uint8Array(await readFile(path));
  switch (type) {
    case "pdf":
      return parsePdf(bytes, fileName, limits);
    case "image":
      return parseImage(bytes, fileName, limits);
    case "docx":
      return parseDocx(path, bytes, fileName, limits);
    case "pptx":
      return parsePptx(path, bytes, fileName, limits);
    case "csv":
      return parseCsv(bytes, fileName, limits);
    case "html":
      return parseHtml(bytes, fileName);
    case "markdown":
    case "text":
      return parseText(bytes, fileName, type === "markdown");
    case "eml":
      return parseEml(bytes, fileName);
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
