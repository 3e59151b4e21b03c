/**
 * Citation markers in streamed answer text. The model writes `[n]` (or `[n, m]`) after a claim,
 * or `[n: "exact words"]` to say which words of source n it relies on. Text arrives in arbitrary
 * pieces, so a `[` that may still become a marker is held back until it is one or cannot be.
 */
export type Piece = { kind: "text"; text: string } | { kind: "marker"; refs: number[]; quote: string | null };

/** A marker longer than this is prose in brackets, not a marker. */
const MAX_MARKER = 700;

const LIST = /^\[\s*(\d{1,4}(?:\s*,\s*\d{1,4})*)\s*\]/;
const QUOTED = /^\[\s*(\d{1,4})\s*[:,]\s*["“]([^"”\]\n]{1,600})["”]\s*\]/;
const LIST_PREFIX = /^\[\s*(?:\d{1,4}(?:\s*,\s*\d{1,4})*\s*,?\s*)?$/;
const QUOTED_PREFIX = /^\[\s*\d{1,4}\s*[:,]\s*(?:["“][^"”\]\n]{0,600}(?:["”]\s*)?)?$/;

export class MarkerParser {
  private pending = "";

  /** Pieces that are certain after `text`; a possible marker's start stays pending. */
  push(text: string): Piece[] {
    this.pending += text;
    return this.drain(false);
  }

  /** Everything still pending, as it stands (an unfinished marker is text). */
  end(): Piece[] {
    return this.drain(true);
  }

  private drain(final: boolean): Piece[] {
    const out: Piece[] = [];
    let text = "";
    let s = this.pending;
    for (;;) {
      const open = s.indexOf("[");
      if (open < 0) {
        text += s;
        s = "";
        break;
      }
      text += s.slice(0, open);
      s = s.slice(open);
      const m = QUOTED.exec(s) ?? LIST.exec(s);
      if (m) {
        if (text) out.push({ kind: "text", text });
        text = "";
        out.push(
          m[2] !== undefined
            ? { kind: "marker", refs: [Number(m[1])], quote: m[2]!.trim() }
            : { kind: "marker", refs: m[1]!.split(",").map((r) => Number(r.trim())), quote: null },
        );
        s = s.slice(m[0].length);
        continue;
      }
      if (!final && s.length < MAX_MARKER && (LIST_PREFIX.test(s) || QUOTED_PREFIX.test(s))) break;
      text += "[";
      s = s.slice(1);
    }
    if (text) out.push({ kind: "text", text });
    this.pending = s;
    return out;
  }
}

/** Markers removed, e.g. from earlier answers given back to the model as history. */
export function stripMarkers(text: string): string {
  const p = new MarkerParser();
  return [...p.push(text), ...p.end()]
    .filter((x): x is Extract<Piece, { kind: "text" }> => x.kind === "text")
    .map((x) => x.text)
    .join("")
    .replace(/ +([.,;:])/g, "$1");
}
