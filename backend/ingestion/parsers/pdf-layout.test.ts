import { describe, expect, it } from "vitest";
import { layOutRuns, type PlacedRun } from "./pdf-layout.ts";

/** A run of 10-point text, 5 points a character. */
function run(str: string, x: number, baseline: number, extra: Partial<PlacedRun> = {}): PlacedRun {
  return { str, x, baseline, w: str.length * 5, h: 10, ...extra };
}

const LEFT = [
  "The firm extends lending commitments to",
  "investment-grade borrowers for operating",
  "liquidity and general corporate purposes,",
  "and to others for acquisition financing.",
];
const RIGHT = [
  "Rent charged to operating expense was $244",
  "million for 2016, $249 million for 2015 and",
  "$309 million for 2014, net of the minimum",
  "sublease rentals the firm is owed on leases.",
];

describe("layOutRuns", () => {
  it("reads a page of two prose columns a column at a time, below a heading that spans both", () => {
    const runs = [run("NOTES TO THE CONSOLIDATED FINANCIAL STATEMENTS OF THE GROUP AND ITS SUBSIDIARIES", 50, 20)];
    LEFT.forEach((s, i) => runs.push(run(s, 50, 40 + i * 12)));
    RIGHT.forEach((s, i) => runs.push(run(s, 300, 40 + i * 12)));
    const { text, spans } = layOutRuns(runs);
    // The heading stands further above the columns than their line spacing: a paragraph break.
    expect(text.split("\n")).toEqual([runs[0].str, "", ...LEFT, ...RIGHT]);
    // Every run keeps its box, wherever its text now sits.
    const rent = spans.find((s) => text.slice(s.start, s.end) === RIGHT[0])!;
    expect(rent).toMatchObject({ x: 300, y: 30 });
  });

  it("keeps a table's rows whole: labels on the left, figures on the right", () => {
    const labels = ["Net revenues", "Cost of revenues", "Operating expenses", "Net income"];
    const runs = labels.flatMap((label, i) => [
      run(label, 50, 40 + i * 12),
      run(String(1000 + i), 300, 40 + i * 12),
      run(String(2000 + i), 400, 40 + i * 12),
    ]);
    expect(layOutRuns(runs).text.split("\n")).toEqual(labels.map((l, i) => `${l}\t${1000 + i}\t${2000 + i}`));
  });

  it("keeps a narrow column of names beside their long descriptions row by row", () => {
    const names = ["Jane Q. Example", "John R. Sample", "Alex B. Person"];
    const runs: PlacedRun[] = [];
    names.forEach((name, i) => {
      runs.push(run(name, 50, 40 + i * 36));
      for (let k = 0; k < 3; k++)
        runs.push(run(`Senior Vice President of operations and finance ${i}${k}`, 200, 40 + i * 36 + k * 12));
    });
    const lines = layOutRuns(runs).text.split("\n");
    expect(lines[0]).toBe(`${names[0]}\tSenior Vice President of operations and finance 00`);
    expect(lines[3]).toBe(`${names[1]}\tSenior Vice President of operations and finance 10`);
  });

  it("reads the page's foot under the left column after both columns, and a longer left column in place", () => {
    const longer = [...LEFT, "which the firm funds from its own capital."];
    const runs = longer.map((s, i) => run(s, 50, 40 + i * 12));
    RIGHT.forEach((s, i) => runs.push(run(s, 300, 40 + i * 12)));
    runs.push(run("64", 50, 200), run("Goldman Sachs 2016 Form 10-K", 80, 200));
    const lines = layOutRuns(runs).text.split("\n");
    expect(lines.filter((l) => l !== "")).toEqual([...longer, ...RIGHT, "64\tGoldman Sachs 2016 Form 10-K"]);
  });

  it("reads a column of prose beside a column of tables and the sentences that introduce them", () => {
    const prose = [...LEFT, ...RIGHT, ...LEFT.map((s) => s.toUpperCase())];
    const beside = [
      "The table below presents the operating results",
      "of our Investment Management segment.",
      "$ in millions\t2016\t2015",
      "Management and other fees\t$4,798\t$4,887",
      "Incentive fees\t421\t780",
      "Operating expenses\t4,654\t4,841",
      "Pre-tax earnings\t$1,134\t$1,365",
      "The tables below present our assets under",
    ];
    const runs = prose.map((s, i) => run(s, 50, 40 + i * 12));
    beside.forEach((line, i) => {
      // A row's cells stand apart: label at the column's edge, figures at its right.
      line.split("\t").forEach((cell, k) => runs.push(run(cell, k === 0 ? 300 : 460 + (k - 1) * 60, 40 + i * 12)));
    });
    expect(layOutRuns(runs).text.split("\n")).toEqual([...prose, ...beside]);
  });

  it("keeps a table's rows whole when one column holds its descriptions and the other its cells", () => {
    const runs: PlacedRun[] = [];
    const rows = 10;
    for (let i = 0; i < rows; i++) {
      runs.push(run(`Reference rate reform provides expedients ${i}`, 50, 40 + i * 12));
      if (i < 2) {
        // A cell's text may wrap into a line of words, as the standard's effect does here.
        runs.push(run("We are assessing the impact of it", 320, 40 + i * 12));
        continue;
      }
      runs.push(run("January 1, 2023.", 320, 40 + i * 12));
      runs.push(run("No material impact", 440, 40 + i * 12));
    }
    const lines = layOutRuns(runs).text.split("\n");
    expect(lines).toHaveLength(rows);
    expect(lines[2]).toBe("Reference rate reform provides expedients 2\tJanuary 1, 2023.\tNo material impact");
  });

  it("writes a wider step between lines than their usual spacing as a blank line", () => {
    const runs = [...LEFT.map((s, i) => run(s, 50, 40 + i * 12)), ...RIGHT.map((s, i) => run(s, 50, 100 + i * 12))];
    expect(layOutRuns(runs).text.split("\n")).toEqual([...LEFT, "", ...RIGHT]);
  });

  it("closes up letter-spaced words, and leaves a pair of single letters alone", () => {
    const runs = [run("G O D F R E Y", 50, 40), run("P H I L L I P S", 120, 40), run("Schedule A B of 2021", 50, 52)];
    expect(layOutRuns(runs).text).toBe("GODFREY PHILLIPS\nSchedule A B of 2021");
  });

  it("lays out a page of two hundred thousand lines in two columns without overflowing the stack", () => {
    const runs: PlacedRun[] = [];
    for (let i = 0; i < 200_000; i++) {
      runs.push(run("words of the left column of prose", 50, 40 + i * 12));
      runs.push(run("words of the right column of prose", 300, 40 + i * 12));
    }
    const lines = layOutRuns(runs).text.split("\n");
    expect(lines.length).toBe(400_000);
    expect(lines[200_000]).toBe("words of the right column of prose");
  });

  it("reads a stamp turned up the margin after the page's lines, not inside them", () => {
    const runs = LEFT.map((s, i) => run(s, 50, 40 + i * 12));
    runs.push(run("Downloaded from the publisher by guest on 23 May 2024", 20, 45, { rotated: true }));
    const lines = layOutRuns(runs).text.split("\n");
    expect(lines).toEqual([...LEFT, "Downloaded from the publisher by guest on 23 May 2024"]);
  });
});
