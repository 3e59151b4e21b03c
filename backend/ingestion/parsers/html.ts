import type { ParsedDocument } from "../types.ts";
import { htmlToBlocks } from "./html-blocks.ts";
import { blocksToSections } from "./html-sections.ts";
import { decodeText } from "./text.ts";

export function parseHtml(bytes: Uint8Array, fileName: string): ParsedDocument {
  const { blocks, title } = htmlToBlocks(decodeText(bytes));
  const pages = blocksToSections(blocks);
  return { title: title || fileName.replace(/\.html?$/i, ""), pages, metadata: { sections: pages.length } };
}
