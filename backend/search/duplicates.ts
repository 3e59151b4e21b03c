import type { SearchHit } from "./search-index.ts";

/** Pages read for copies, from the top: the rest are past any page a reader looks at. */
export const DUPLICATE_WINDOW = 50;
/**
 * Share of their word pairs two passages hold in common (Jaccard) to be copies of each other. Pairs,
 * not words: a form's copies share 0.48-1.0 of their pairs, while two pages of one plan's table of
 * objectives share two thirds of their words but a third of their pairs.
 */
export const DUPLICATE_OVERLAP = 0.45;

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
  const kept = new Map<string, Set<string>[]>();
  let changed = false;
  for (const page of pages.slice(0, DUPLICATE_WINDOW)) {
    const words = wordPairs(page.hit.text);
    const seen = kept.get(page.hit.version_id) ?? [];
    if (seen.some((other) => overlap(words, other) >= DUPLICATE_OVERLAP)) {
      page.score *= weight;
      changed = true;
      continue;
    }
    seen.push(words);
    kept.set(page.hit.version_id, seen);
  }
  return changed ? pages.sort((a, b) => b.score - a.score || a.hit.passage_id.localeCompare(b.hit.passage_id)) : pages;
}

function wordPairs(text: string): Set<string> {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const pairs = new Set<string>();
  for (let i = 1; i < words.length; i++) pairs.add(`${words[i - 1]} ${words[i]}`);
  return pairs;
}

function overlap(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let both = 0;
  for (const w of a) if (b.has(w)) both++;
  return both / (a.size + b.size - both);
}
