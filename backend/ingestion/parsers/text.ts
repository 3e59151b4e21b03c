import type { ParsedDocument, ParsedPage } from "../types.ts";

/** About a printed page of text: plain text is cut into pages this long, at blank lines. */
const PAGE_CHARS = 6000;

/** UTF-8 (with or without a BOM) or UTF-16 with a BOM. */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  return new TextDecoder("utf-8").decode(bytes).replace(/^\uFEFF/, "");
}

/** Plain text and Markdown. Markdown pages start at `#` and `##` headings. */
export function parseText(bytes: Uint8Array, fileName: string, markdown: boolean): ParsedDocument {
  const text = decodeText(bytes).replace(/\r\n?/g, "\n");
  const pages: ParsedPage[] = [];
  let heading: string | undefined;
  let lines: string[] = [];
  let size = 0;
  const flush = () => {
    const pageText = lines.join("\n").replace(/^\n+|\s+$/g, "");
    if (pageText)
      pages.push({
        page: pages.length + 1,
        kind: markdown ? "section" : "text",
        text: pageText,
        ...(heading ? { heading } : {}),
      });
    lines = [];
    size = 0;
  };
  let inFence = false;
  for (const line of text.split("\n")) {
    if (markdown && /^(```|~~~)/.test(line)) inFence = !inFence;
    const h = markdown && !inFence ? /^(#{1,2})\s+(.+?)\s*#*\s*$/.exec(line) : null;
    if (h) {
      flush();
      heading = h[2];
    } else if (size > PAGE_CHARS && line.trim() === "" && !inFence) {
      flush();
      continue;
    }
    lines.push(line);
    size += line.length + 1;
  }
  flush();
  const firstH1 = markdown ? /^#\s+(.+)$/m.exec(text)?.[1] : undefined;
  return {
    title: firstH1?.trim() || fileName.replace(/\.(txt|md|markdown|text)$/i, ""),
    pages,
    metadata: { characters: text.length },
  };
}
