import type { ParsedPage } from "../types.ts";
import type { Block } from "./html-blocks.ts";

/**
 * Blocks to pages: a new page at each heading of level <= `splitLevel` (a "section"). Footnotes
 * are gathered into a last "Footnotes" section. Page text is one block per line, paragraphs
 * separated by a blank line, table rows and list items on consecutive lines.
 */
export function blocksToSections(blocks: Block[], splitLevel = 2): ParsedPage[] {
  const pages: ParsedPage[] = [];
  let lines: string[] = [];
  let heading: string | undefined;
  let prev: Block["kind"] | null = null;
  const flush = () => {
    const text = lines.join("\n").trim();
    if (text) pages.push({ page: pages.length + 1, kind: "section", text, ...(heading ? { heading } : {}) });
    lines = [];
    prev = null;
  };
  const footnotes = blocks.filter((b) => b.kind === "footnote");
  for (const block of blocks) {
    if (block.kind === "footnote") continue;
    if (block.kind === "heading" && (block.level ?? 1) <= splitLevel) {
      flush();
      heading = block.text;
    }
    const tight = (block.kind === "row" || block.kind === "item") && prev === block.kind;
    if (prev !== null && !tight) lines.push("");
    lines.push(
      block.kind === "item"
        ? `- ${block.text}`
        : block.kind === "heading"
          ? `${"#".repeat(block.level ?? 1)} ${block.text}`
          : block.text,
    );
    prev = block.kind;
  }
  flush();
  if (footnotes.length) {
    heading = "Footnotes";
    lines = footnotes.map((f, i) => `[${i + 1}] ${f.text}`);
    flush();
  }
  return pages;
}
