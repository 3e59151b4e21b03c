/**
 * Finding a cited quote in what the viewer shows: a page's text, or the runs of a PDF's text
 * layer (which split and space words differently from the indexed text). Both sides are compared
 * with case, typography and all whitespace folded away, and the match is mapped back to offsets.
 */

const FOLD: Record<string, string> = {
  "\u2018": "'",
  "\u2019": "'",
  "\u201a": "'",
  "\u201b": "'",
  "\u2032": "'",
  "\u201c": '"',
  "\u201d": '"',
  "\u201e": '"',
  "\u201f": '"',
  "\u2033": '"',
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2013": "-",
  "\u2014": "-",
  "\u2212": "-",
  "\u00ad": "",
  "\u200b": "",
  "\u200c": "",
  "\u200d": "",
  "\ufeff": "",
};

/** Shortest folded quote worth highlighting: "a" is on every page. */
const MIN_CHARS = 4;

export interface Folded {
  text: string;
  /** For each character of `text`, the index of the original character it came from. */
  map: number[];
}

export function fold(s: string): Folded {
  let text = "";
  const map: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (/\s/.test(ch)) continue;
    const f = (FOLD[ch] ?? ch.normalize("NFKC")).toLowerCase();
    for (const c of f) {
      if (/\s/.test(c)) continue;
      text += c;
      map.push(i);
    }
  }
  return { text, map };
}

export interface Range {
  start: number;
  end: number;
}

/**
 * Where `quote` is in `text` as offsets [start, end), or null. A trailing period may be the
 * writer's; an ellipsis ("net sales ... rose") stands for skipped words, so its parts must appear
 * in order and the range runs from the first to the last. A quote found more than once ("Total",
 * a repeated row) is taken where it is nearest `near`, a position as a share of the text (the
 * cited offsets on the indexed page), else at its first place.
 */
export function findQuote(text: string, quote: string, near?: number): Range | null {
  const hay = fold(text);
  const at = (from: number, needle: string) =>
    needle.length >= MIN_CHARS || needle.length === hay.text.length ? hay.text.indexOf(needle, from) : -1;
  const parts = quote
    .split(/\.{3}|\u2026/)
    .map((p) => fold(p).text.replace(/^["']+|["'.,;:]+$/g, ""))
    .filter((p) => p.length > 0);
  if (parts.length === 0) return null;
  const matchFrom = (start: number): [number, number] | null => {
    let from = start;
    let first = -1;
    let last = -1;
    for (const part of parts) {
      const i = at(from, part);
      if (i < 0) return null;
      if (first < 0) first = i;
      last = i + part.length;
      from = last;
    }
    return [first, last];
  };
  let best = matchFrom(0);
  if (best && near !== undefined) {
    const distance = (i: number) => Math.abs(i / Math.max(1, hay.text.length) - near);
    for (let next = matchFrom(best[0] + 1); next; next = matchFrom(next[0] + 1))
      if (distance(next[0]) < distance(best[0])) best = next;
  }
  return best ? { start: hay.map[best[0]]!, end: hay.map[best[1] - 1]! + 1 } : null;
}

/** The quote across a PDF text layer's runs: for each run it touches, the part to mark. */
export function findQuoteInRuns(runs: string[], quote: string, near?: number): (Range & { run: number })[] {
  const starts: number[] = [];
  let joined = "";
  for (const r of runs) {
    starts.push(joined.length);
    joined += r;
  }
  const hit = findQuote(joined, quote, near);
  if (!hit) return [];
  const out: (Range & { run: number })[] = [];
  runs.forEach((r, run) => {
    const s = Math.max(hit.start, starts[run]!);
    const e = Math.min(hit.end, starts[run]! + r.length);
    if (e > s) out.push({ run, start: s - starts[run]!, end: e - starts[run]! });
  });
  return out;
}
