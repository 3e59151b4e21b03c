import SQLite from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { indexTokens } from "./file-rank.ts";
import { bm25Scores, StemMemo, type RankRow } from "./rerank.ts";

/** [text, heading, label]: passages of three filings. */
const PASSAGES: [string, string, string][] = [
  [
    "Net sales increased 12% to $4.2 billion, driven by higher volumes in the Americas.",
    "Results of Operations",
    "pepsico 2022 10k",
  ],
  [
    "Total net sales by segment: Americas 2,100; Europe 1,300. Net sales grew in every segment.",
    "Segment Information",
    "pepsico 2022 10k",
  ],
  [
    "Rent charged to operating expense was $312 million in 2016 and $298 million in 2015.",
    "Leases",
    "gs 2016 Goldman Sachs Form 10-K",
  ],
  [
    "Dividends declared per common share were $2.60 in 2016, $2.55 in 2015 and $2.25 in 2014.",
    "Shareholders’ Equity",
    "gs 2016 Goldman Sachs Form 10-K",
  ],
  [
    "The firm’s total shareholders’ equity was $86.9 billion; common shareholders’ equity rose.",
    "Capital",
    "gs 2016 Goldman Sachs Form 10-K",
  ],
  [
    "Operating income was $620 million; operating margin rose to 14.8% from 13.9% in Zürich.",
    "Results of Operations",
    "adi 2009",
  ],
  [
    "Interest expense was $27.8 million in fiscal 2009, compared with $18.5 million in 2008.",
    "Nonoperating Expense",
    "adi 2009",
  ],
  ["We depend on a small number of suppliers for our inventories and CAFÉ supplies.", "Risk Factors", "adi 2009"],
];

const term = (s: string) => ({ words: s.split(" "), weight: 1 });

/** FTS5 with the index's tokenizer and column weights: the ranking to reproduce. */
function fts5Scores(query: string[]): Map<string, number> {
  const db = new SQLite(":memory:");
  db.exec("create virtual table t using fts5(text, heading, title, tokenize='porter unicode61')");
  const insert = db.prepare("insert into t(rowid, text, heading, title) values (?, ?, ?, ?)");
  PASSAGES.forEach(([text, heading, label], i) => insert.run(i + 1, text, heading, label));
  const rows = db
    .prepare("select rowid, bm25(t, 1.0, 0.5, 1.0) as rank from t where t match ? order by rank")
    .all(query.map((q) => `"${q}"`).join(" OR ")) as { rowid: number; rank: number }[];
  db.close();
  return new Map(rows.map((r) => [`p${r.rowid}`, -r.rank]));
}

describe("BM25 over candidate passages (PostgreSQL's ranking)", () => {
  const rows: RankRow[] = PASSAGES.map(([text, heading, label], i) => ({
    passage_id: `p${i + 1}`,
    file_id: "f",
    version_id: "v",
    filename: "f.pdf",
    listing: false,
    page: i + 1,
    text,
    heading,
    label,
  }));
  // Exact counts over these passages, as the index would give them.
  const df = (word: string) =>
    PASSAGES.filter((cols) => cols.flatMap(indexTokens).includes(indexTokens(word)[0]!)).length;

  // With every passage a candidate, the average length is the index's, so the scores are FTS5's
  // (the phrases here are as rare as their rarest word, which is the count taken for a phrase).
  it.each([
    ["net sales"],
    ["interest expense", "2009"],
    ["dividends declared", "common share", "2016", "2015"],
    ["shareholders equity", "firm"],
    ["goldman", "rent", "charged"],
    ["zurich", "cafe", "suppliers"],
  ])("scores like FTS5's bm25 over text, heading and label: %j", (...query: string[]) => {
    const ours = bm25Scores(rows, query.map(term), df, rows.length, new StemMemo());
    const theirs = fts5Scores(query);
    const order = (score: (id: string) => number) =>
      rows
        .map((r) => r.passage_id)
        .filter((id) => score(id) > 0)
        .sort((a, b) => score(b) - score(a));
    const oursOf = (id: string) => ours[Number(id.slice(1)) - 1]!;
    expect(order(oursOf)).toEqual(order((id) => theirs.get(id) ?? 0));
    rows.forEach((r) => expect(oursOf(r.passage_id)).toBeCloseTo(theirs.get(r.passage_id) ?? 0, 6));
  });

  it("scores an index PostgreSQL has not counted yet (no rows in its statistics), rarer words higher", () => {
    const scores = bm25Scores(rows, [term("dividends"), term("2016")], df, 0, new StemMemo());
    expect([...scores].every(Number.isFinite)).toBe(true);
    // p4 holds both words; p3 holds the commoner "2016" alone.
    expect(scores[3]).toBeGreaterThan(scores[2]!);
    expect(scores[2]).toBeGreaterThan(0);
  });

  it("finds the forms a stem stands for, also where the stemmer put back a letter", () => {
    const one = [
      { ...rows[0]!, passage_id: "t", text: "The notes are listed for trading on the New York Stock Exchange." },
    ];
    expect(bm25Scores(one, [term("trade")], () => 1, 100, new StemMemo())[0]).toBeGreaterThan(0);
  });

  it("reads a word after underscores, as FTS5 does (a form's blank: ____2016)", () => {
    const one = [{ ...rows[0]!, passage_id: "u", text: "Signed and dated ____2016 by the holder." }];
    expect(bm25Scores(one, [term("2016")], () => 1, 100, new StemMemo())[0]).toBeGreaterThan(0);
  });

  it("counts a phrase only where its words stand in a row", () => {
    const two = [rows[2]!, { ...rows[2]!, passage_id: "lease", text: "Operating lease expense was $45 million." }];
    const scores = bm25Scores(two, [term("operating expense")], () => 1, 100, new StemMemo());
    expect(scores[0]).toBeGreaterThan(0);
    expect(scores[1]).toBe(0);
  });

  it("gives nothing to passages without the words", () => {
    expect([...bm25Scores(rows, [term("goodwill impairment")], df, rows.length, new StemMemo())]).toEqual(
      rows.map(() => 0),
    );
  });
});
