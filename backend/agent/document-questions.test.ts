import { describe, expect, it } from "vitest";
import {
  comparisonQuestion,
  documentName,
  questionsFor,
  questionsFromDocuments,
  type DocumentFacts,
} from "./document-questions.ts";
import { parseQuestions } from "./suggest-prompts.ts";

const doc = (o: Partial<DocumentFacts>): DocumentFacts => ({
  filename: "scan0042.pdf",
  title: "scan0042",
  profileTitle: null,
  kind: null,
  issuer: null,
  period: null,
  form: null,
  headings: [],
  ...o,
});

describe("questions from a document's profile and headings", () => {
  it("a 10-K asks about its issuer's revenue in its fiscal year", () => {
    const q = questionsFor(doc({ kind: "10-K annual report", issuer: "Apple Inc.", period: "2023", form: "10-K" }));
    expect(q[0]).toBe("What was Apple Inc.'s total revenue in fiscal 2023?");
    expect(q[1]).toBe("What are the main risks Apple Inc. describes in its 2023 10-K?");
  });

  it("a letter is summarised by who wrote it and when; an unknown document by its title", () => {
    expect(
      questionsFor(doc({ kind: "shareholder letter", issuer: "Berkshire Hathaway Inc.", period: "2019" }))[0],
    ).toBe("Summarise Berkshire Hathaway Inc.'s 2019 shareholder letter");
    expect(questionsFor(doc({ profileTitle: "Zoning rules for Elm Street" }))[0]).toBe(
      "Summarise Zoning rules for Elm Street",
    );
    // Nothing known but the file name.
    expect(questionsFor(doc({ title: "" }))[0]).toBe("Summarise scan0042.pdf");
  });

  it("headings become topics, leaving out generic ones and topics already asked about", () => {
    const q = questionsFor(
      doc({
        kind: "10-K annual report",
        issuer: "Acme Corp.",
        period: "2022",
        headings: ["Item 1A. Risk Factors", "PART II", "Item 7. LIQUIDITY AND CAPITAL RESOURCES", "Signatures"],
      }),
    );
    expect(q).toContain("What does Acme Corp.'s 2022 10-K say about liquidity and capital resources?");
    expect(q.join("\n")).not.toMatch(/say about (risk factors|part ii|signatures)/i);
  });

  it("names keep to a readable length, cut at a word", () => {
    const title = `Our gain in net worth ${"during the year ".repeat(8)}`.trim();
    const name = documentName(doc({ profileTitle: title }));
    expect(name.length).toBeLessThanOrEqual(81);
    expect(name.endsWith("…")).toBe(true);
    const kept = name.slice(0, -1);
    expect(title.startsWith(kept) && title[kept.length]).toBe(" ");
  });

  it("compares two issuers, or one issuer over two years", () => {
    const a = doc({ kind: "10-K annual report", issuer: "Acme Corp.", period: "2022" });
    expect(comparisonQuestion([a, doc({ kind: "10-K annual report", issuer: "Globex Inc.", period: "2022" })])).toBe(
      "Compare Acme Corp. and Globex Inc.: revenue and operating income in 2022",
    );
    expect(comparisonQuestion([a, { ...a, period: "2021" }])).toBe(
      "How did Acme Corp.'s revenue change from 2021 to 2022?",
    );
    expect(comparisonQuestion([a, doc({ kind: "invoice" })])).toBeNull();
  });

  it("documents take turns, the comparison second, no duplicates, at most `count`", () => {
    const a = doc({ kind: "10-K annual report", issuer: "Acme Corp.", period: "2022" });
    const b = doc({ kind: "10-K annual report", issuer: "Globex Inc.", period: "2022" });
    const q = questionsFromDocuments([a, b, a], 4);
    expect(q).toEqual([
      "What was Acme Corp.'s total revenue in fiscal 2022?",
      "What was Globex Inc.'s total revenue in fiscal 2022?",
      "Compare Acme Corp. and Globex Inc.: revenue and operating income in 2022",
      "What are the main risks Acme Corp. describes in its 2022 10-K?",
    ]);
  });
});

describe("the model's answer", () => {
  it("one question per line, list markers and quotes dropped, short lines skipped", () => {
    expect(parseQuestions('1. What is A?\n- "What is B really?"\n\nok\n• What is C, then?', 5)).toEqual([
      "What is A?",
      "What is B really?",
      "What is C, then?",
    ]);
    expect(parseQuestions("1) How did sales change?\n2) How did costs change?\n3) Why?", 1)).toEqual([
      "How did sales change?",
    ]);
  });
});
