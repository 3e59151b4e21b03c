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

  it("counts a page's other passages at most `cap` times its best one, so a long page does not win by length", () => {
    const long = Array.from({ length: 12 }, (_, i) => ({ hit: hit(`l${i}`, "essay", 1), score: 0.9 }));
    const fused = fusePages([{ hit: hit("s", "short", 1), score: 1.3 }, ...long], 0.1, 4);
    expect(fused.map((p) => p.hit.file_id)).toEqual(["short", "essay"]);
    expect(fused[1]!.score).toBeCloseTo(0.9 + 0.1 * 4 * 0.9);
    // Without the cap, eleven other passages carry the long page past the better one.
    expect(fusePages([{ hit: hit("s", "short", 1), score: 1.3 }, ...long], 0.1)[0]!.hit.file_id).toBe("essay");
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
