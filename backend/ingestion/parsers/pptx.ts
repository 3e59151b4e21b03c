import { XMLParser } from "fast-xml-parser";
import JSZip from "jszip";
import { ParseError, type ParseLimits, type ParsedDocument, type ParsedPage } from "../types.ts";
import { decodeEntities } from "./html-blocks.ts";
import { inspectZip } from "./zip-guard.ts";

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  removeNSPrefix: true,
  isArray: (name) => name === "Relationship",
});

/** One page per slide, in the presentation's order; the title placeholder is the page heading. */
export async function parsePptx(
  path: string,
  bytes: Uint8Array,
  fileName: string,
  limits: ParseLimits,
): Promise<ParsedDocument> {
  await inspectZip(path, limits, "presentation");
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch (err) {
    throw new ParseError(
      "corrupt",
      `The presentation cannot be read: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  const pages: ParsedPage[] = [];
  for (const [i, slidePath] of (await slideOrder(zip)).entries()) {
    const slideXml = await zip.file(slidePath)?.async("string");
    if (slideXml === undefined) continue;
    const { text, title } = slideText(slideXml);
    pages.push({ page: i + 1, kind: "slide", text, ...(title ? { heading: title } : {}) });
  }
  const firstTitle = pages.find((p) => p.heading)?.heading;
  return { title: firstTitle ?? fileName.replace(/\.pptx$/i, ""), pages, metadata: { slides: pages.length } };
}

/** Slide parts in the order of presentation.xml's slide list (file names can be out of order). */
async function slideOrder(zip: JSZip): Promise<string[]> {
  const presentation = await zip.file("ppt/presentation.xml")?.async("string");
  const rels = await zip.file("ppt/_rels/presentation.xml.rels")?.async("string");
  if (!presentation || !rels)
    throw new ParseError("corrupt", "The presentation has no slide list (ppt/presentation.xml).");
  const targets = new Map<string, string>();
  for (const rel of (xml.parse(rels).Relationships?.Relationship ?? []) as { Id: string; Target: string }[]) {
    targets.set(rel.Id, rel.Target.replace(/^\/?(ppt\/)?/, "ppt/"));
  }
  // A regex, not the XML parser: <p:sldId id="256" r:id="rId2"/> has two attributes named "id".
  const relIds = [...presentation.matchAll(/<p:sldId\b[^>]*\br:id="([^"]+)"/g)].map((m) => m[1]);
  return relIds.map((id) => targets.get(id) ?? "").filter(Boolean);
}

/** Paragraphs in document order; a table row becomes one line with its cells joined by " | ". */
export function slideText(slideXml: string): { text: string; title: string } {
  const lines: string[] = [];
  let title = "";
  for (const shape of slideXml.split(/<p:(?:sp|graphicFrame)[\s>]/).slice(1)) {
    const isTitle = /<p:ph [^>]*type="(title|ctrTitle)"/.test(shape);
    const rows = shape.split(/<a:tr[\s>]/);
    const body =
      rows.length > 1
        ? rows.slice(1).map((row) =>
            row
              .split(/<a:tc[\s>]/)
              .slice(1)
              .map(paragraphs)
              .map((p) => p.join(" "))
              .join(" | "),
          )
        : paragraphs(shape);
    if (isTitle && !title) title = body.join(" ");
    lines.push(...body.filter((l) => l.trim()));
  }
  return { text: lines.join("\n"), title };
}

function paragraphs(fragment: string): string[] {
  return fragment
    .split(/<\/a:p>/)
    .map((p) =>
      [...p.matchAll(/<a:t>([^<]*)<\/a:t>|<a:br\/>/g)]
        .map((m) => (m[1] !== undefined ? decodeEntities(m[1]) : " "))
        .join(""),
    )
    .map((p) => p.replace(/\s+/g, " ").trim())
    .filter(Boolean);
}
