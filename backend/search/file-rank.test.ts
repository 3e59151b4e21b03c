import SQLite from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { indexTokens, scoreFile, tokenizeFile } from "./file-rank.ts";

const PASSAGES: [string, string][] = [
  ["Net sales increased 12% to $4.2 billion, driven by higher volumes in the Americas.", "Results of Operations"],
  [
    "Total net sales by segment: Americas 2,100; Europe 1,300; Asia 800. Net sales grew in every segment.",
    "Segment Information",
  ],
  ["Capital expenditures were $512 million, mainly for new distribution centers and stores.", "Liquidity"],
  [
    "Purchases of property and equipment (512) (430) Proceeds from sale of property 12 4",
    "Consolidated Statements of Cash Flows",
  ],
  ["Inventories increased to $1.9 billion as we stocked up ahead of the holiday season.", "Balance Sheet"],
  ["The Board declared a quarterly dividend of $0.42 per share. Dividends paid were $310 million.", "Dividends"],
  ["Operating income was $620 million; operating margin rose to 14.8% from 13.9%.", "Results of Operations"],
  ["Risks relating to suppliers: we depend on a small number of suppliers for our inventories.", "Risk Factors"],
  [
    "We are involved in legal proceedings and litigation arising in the ordinary course of business.",
    "Legal Proceedings",
  ],
  ["Employees: at year end we had 41,000 employees, of whom 60% work in our stores.", "Human Capital"],
  ["Sales of services were not material. Net sales of products make up nearly all revenue.", "Revenue Recognition"],
  ["Cost of sales rose with net sales; gross margin was 31.2% (31.0% a year earlier).", "Results of Operations"],
];

const term = (s: string) => ({ words: s.split(" "), weight: 1 });

/** FTS5 with the index's tokenizer, bm25 over text and heading: the ranking to reproduce. */
function fts5Ranking(query: string[]): { id: string; score: number }[] {
  const db = new SQLite(":memory:");
  db.exec("create virtual table t using fts5(text, heading, tokenize='porter unicode61')");
  const insert = db.prepare("insert into t(rowid, text, heading) values (?, ?, ?)");
  PASSAGES.forEach(([text, heading], i) => insert.run(i + 1, text, heading));
  const rows = db
    .prepare("select rowid, bm25(t, 1.0, 0.5) as rank from t where t match ? order by rank")
    .all(query.map((q) => `"${q}"`).join(" OR ")) as { rowid: number; rank: number }[];
  db.close();
  return rows.map((r) => ({ id: `p${r.rowid}`, score: -r.rank }));
}

describe("ranking one file's passages in process", () => {
  const file = tokenizeFile(
    PASSAGES.map(([text, heading], i) => ({
      passage_id: `p${i + 1}`,
      file_id: "f",
      version_id: "v",
      filename: "10k.pdf",
      listing: false,
      page: i + 1,
      text,
      heading,
    })),
  );
  // Exact counts over these passages, as the index would give them.
  const df = (word: string) =>
    PASSAGES.filter(([text, heading]) =>
      [...indexTokens(text), ...indexTokens(heading)].includes(indexTokens(word)[0]!),
    ).length;

  // The queries' phrases are as rare as their rarest word here, so the IDFs are FTS5's too (the
  // scorer takes a phrase's count as its rarest word's: "operating margin" would differ).
  it.each([
    ["net sales"],
    ["capital expenditures", "purchases of property and equipment"],
    ["inventories", "suppliers"],
    ["operating income", "results"],
    ["dividend", "dividends", "share"],
  ])("scores like FTS5's bm25: %j", (...query: string[]) => {
    const ours = scoreFile(file, query.map(term), df, PASSAGES.length).map((h) => ({
      id: h.passage_id,
      score: h.score,
    }));
    const theirs = fts5Ranking(query);
    expect(ours.map((h) => h.id)).toEqual(theirs.map((h) => h.id));
    ours.forEach((h, i) => expect(h.score).toBeCloseTo(theirs[i]!.score, 6));
  });

  it("tokenizes like unicode61 with porter: lower case, no diacritics, stems", () => {
    expect(indexTokens("Revenues rose in Zürich; CAFÉ-sales (FY2022)")).toEqual([
      "revenu",
      "rose",
      "in",
      "zurich",
      "cafe",
      "sale",
      "fy2022",
    ]);
  });

  it("cuts words at symbols past ASCII as unicode61 does, folding only the words that need it", () => {
    // A trade mark sign is a symbol, not a letter: "3M™" is the word 3m (folding the whole text
    // first read it as "3mtm"). Curly quotes and dashes cut words; marks go with the diacritics.
    expect(indexTokens("3M™ Scotchgard™ products’ year—end e\u0301te\u0301 𝐀bc")).toEqual([
      "3m",
      "scotchgard",
      "product",
      "year",
      "end",
      "et",
      "abc",
    ]);
  });

  it("finds nothing for words the file does not hold", () => {
    expect(scoreFile(file, [term("goodwill impairment")], df, PASSAGES.length)).toEqual([]);
  });
});
