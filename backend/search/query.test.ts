import { describe, expect, it } from "vitest";
import { analyzeQuery, documentLabel, namePhrases, tokenize } from "./query.ts";

const own = (q: string) =>
  analyzeQuery(q)
    .terms.filter((t) => t.weight === 1)
    .map((t) => t.words.join(" "));
const expansions = (q: string) =>
  analyzeQuery(q)
    .terms.filter((t) => t.weight < 1)
    .map((t) => t.words.join(" "));

describe("analyzeQuery", () => {
  it("drops stop words and answering instructions, keeps the words that locate the answer", () => {
    expect(own("What is the interest expense in 2009? Please round to two decimal places and explain why.")).toEqual([
      "interest",
      "expense",
      "2009",
      "two",
    ]);
  });

  it("keeps an acronym spelled like a stop word: the WHO is a name, 'who' is not", () => {
    expect(own("Which order pulled the United States out of the WHO?")).toEqual([
      "order",
      "pulled",
      "united",
      "states",
      "who",
      "united states",
    ]);
    expect(own("Who pulled out?")).toEqual(["pulled"]);
  });

  it("drops 'state' and 'terms' only where they frame the answer", () => {
    expect(own("If operating margin is not useful, then please state that and explain why.")).not.toContain("state");
    expect(own("State the effective tax rate.")).not.toContain("state");
    expect(own("Can a state officer hold two nationalities in Kenya?")).toContain("state");
    expect(own("Who sits on the Council of State?")).toContain("state");
    expect(own("How did margins change in terms of revenue?")).not.toContain("terms");
    expect(own("How many terms may a president of Ghana serve?")).toContain("terms");
  });

  it("searches names and one-letter codes as phrases besides their words", () => {
    expect(own("Who sits on the Council of State?")).toEqual(["sits", "council", "state", "council of state"]);
    expect(own("What are the bankers of GODFREY PHILLIPS INDIA LIMITED?")).toContain("godfrey phillips india limited");
    expect(own("What does code G mean on a retirement distribution form?")).toContain("code g");
    // A sentence's first word is no part of a name when it is a stop word; "A" and "I" are words, not codes.
    expect(namePhrases("Which Order pulled out? I think A Warren Commission memo")).toEqual([["warren", "commission"]]);
    expect(namePhrases("What did the company earn in 2021?")).toEqual([]);
    // Hyphenated names and codes, not hyphenated words.
    expect(namePhrases("How many tokens was DeepSeek-V3 pre-trained on?")).toEqual([["deepseek", "v3"]]);
    expect(namePhrases("When must a lender file Form 1099-C?")).toEqual([["1099", "c"]]);
    expect(namePhrases("What is the debt-to-total asset ratio?")).toEqual([]);
  });

  it("splits fiscal periods and normalises form types", () => {
    expect(tokenize("FY2022 vs FY21, 2023Q4, Q2'23 and the 10-K")).toEqual([
      "fy",
      "2022",
      "vs",
      "fy",
      "2021",
      "2023",
      "q4",
      "q2",
      "23",
      "and",
      "the",
      "10k",
    ]);
  });

  it("expands what people call things into the words tax forms use", () => {
    expect(expansions("Does the tax return ask about crypto?")).toEqual(
      expect.arrayContaining(["digital assets", "virtual currency"]),
    );
    expect(expansions("Is there a fine for a wrong taxpayer number?")).toEqual(expect.arrayContaining(["penalty"]));
  });

  it("expands short-term government debt into what balance sheets call it", () => {
    expect(expansions("How much cash is parked in short-term government debt?")).toEqual(
      expect.arrayContaining(["treasury bills", "government securities"]),
    );
  });

  it("expands analyst vocabulary into the words filings use, as weaker terms", () => {
    expect(expansions("What was capex in FY2022?")).toEqual(
      expect.arrayContaining(["capital expenditures", "purchases of property and equipment"]),
    );
    expect(expansions("Has the quick ratio improved?")).toEqual(
      expect.arrayContaining(["current assets", "current liabilities"]),
    );
    expect(expansions("SG&A as a share of sales")).toEqual(
      expect.arrayContaining(["selling general and administrative"]),
    );
    expect(expansions("Who founded the firm?")).toEqual([]);
  });

  it("brings a measure's parts in for the measure, but not the measure for one of its parts", () => {
    expect(expansions("What is the interest coverage ratio?")).toEqual(["interest expense", "operating income"]);
    expect(expansions("What is the interest expense in 2009?")).toEqual([]);
  });

  it("finds words written like names, and joins neighbours the way file names run them together", () => {
    expect(analyzeQuery("Are Best Buy's gross margins consistent in FY2023?").nameWords).toEqual(
      expect.arrayContaining(["best", "buy", "bestbuy", "2023"]),
    );
    // Lower-case words never are; nor is a capitalised stop word.
    expect(analyzeQuery("What stores were open?").nameWords).toEqual([]);
    expect(analyzeQuery("Globex revenue").nameWords).toEqual(["globex"]);
    expect(analyzeQuery("Did 3M grow?").nameWords).toEqual(["3m"]);
    // A capital letter alone names nothing (a scan's label holding a stray "g"); joined it may.
    expect(analyzeQuery("What does code G mean on the form?").nameWords).toEqual(["form"]);
    expect(analyzeQuery("Form W-9").nameWords).toEqual(expect.arrayContaining(["w9", "9"]));
    expect(analyzeQuery("Form W-9").nameWords).not.toContain("w");
  });

  it("names a document by the latest of several years only: a report covers the years before its own", () => {
    const span = analyzeQuery("How far did Berkshire's price fall from its September 2008 high to its March 2009 low?");
    expect(span.nameWords).toEqual(expect.arrayContaining(["berkshire", "2009", "march2009"]));
    expect(span.nameWords).not.toContain("2008");
    expect(span.nameWords).not.toContain("september2008");
    // Still search terms: the page that holds 2008 is wanted.
    expect(span.words).toContain("2008");
    expect(analyzeQuery("Has Verizon increased its debt between 2022 and the 2021 fiscal period?").nameWords).toEqual(
      expect.arrayContaining(["verizon", "2022"]),
    );
    const fiscal = analyzeQuery("AMCOR sales in FY 2023 vs FY 2022").nameWords;
    expect(fiscal).toEqual(expect.arrayContaining(["amcor", "2023", "fy2023"]));
    expect(fiscal).not.toContain("2022");
    expect(fiscal).not.toContain("fy2022");
    // One year, however often, is kept.
    expect(analyzeQuery("Berkshire's 2019 letter, 2019 results").nameWords).toContain("2019");
  });

  it("never yields query syntax", () => {
    const { terms } = analyzeQuery('revenue" OR NEAR(x) * - ^ {title}:');
    for (const t of terms) for (const w of t.words) expect(w).toMatch(/^[\p{L}\p{N}]+$/u);
  });
});

describe("documentLabel", () => {
  it("turns a file name into words, then the title", () => {
    expect(documentLabel("PEPSICO_2023Q1_EARNINGS.pdf", "Q1 2023 8-K")).toBe("pepsico 2023 q1 earnings Q1 2023 8-K");
    expect(documentLabel("AMCOR_2022_8K_dated-2022-07-01.pdf", "")).toBe("amcor 2022 8k dated 2022 07 01");
  });
});
