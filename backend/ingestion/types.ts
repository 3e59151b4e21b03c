/** What every parser produces: a document of pages; passages are cut from the pages later. */

/** A rectangle in PDF points, origin at the page's top-left (y grows downwards, like the screen). */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A run of text on a PDF page: `start`/`end` are offsets into the page text. */
export interface Span extends Box {
  start: number;
  end: number;
}

export type PageKind = "pdf-page" | "ocr" | "slide" | "sheet" | "section" | "text";

/** Where a sheet page's lines come from: line i of the page's text is row `rows[i]` of `sheet`. */
export interface SheetLayout {
  sheet: string;
  rows: number[];
}

export interface ParsedPage {
  /** 1-indexed, as the PDF numbers its pages (slide, sheet page or section for other types). */
  page: number;
  kind: PageKind;
  text: string;
  /** A heading that applies to the whole page: a sheet name, a slide title, a section heading. */
  heading?: string;
  /** PDFs only: the page size in points, so boxes can be drawn at any zoom. */
  width?: number;
  height?: number;
  spans?: Span[];
  /**
   * Sheet pages (XLSX, XLS, CSV): the sheet and, for each line of `text`, the row number it has in
   * the sheet (the header line first), so a citation can be shown at its cell.
   */
  sheet?: SheetLayout;
  /** A PDF page without a text layer that still needs OCR (no renderer, or OCR turned off). */
  needsOcr?: boolean;
}

export interface ParsedDocument {
  title: string;
  pages: ParsedPage[];
  metadata: Record<string, string | number | boolean>;
  /** Files found inside this one (ZIP entries, EML attachments) to ingest as files of their own. */
  children?: ChildFile[];
}

/** Pages parsed so far of `total` (null when the parser can't tell in advance). Awaited. */
export type OnPageProgress = (done: number, total: number | null) => void | Promise<void>;

export interface ChildFile {
  name: string;
  bytes: Uint8Array;
}

export interface Passage {
  /** Stable: a hash of the file version id, the page and the start offset. */
  id: string;
  page: number;
  start: number;
  end: number;
  text: string;
  heading: string;
  title: string;
  boxes?: Box[];
}

export const parseErrorReasons = [
  "encrypted",
  "corrupt",
  "too-large",
  "zip-bomb",
  "unsupported",
  "timeout",
  "out-of-memory",
  "crashed",
  "too-deep",
] as const;
export type ParseErrorReason = (typeof parseErrorReasons)[number];

/** A file we could not parse, with a stable reason code and a message a user can read. */
export class ParseError extends Error {
  readonly reason: ParseErrorReason;
  constructor(reason: ParseErrorReason, message: string) {
    super(message);
    this.name = "ParseError";
    this.reason = reason;
  }
}

export function isParseErrorReason(value: unknown): value is ParseErrorReason {
  return typeof value === "string" && (parseErrorReasons as readonly string[]).includes(value);
}

/** Limits every parser honours; the defaults suit a 512 MB worker. */
export interface ParseLimits {
  maxImagePixels: number;
  maxUncompressedBytes: number;
  maxCompressionRatio: number;
  maxZipEntries: number;
  rowsPerSheetPage: number;
  /** OCR PDF pages that have no text layer (slow: seconds per page). */
  ocrPdfPages: boolean;
}

export const defaultLimits: ParseLimits = {
  maxImagePixels: 100_000_000,
  maxUncompressedBytes: 200 * 1024 * 1024,
  maxCompressionRatio: 100,
  maxZipEntries: 10_000,
  rowsPerSheetPage: 50,
  ocrPdfPages: true,
};
