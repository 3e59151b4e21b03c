import { ParseError, type ChildFile, type ParseLimits, type ParsedDocument } from "../types.ts";
import { inspectZip, iterateEntries, openZip, readEntry } from "./zip-guard.ts";

/**
 * A ZIP archive has no pages of its own: its files come back as children, to be ingested as
 * files (the caller limits nesting depth). Limits are checked on the directory first.
 */
export async function parseZip(path: string, fileName: string, limits: ParseLimits): Promise<ParsedDocument> {
  await inspectZip(path, limits);
  const zip = await openZip(path);
  const children: ChildFile[] = [];
  let total = 0;
  try {
    for await (const entry of iterateEntries(zip)) {
      if (entry.fileName.endsWith("/") || /(^|\/)(__MACOSX|\.DS_Store)(\/|$)/.test(entry.fileName)) continue;
      if (entry.isEncrypted()) throw new ParseError("encrypted", `"${entry.fileName}" in the archive is encrypted.`);
      const bytes = await readEntry(zip, entry, limits.maxUncompressedBytes - total);
      total += bytes.length;
      children.push({ name: entry.fileName, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
    }
  } finally {
    zip.close();
  }
  return {
    title: fileName.replace(/\.zip$/i, ""),
    pages: [],
    metadata: { entries: children.length, bytes: total },
    children,
  };
}
