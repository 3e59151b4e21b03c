import { byPlace, pageKey } from "./hit-order.ts";
import type { SearchHit } from "./search-index.ts";

/**
 * One result per page, carried by its best passage: the page scores its best passage plus
 * `support` times the others' scores (a page that answers a question usually matches it in more
 * than one place), those counting at most `cap` times the best one's: without a cap a long page
 * gains from its length alone (a long essay cut into few pages took the first rank for questions
 * about shorter essays).
 */
export function fusePages(
  passages: { hit: SearchHit; score: number }[],
  support: number,
  cap = Infinity,
): { hit: SearchHit; score: number }[] {
  const pages = new Map<string, { hit: SearchHit; best: number; rest: number }>();
  for (const p of passages.sort((a, b) => b.score - a.score || byPlace(a.hit, b.hit))) {
    const key = pageKey(p.hit);
    const page = pages.get(key);
    if (page) page.rest += p.score;
    else pages.set(key, { hit: p.hit, best: p.score, rest: 0 });
  }
  return [...pages.values()]
    .map((p) => ({ hit: p.hit, score: p.best + support * Math.min(p.rest, cap * p.best) }))
    .sort((a, b) => b.score - a.score || byPlace(a.hit, b.hit));
}
