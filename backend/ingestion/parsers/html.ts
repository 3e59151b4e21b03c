import type { ParsedDocument, ParsedPage } from "../types.ts";
import { htmlToBlocks } from "./html-blocks.ts";
import { blocksToSections } from "./html-sections.ts";
import { decodeText } from "./text.ts";

/** A printed page ends here: SEC filings (and other print-ready HTML) mark each page like this. */
const PAGE_BREAK = /<[a-z][^>]*?(?:page-break-(?:after|before)|break-(?:after|before))\s*:\s*(?:always|page)[^>]*>/gi;

export function parseHtml(bytes: Uint8Array, fileName: string): ParsedDocument {
  const html = decodeText(bytes);
  const { blocks, title } = htmlToBlocks(html);
  const printed = printedPages(html);
  const pages = printed ?? blocksToSections(blocks);
  return {
    title: title || fileName.replace(/\.html?$/i, ""),
    pages,
    metadata: printed ? { printed_pages: pages.length } : { sections: pages.length },
  };
}

/**
 * The document's printed pages when it marks at least two page breaks (a 10-K has one per page):
 * then a citation points at the page a reader of the printed filing would see. Null otherwise.
 */
function printedPages(html: string): ParsedPage[] | null {
  const breaks = [...html.matchAll(PAGE_BREAK)];
  if (breaks.length < 2) return null;
  const pages: ParsedPage[] = [];
  let start = 0;
  for (const cut of [...breaks.map((b) => b.index), html.length]) {
    // The page's own blocks, kept as one page: headings inside it don't split it.
    const text = blocksToSections(htmlToBlocks(html.slice(start, cut)).blocks, 0)
      .map((p) => p.text)
      .join("\n\n")
      .trim();
    if (text) pages.push({ page: pages.length + 1, kind: "section", text });
    start = cut;
  }
  return pages;
}
