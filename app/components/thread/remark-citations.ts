import type { Parent, PhrasingContent, Root, Text } from "mdast";

const MARKER = /\[(\d{1,4})\]/g;

/**
 * A remark plugin: each `[n]` marker in the answer's text whose citation is known becomes a
 * <cite data-n="n"> element (rendered as a chip); unknown numbers stay text. Code is left alone:
 * its nodes are not text nodes.
 */
export function remarkCitations(options: { known: ReadonlySet<number> }) {
  return (tree: Root) => {
    walk(tree, options.known);
  };
}

function walk(node: Parent, known: ReadonlySet<number>): void {
  const out: Parent["children"] = [];
  let changed = false;
  for (const child of node.children) {
    if (child.type === "text") {
      const parts = split(child, known);
      if (parts) {
        out.push(...(parts as Parent["children"]));
        changed = true;
        continue;
      }
    } else if ("children" in child && child.type !== "link") {
      walk(child as Parent, known);
    }
    out.push(child);
  }
  if (changed) node.children = out;
}

function split(node: Text, known: ReadonlySet<number>): PhrasingContent[] | null {
  const parts: PhrasingContent[] = [];
  let last = 0;
  for (const m of node.value.matchAll(MARKER)) {
    const n = Number(m[1]);
    if (!known.has(n)) continue;
    if (m.index > last) parts.push({ type: "text", value: node.value.slice(last, m.index) });
    // An element of our own: mdast-util-to-hast renders a node with data.hName as that element.
    parts.push({
      type: "citationRef",
      data: { hName: "cite", hProperties: { dataN: String(n) } },
      children: [{ type: "text", value: m[0] }],
    } as unknown as PhrasingContent);
    last = m.index + m[0].length;
  }
  if (parts.length === 0) return null;
  if (last < node.value.length) parts.push({ type: "text", value: node.value.slice(last) });
  return parts;
}
