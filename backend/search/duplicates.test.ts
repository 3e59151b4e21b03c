import { describe, expect, it } from "vitest";
import { demoteCopies } from "./duplicates.ts";
import { hit } from "./test-hits.ts";

const copy = (name: string) =>
  `${name} 1 Gross distribution 2a Taxable amount 7 Distribution code(s) IRA/SEP/SIMPLE 8 Other Form 1099-R Distributions From Pensions, Annuities, Retirement or Profit-Sharing Plans`;

describe("demoteCopies", () => {
  it("moves a page that copies a better page of its document below the pages that say something else", () => {
    const ranked = demoteCopies(
      [
        { hit: hit("f-3", "f", 3, copy("Copy B Report this income on your federal tax return.")), score: 1.8 },
        { hit: hit("f-2", "f", 2, copy("Copy A For Internal Revenue Service Center")), score: 1.77 },
        { hit: hit("f-4", "f", 4, copy("Copy C For Recipient's Records")), score: 1.76 },
        {
          hit: hit(
            "f-9",
            "f",
            9,
            "G - Direct rollover of a distribution to a qualified plan, a 403(b) plan or an IRA.",
          ),
          score: 1.45,
        },
      ],
      0.5,
    );
    expect(ranked.map((p) => p.hit.page)).toEqual([3, 9, 2, 4]);
    expect(ranked[2]!.score).toBeCloseTo(0.885);
  });

  it("leaves the same wording in two documents alone, and pages that share words but not their order", () => {
    const pages = [
      { hit: hit("a", "letter-2019", 1, copy("2019")), score: 2 },
      { hit: hit("b", "letter-2018", 1, copy("2019")), score: 1.9 },
      { hit: hit("c", "letter-2019", 2, copy("").split(" ").reverse().join(" ")), score: 1.8 },
    ];
    expect(demoteCopies(pages, 0.5).map((p) => p.score)).toEqual([2, 1.9, 1.8]);
  });
});
