import { extensionOf } from "../files/supported.ts";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const TYPES: Record<string, string> = {
  ".xlsx": XLSX,
  ".xlsm": "application/vnd.ms-excel.sheet.macroEnabled.12",
  ".csv": "text/csv",
  ".tsv": "text/tab-separated-values",
  ".txt": "text/plain",
  ".md": "text/markdown",
  ".markdown": "text/markdown",
  ".json": "application/json",
  ".html": "text/html",
  ".htm": "text/html",
  ".pdf": "application/pdf",
  ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};
const TEXT_EXTENSIONS = new Set([
  ".csv",
  ".tsv",
  ".txt",
  ".md",
  ".markdown",
  ".json",
  ".html",
  ".htm",
  ".xml",
  ".yaml",
  ".yml",
]);

/** The content type a thread file is stored with: from its name, else what was sent. */
export function contentTypeFor(filename: string, sent?: string): string {
  return TYPES[extensionOf(filename)] ?? sent ?? "application/octet-stream";
}

/** How a version is shown and compared: cells of a workbook, lines of a text, or neither. */
export function kindOf(filename: string, contentType: string): "workbook" | "text" | "binary" {
  const ext = extensionOf(filename);
  if (ext === ".xlsx" || ext === ".xlsm" || contentType === XLSX) return "workbook";
  if (TEXT_EXTENSIONS.has(ext) || contentType.startsWith("text/") || contentType === "application/json") return "text";
  return "binary";
}
