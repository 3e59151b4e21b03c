import { describe, expect, it } from "vitest";
import { analyzeQuery } from "./query.ts";
import { RANKING, rankCandidates, type Candidates } from "./service.ts";
import { hit } from "./test-hits.ts";

const scored = (id: string, file: string, score: number) => ({ ...hit(id, file, 1), score });

function candidates(legs: Candidates["legs"], named = new Map<string, number>()): Candidates {
  const analyzed = analyzeQuery("zebra migration");
  return { query: "zebra migration", analyzed, terms: analyzed.terms, named, legs };
}

describe("rankCandidates", () => {
  it("sums each leg's scores over its best, the expansions' at their weight", () => {
    const found = candidates([
      { expansion: false, named: false, hits: [scored("a", "f", 2), scored("b", "g", 1)] },
      { expansion: true, named: false, hits: [scored("b", "g", 4)] },
    ]);
    const order = (expansion: number) =>
      rankCandidates(found, { ...RANKING, expansion }).map((r) => `${r.hit.passage_id} ${r.score.toFixed(2)}`);
    expect(order(1)).toEqual(["b 1.50", "a 1.00"]);
    expect(order(0.25)).toEqual(["a 1.00", "b 0.75"]);
  });

  it("adds a named document's leg only for passages the other legs did not find, and the naming weight to its file", () => {
    const found = candidates(
      [
        { expansion: false, named: false, hits: [scored("a", "f", 2), scored("b", "g", 1)] },
        { expansion: false, named: true, hits: [scored("b", "g", 5), scored("c", "g", 5)] },
      ],
      new Map([["g", 1]]),
    );
    const ranked = rankCandidates(found, { ...RANKING, document: 0.5, pageSupport: 0 });
    // b keeps 0.5 from the first leg (not 0.5 + 1), c has the named leg's 1; both gain the naming's 0.5.
    const score = (id: string) => ranked.find((r) => r.hit.passage_id === id)?.score;
    expect(score("a")).toBeCloseTo(1);
    // b and c share a page: the page is carried by c.
    expect(ranked.map((r) => r.hit.passage_id)).toEqual(["c", "a"]);
    expect(score("c")).toBeCloseTo(1.5);
    const apart = rankCandidates(
      {
        ...found,
        legs: found.legs.map((l) => ({
          ...l,
          hits: l.hits.map((h) => (h.passage_id === "c" ? { ...h, page: 2 } : h)),
        })),
      },
      { ...RANKING, document: 0.5, pageSupport: 0 },
    );
    expect(apart.map((r) => `${r.hit.passage_id} ${r.score.toFixed(2)}`)).toEqual(["c 1.50", "a 1.00", "b 1.00"]);
  });

  it("weighs a PostgreSQL hit's ts_rank and BM25 by the weights' share, over the leg's best", () => {
    const parted = (id: string, rank: number, bm25: number) => ({ ...hit(id, id, 1), score: 0, parts: { rank, bm25 } });
    const found = candidates([{ expansion: false, named: false, hits: [parted("a", 1, 0.25), parted("b", 0.5, 1)] }]);
    const order = (bm25Share: number) =>
      rankCandidates(found, { ...RANKING, bm25Share, coverage: { doc: 0, page: 0 }, proximity: 0, year: 0 }).map(
        (r) => `${r.hit.passage_id} ${r.score.toFixed(2)}`,
      );
    // ts_rank alone: a leads; BM25 alone: b; a quarter of BM25: a 0.81 and b 0.63, over a's 0.81.
    expect(order(0)).toEqual(["a 1.00", "b 0.50"]);
    expect(order(1)).toEqual(["b 1.00", "a 0.25"]);
    expect(order(0.25)).toEqual(["a 1.00", "b 0.77"]);
  });
});
