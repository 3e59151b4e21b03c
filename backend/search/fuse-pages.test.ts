import { describe, expect, it } from "vitest";
import { fusePages } from "./fuse-pages.ts";
import { hit } from "./test-hits.ts";

describe("fusePages", () => {
  it("gives one result per page, carried by its best passage, scoring it plus a share of the others", () => {
    const fused = fusePages(
      [
        { hit: hit("a", "f", 1), score: 1 },
        { hit: hit("b", "f", 1), score: 0.5 },
        { hit: hit("c", "f", 2), score: 1.02 },
      ],
      0.1,
    );
    expect(fused.map((p) => `${p.hit.passage_id}:${p.hit.page}`)).toEqual(["a:1", "c:2"]);
    expect(fused[0]!.score).toBeCloseTo(1.05);
  });

  it("orders equal scores by page and file, whatever the passages' ids", () => {
    const fused = fusePages(
      [
        { hit: hit("z1", "b", 3), score: 1 },
        { hit: hit("a9", "b", 7), score: 1 },
        { hit: hit("m5", "a", 3), score: 1 },
      ],
      0,
    );
    expect(fused.map((p) => `${p.hit.file_id}:${p.hit.page}`)).toEqual(["a:3", "b:3", "b:7"]);
  });
});
