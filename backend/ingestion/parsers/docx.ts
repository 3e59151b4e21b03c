import mammoth from "mammoth";
import { ParseError, type ParseLimits, type ParsedDocument } from "../types.ts";
import { htmlToBlocks } from "./html-blocks.ts";
import { blocksToSections } from "./html-sections.ts";
import { inspectZip } from "./zip-guard.ts";

/** Word documents through mammoth's HTML: one page per section (a heading of level 1 or 2). */
export async function parseDocx(
  path: string,
  bytes: Uint8Array,
  fileName: string,
  limits: ParseLimits,
): Promise<ParsedDocument> {
  await inspectZip(path, limits, "document");
  let html: string;
  try {
    const result = await mammoth.convertToHtml({
      buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    });
    html = result.value;
  } catch (err) {
    throw new ParseError(
      "corrupt",
      `The Word document cannot be read: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  const { blocks } = htmlToBlocks(html);
  const pages = blocksToSections(blocks);
  return { title: fileName.replace(/\.docx$/i, ""), pages, metadata: { sections: pages.length } };
}
