/** What a workspace accepts; the parsers of the ingestion issue cover each of these. */
export const SUPPORTED_EXTENSIONS = [
  ".pdf",
  ".docx",
  ".xlsx",
  ".xls",
  ".xlsm",
  ".csv",
  ".tsv",
  ".pptx",
  ".txt",
  ".md",
  ".markdown",
  ".html",
  ".htm",
  ".json",
  ".eml",
  ".png",
  ".jpg",
  ".jpeg",
  ".tif",
  ".tiff",
  ".webp",
  ".zip",
];

export function extensionOf(filename: string): string {
  const i = filename.lastIndexOf(".");
  return i > 0 ? filename.slice(i).toLowerCase() : "";
}

export function isSupported(filename: string): boolean {
  return SUPPORTED_EXTENSIONS.includes(extensionOf(filename));
}

export const DEFAULT_CONTENT_TYPE = "application/octet-stream";
