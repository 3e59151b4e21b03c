import yauzl from "yauzl";
import { WorkbookError } from "./errors.ts";
import { type WorkbookLimits } from "./limits.ts";

export interface PackageFacts {
  sheetParts: number;
  /** Every part's name, e.g. `xl/charts/chart1.xml`. */
  parts: string[];
  /** xl/workbook.xml as text (sheet order, defined names), when present. */
  workbookXml?: string;
}

/**
 * Reads the ZIP directory of an .xlsx (nothing inflated but xl/workbook.xml) and refuses it when
 * it claims too many entries, too many bytes, a bomb-like compression ratio or too many sheets,
 * so exceljs only ever loads a package of bounded size. yauzl checks while inflating that no
 * entry yields more than it claims.
 */
export async function inspectPackage(bytes: Uint8Array, limits: WorkbookLimits): Promise<PackageFacts> {
  const zip = await open(bytes);
  try {
    if (zip.entryCount > limits.maxZipEntries) {
      throw tooLarge(
        `The workbook has ${zip.entryCount} parts; the limit is ${limits.maxZipEntries}.`,
        zip.entryCount,
        limits.maxZipEntries,
      );
    }
    let total = 0;
    let sheetParts = 0;
    let workbookXml: string | undefined;
    const parts: string[] = [];
    for (let entry = await next(zip); entry; entry = await next(zip)) {
      total += entry.uncompressedSize;
      if (total > limits.maxXmlBytes)
        throw tooLarge(`The workbook expands to more than ${mb(limits.maxXmlBytes)} MB.`, total, limits.maxXmlBytes);
      const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
      if (entry.uncompressedSize > 1024 * 1024 && ratio > limits.maxCompressionRatio) {
        throw tooLarge(
          `"${entry.fileName}" expands ${ratio.toFixed(0)} times; the limit is ${limits.maxCompressionRatio}.`,
          Math.round(ratio),
          limits.maxCompressionRatio,
        );
      }
      parts.push(entry.fileName);
      if (/^xl\/worksheets\/[^/]+\.xml$/.test(entry.fileName)) sheetParts++;
      if (entry.fileName === "xl/workbook.xml") workbookXml = (await read(zip, entry)).toString("utf8");
    }
    if (sheetParts > limits.maxSheets)
      throw tooLarge(
        `The workbook has ${sheetParts} sheets; the limit is ${limits.maxSheets}.`,
        sheetParts,
        limits.maxSheets,
      );
    return { sheetParts, parts, workbookXml };
  } finally {
    zip.close();
  }
}

function tooLarge(message: string, found: number, limit: number): WorkbookError {
  return new WorkbookError("workbook/too-large", message, { found, limit });
}

function corrupt(err: unknown): WorkbookError {
  return new WorkbookError(
    "workbook/corrupt",
    `The file is not a readable .xlsx workbook: ${err instanceof Error ? err.message : String(err)}`,
  );
}

function open(bytes: Uint8Array): Promise<yauzl.ZipFile> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (err, zip) => {
      if (err || !zip) reject(corrupt(err ?? "no archive"));
      else resolve(zip);
    });
  });
}

function next(zip: yauzl.ZipFile): Promise<yauzl.Entry | null> {
  return new Promise((resolve, reject) => {
    const onEntry = (e: yauzl.Entry) => done(() => resolve(e));
    const onEnd = () => done(() => resolve(null));
    const onError = (err: Error) => done(() => reject(corrupt(err)));
    const done = (then: () => void) => {
      zip.off("entry", onEntry).off("end", onEnd).off("error", onError);
      then();
    };
    zip.on("entry", onEntry).on("end", onEnd).on("error", onError);
    zip.readEntry();
  });
}

function read(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(corrupt(err ?? `"${entry.fileName}" cannot be read`));
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", (e: Error) => reject(corrupt(e)));
      stream.on("end", () => resolve(Buffer.concat(chunks)));
    });
  });
}

function mb(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(0);
}
