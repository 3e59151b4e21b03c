/**
 * A small HTML reader for the HTML we get (mammoth's output, saved web pages, email bodies):
 * headings, paragraphs, list items and table rows become blocks of text, in document order.
 * Not a full HTML parser: it needs none of the DOM, only where blocks start and end.
 */
export interface Block {
  kind: "heading" | "text" | "row" | "item" | "footnote";
  /** 1-6 for headings. */
  level?: number;
  text: string;
}

const BLOCK_TAGS = new Set([
  "p",
  "div",
  "section",
  "article",
  "header",
  "footer",
  "blockquote",
  "pre",
  "br",
  "hr",
  "dd",
  "dt",
  "caption",
  "figcaption",
  "address",
  "main",
  "aside",
  "nav",
]);
const SKIP_TAGS = new Set(["script", "style", "head", "noscript", "template", "svg", "title"]);
const TAG = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<!?\/?([a-zA-Z][a-zA-Z0-9-]*)?((?:[^>"']|"[^"]*"|'[^']*')*)>/g;

export function htmlToBlocks(html: string): { blocks: Block[]; title: string } {
  const blocks: Block[] = [];
  const title = decodeEntities(/<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1] ?? "").trim();
  let text = "";
  let kind: Block["kind"] = "text";
  let level: number | undefined;
  let cells: string[] | null = null;
  let skipping: string | null = null;
  let last = 0;
  const end = () => {
    const t = text.replace(/\s+/g, " ").trim();
    if (cells) {
      if (t) cells.push(t);
    } else if (t) blocks.push(level ? { kind, level, text: t } : { kind, text: t });
    text = "";
    kind = "text";
    level = undefined;
  };
  for (const m of html.matchAll(TAG)) {
    if (!skipping) text += decodeEntities(html.slice(last, m.index));
    last = m.index + m[0].length;
    const name = m[1]?.toLowerCase();
    if (!name) continue;
    const closing = m[0].startsWith("</");
    if (skipping) {
      if (closing && name === skipping) skipping = null;
      continue;
    }
    if (SKIP_TAGS.has(name) && !closing && !m[0].endsWith("/>")) skipping = name;
    else if (/^h[1-6]$/.test(name)) {
      end();
      if (!closing) [kind, level] = ["heading", Number(name[1])];
    } else if (name === "tr") {
      end();
      if (!closing) cells = [];
      else if (cells) {
        if (cells.length) blocks.push({ kind: "row", text: cells.join(" | ") });
        cells = null;
      }
    } else if (name === "td" || name === "th") {
      end();
    } else if (name === "li") {
      end();
      if (!closing) kind = /id=["']?(foot|end)note-/.test(m[2]) ? "footnote" : "item";
    } else if (BLOCK_TAGS.has(name)) {
      const keep: Block["kind"] = kind;
      if (kind === "footnote" || kind === "item") text += " ";
      else end();
      kind = keep;
    } else if (name === "a" && /href=["']#(foot|end)note-ref/.test(m[2])) {
      skipping = "a"; // the "↑" link back from a footnote to its reference
    }
  }
  if (!skipping) text += decodeEntities(html.slice(last));
  end();
  return { blocks, title };
}

const NAMED: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  ndash: "–",
  mdash: "—",
  hellip: "…",
  rsquo: "’",
  lsquo: "‘",
  rdquo: "”",
  ldquo: "“",
  copy: "©",
  reg: "®",
  trade: "™",
  euro: "€",
  pound: "£",
  bull: "•",
  middot: "·",
};

export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === "#") {
      const n = code[1] === "x" || code[1] === "X" ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(n) && n > 0 && n < 0x110000 ? String.fromCodePoint(n) : whole;
    }
    return NAMED[code.toLowerCase()] ?? whole;
  });
}
