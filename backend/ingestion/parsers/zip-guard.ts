import yauzl from "yauzl";
import { ParseError, type ParseLimits } from "../types.ts";

export interface ZipEntryInfo {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
}

/**
 * Reads a ZIP's central directory (no decompression) and refuses it when the entries claim too
 * much: more than `maxZipEntries`, more than `maxUncompressedBytes` in all, or a compression
 * ratio above `maxCompressionRatio`. yauzl then checks, while inflating, that no entry yields
 * more bytes than it claims, so a lying directory fails too.
 */
export async function inspectZip(path: string, limits: ParseLimits, what = "archive"): Promise<ZipEntryInfo[]> {
  const zip = await openZip(path);
  try {
    if (zip.entryCount > limits.maxZipEntries) {
      throw new ParseError(
        "zip-bomb",
        `The ${what} has ${zip.entryCount} entries; the limit is ${limits.maxZipEntries}.`,
      );
    }
    const entries: ZipEntryInfo[] = [];
    let total = 0;
    let compressed = 0;
    for await (const entry of iterateEntries(zip)) {
      total += entry.uncompressedSize;
      compressed += entry.compressedSize;
      entries.push({
        name: entry.fileName,
        compressedSize: entry.compressedSize,
        uncompressedSize: entry.uncompressedSize,
      });
      if (total > limits.maxUncompressedBytes) {
        throw new ParseError(
          "too-large",
          `The ${what} expands to more than ${mb(limits.maxUncompressedBytes)} MB; the limit is ${mb(limits.maxUncompressedBytes)} MB.`,
        );
      }
      const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
      if (entry.uncompressedSize > 1024 * 1024 && ratio > limits.maxCompressionRatio) {
        throw new ParseError(
          "zip-bomb",
          `"${entry.fileName}" in the ${what} expands ${ratio.toFixed(0)} times; the limit is ${limits.maxCompressionRatio}.`,
        );
      }
    }
    const ratio = total / Math.max(1, compressed);
    if (total > 1024 * 1024 && ratio > limits.maxCompressionRatio) {
      throw new ParseError(
        "zip-bomb",
        `The ${what} expands ${ratio.toFixed(0)} times; the limit is ${limits.maxCompressionRatio}.`,
      );
    }
    return entries;
  } finally {
    zip.close();
  }
}

export function openZip(path: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(
      path,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false },
      (err, zip) => {
        if (err || !zip)
          reject(new ParseError("corrupt", `The ZIP container cannot be read: ${err?.message ?? "no archive"}`));
        else resolve(zip);
      },
    );
  });
}

export async function* iterateEntries(zip: yauzl.ZipFile): AsyncGenerator<yauzl.Entry> {
  for (;;) {
    const entry = await new Promise<yauzl.Entry | null>((resolve, reject) => {
      const onEntry = (e: yauzl.Entry) => done(() => resolve(e));
      const onEnd = () => done(() => resolve(null));
      const onError = (err: Error) =>
        done(() => reject(new ParseError("corrupt", `The ZIP container is damaged: ${err.message}`)));
      const done = (then: () => void) => {
        zip.off("entry", onEntry).off("end", onEnd).off("error", onError);
        then();
      };
      zip.on("entry", onEntry).on("end", onEnd).on("error", onError);
      zip.readEntry();
    });
    if (!entry) return;
    yield entry;
  }
}

/** Inflates one entry, stopping at `maxBytes` (whatever the entry claims). */
export function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream)
        return reject(new ParseError("corrupt", `"${entry.fileName}" cannot be read: ${err?.message}`));
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          stream.destroy();
          reject(new ParseError("zip-bomb", `"${entry.fileName}" expands beyond ${mb(maxBytes)} MB.`));
        } else chunks.push(chunk);
      });
      stream.on("error", (e: Error) =>
        reject(new ParseError("corrupt", `"${entry.fileName}" is damaged: ${e.message}`)),
      );
      stream.on("end", () => resolve(Buffer.concat(chunks)));
    });
  });
}

function mb(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(0);
}
