import { byPlace } from "./hit-order.ts";
import type { SearchHit } from "./search-index.ts";

/** Pages read for copies, from the top: the rest are past any page a reader looks at. */
const DUPLICATE_WINDOW = 50;
/**
 * Share of their word pairs two passages hold in common (Jaccard) to be copies of each other. Pairs,
 * not words: a form's copies share 0.48-1.0 of their pairs, while two pages of one plan's table of
 * objectives share two thirds of their words but a third of their pairs.
 */
const DUPLICATE_OVERLAP = 0.45;

/**
 * A page whose carrying passage is a copy of a better page's in the same document (a tax form
 * printed as Copy A, B, C, 1 and 2, a slide template repeated) has its score multiplied by
 * `weight`: five copies of one form filled the first five results of "What does code G mean on a
 * retirement distribution form?" and pushed the form's instructions, which answer it, to seventh.
 * Documents are never compared with each other: a 2019 letter's table is no copy of the 2018 one's
 * for a question about 2019. Results stay sorted.
 */
export function demoteCopies(
  pages: { hit: SearchHit; score: number }[],
  weight: number,
): { hit: SearchHit; score: number }[] {
  const window = pages.slice(0, DUPLICATE_WINDOW);
  // Only documents with two pages or more in the window can hold a copy: the others are not read.
  const perVersion = new Map<string, number>();
  for (const p of window) perVersion.set(p.hit.version_id, (perVersion.get(p.hit.version_id) ?? 0) + 1);
  const kept = new Map<string, Uint32Array[]>();
  let changed = false;
  for (const page of window) {
    if (perVersion.get(page.hit.version_id)! < 2) continue;
    const pairs = wordPairs(page.hit.text);
    const seen = kept.get(page.hit.version_id) ?? [];
    if (seen.some((other) => overlap(pairs, other) >= DUPLICATE_OVERLAP)) {
      page.score *= weight;
      changed = true;
      continue;
    }
    seen.push(pairs);
    kept.set(page.hit.version_id, seen);
  }
  return changed ? pages.sort((a, b) => b.score - a.score || byPlace(a.hit, b.hit)) : pages;
}

/**
 * The text's pairs of neighbouring words, each hashed to a number, sorted and unique (comparing two
 * sorted arrays is several times cheaper than building and probing sets of strings; a rare
 * collision only adds a shared pair). Words are runs of letters and digits, ASCII folded to lower case.
 */
function wordPairs(text: string): Uint32Array {
  const hashes: number[] = [];
  let previous = 0;
  let word = FNV_OFFSET;
  let inWord = false;
  for (let i = 0; i <= text.length; i++) {
    let c = i < text.length ? text.charCodeAt(i) : 32;
    if (c >= 65 && c <= 90) c |= 32;
    const part =
      (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c > 127 && !(c === 0xa0 || (c >= 0x2000 && c <= 0x206f)));
    if (part) {
      word = Math.imul(word ^ c, FNV_PRIME);
      inWord = true;
    } else if (inWord) {
      if (previous !== 0) hashes.push((Math.imul(previous, 0x9e3779b1) ^ word) >>> 0);
      previous = word | 1;
      word = FNV_OFFSET;
      inWord = false;
    }
  }
  const sorted = new Uint32Array(hashes).sort();
  let n = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[n++] = sorted[i]!;
  return sorted.subarray(0, n);
}
const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;

/**
 * Jaccard of two texts' pairs. Most pages of a document are no copies of each other, and in a
 * search within one document all 50 are compared: the arrays are merged only when their sizes are
 * this close and their smallest hashes (a bottom-k sketch: about 7 of 16 in common at an overlap
 * of 0.45, about 1 at 0.1) share at least 3.
 */
function overlap(a: Uint32Array, b: Uint32Array): number {
  const [small, large] = a.length <= b.length ? [a, b] : [b, a];
  if (small.length === 0 || small.length < DUPLICATE_OVERLAP * large.length) return 0;
  if (small.length >= SKETCH && shared(a.subarray(0, SKETCH), b.subarray(0, SKETCH)) < 3) return 0;
  const both = shared(a, b);
  return both / (a.length + b.length - both);
}

/** Elements two ascending arrays hold in common. */
function shared(a: Uint32Array, b: Uint32Array): number {
  let n = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i] === b[j]) {
      n++;
      i++;
      j++;
    } else if (a[i]! < b[j]!) i++;
    else j++;
  }
  return n;
}
const SKETCH = 16;
