import { describe, expect, it } from "vitest";
import { analyzeQuery } from "./query.ts";
import { confirmNaming, nameShares, termsNamingNoDocument } from "./named-documents.ts";

const doc = (id: string, label: string) => ({ id, words: new Set(label.split(" ")) });

describe("nameShares", () => {
  const docs = [
    doc("3m", "3m 2022 10k annual report"),
    doc("adobe", "adobe 2022 10k annual report"),
    doc("pepsico", "pepsico 2021 10k annual report"),
    doc("letter", "berkshire hathaway shareholder letter 2019"),
  ];

  it("names the document whose own words the question holds, at full weight", () => {
    expect(nameShares(docs, ["3m", "2022"])).toEqual(new Map([["3m", 1]]));
  });

  it("never names a document by years, form types or kinds alone", () => {
    expect(nameShares(docs, ["2022", "10k"]).size).toBe(0);
  });

  it("keeps a weakly named document at a reduced share instead of dropping it", () => {
    const room = [
      doc("widgets-22", "acme widgets report 2022"),
      doc("acme-21", "acme report 2021"),
      doc("other-22", "other report 2022"),
      doc("x", "x"),
      doc("y", "y"),
      doc("z", "z"),
    ];
    // "acme widgets 2022" names the first well; "acme" alone names the 2021 report at about a
    // quarter of that (ln 3 against ln 3 + ln 6 + ln 3), squared; "2022" alone names nothing.
    const shares = nameShares(room, ["acme", "widgets", "2022"]);
    expect(shares.get("widgets-22")).toBe(1);
    const share = Math.log(3) / (2 * Math.log(3) + Math.log(6));
    expect(shares.get("acme-21")).toBeCloseTo(0.4 * share ** 2, 6);
    expect(shares.has("other-22")).toBe(false);
  });

  it("keeps every document named as well as the last one kept, not the first few read", () => {
    const room = [2008, 2017, 2018, 2019, 2020, 2021].map((y) => doc(`${y}ltr`, `${y} ltr acme letter`));
    room.push(doc("x", "x"), doc("y", "other report"));
    expect([...nameShares(room, ["acme"]).keys()].sort()).toEqual(room.slice(0, 6).map((d) => d.id));
  });

  it("tells apart documents named alike but for the year the question gives", () => {
    const room = [2017, 2018, 2019, 2020, 2021].map((y) => doc(`${y}ltr`, `${y} ltr acme letter ${y}`));
    room.push(doc("x", "x"), doc("y", "other report 2021"));
    const shares = nameShares(room, ["acme", "letter", "2021"]);
    expect(shares.get("2021ltr")).toBe(1);
    // Each other letter holds "acme" and "letter" but not the year: its score's share, squared.
    const acme = 2 * Math.log(7 / 5);
    const ratio = acme / (acme + Math.log(7 / 2));
    expect(shares.get("2019ltr")).toBeCloseTo(0.4 * ratio ** 2, 6);
  });

  it("names a country's document by its people's word, only where the label holds the place", () => {
    const room = [doc("ke", "kenya 2010 constitution"), doc("za", "south africa 2012 constitution"), doc("x", "x")];
    expect([...nameShares(room, ["kenyan"]).keys()]).toEqual(["ke"]);
    expect([...nameShares(room, ["south", "african"]).keys()]).toEqual(["za"]);
    // Only that way round, and not for a short stem: "keny" and "indian" (of "ind") name nothing.
    expect(nameShares(room, ["keny"]).size).toBe(0);
    expect(nameShares([doc("i", "ind report"), doc("x", "x")], ["indian"]).size).toBe(0);
  });

  it("names nothing in a workspace of one document", () => {
    expect(nameShares([docs[0]!], ["3m"]).size).toBe(0);
  });
});

describe("confirmNaming", () => {
  // "...the hurricanes that struck Texas, Florida and Puerto Rico?": "Florida" names a health
  // department's plan best, "Berkshire" the letters, which hold the rest of the question.
  const named = new Map([
    ["florida-plan", 1],
    ["2017ltr", 0.16],
    ["2018ltr", 0.16],
  ]);

  it("cuts a better-named document's lead over the one holding most of the question by its share", () => {
    const covered = new Map([
      ["florida-plan", 0.2],
      ["2017ltr", 0.9],
      ["2018ltr", 0.6],
    ]);
    const confirmed = confirmNaming(named, covered);
    expect(confirmed.get("florida-plan")).toBeCloseTo(0.16 + (0.84 * 0.2) / 0.9);
    expect(confirmed.get("2017ltr")).toBe(0.16);
    // Named no better than the anchor: coverage already tells these apart.
    expect(confirmed.get("2018ltr")).toBe(0.16);
  });

  it("keeps the weights of a document that holds as much of the question as any", () => {
    const covered = new Map([
      ["florida-plan", 0.9],
      ["2017ltr", 0.9],
    ]);
    expect(confirmNaming(named, covered)).toEqual(named);
  });

  it("keeps the weights when one document is named or none is among the candidates", () => {
    const one = new Map([["florida-plan", 1]]);
    expect(confirmNaming(one, new Map([["florida-plan", 0]]))).toBe(one);
    expect(confirmNaming(named, new Map())).toBe(named);
  });
});

describe("termsNamingNoDocument", () => {
  const docs = [
    doc("letter", "2021ltr berkshire hathaway shareholder letter 2021"),
    doc("gh", "ghana 1996 constitution"),
  ];
  const phrases = (q: string) =>
    termsNamingNoDocument(docs, analyzeQuery(q).terms)
      .filter((t) => t.words.length > 1)
      .map((t) => t.words.join(" "));

  it("drops a name phrase that a document's label holds: the document stage weighs it", () => {
    expect(phrases("What did the energy business earn in Berkshire Hathaway's letter?")).toEqual([]);
    const filed = [doc("cvs", "cvshealth 2022 10k"), doc("gh", "ghana 1996 constitution")];
    const left = termsNamingNoDocument(filed, analyzeQuery("Has CVS Health paid dividends?").terms);
    expect(left.filter((t) => t.weight === 1).map((t) => t.words.join(" "))).toEqual([
      "cvs",
      "health",
      "paid",
      "dividends",
    ]);
  });

  it("keeps the names no document is called by, and every single word", () => {
    expect(phrases("Who sits on the Council of State in Ghana?")).toEqual(["council of state"]);
    const words = termsNamingNoDocument(docs, analyzeQuery("Berkshire Hathaway energy").terms).map((t) =>
      t.words.join(" "),
    );
    expect(words).toEqual(["berkshire", "hathaway", "energy"]);
  });

  it("drops a name a label holds as the place its people's word comes from", () => {
    const room = [doc("za", "south africa 2012 constitution"), doc("gh", "ghana 1996 constitution")];
    const left = termsNamingNoDocument(room, analyzeQuery("How long is the South African flag?").terms);
    expect(left.map((t) => t.words.join(" "))).not.toContain("south african");
    expect(left.map((t) => t.words.join(" "))).toContain("flag");
  });
});
