import { describe, expect, it } from "vitest";
import { LigatureRepair, joinBrokenWords } from "./pdf-words.ts";

const span = (start: number, end: number) => ({ start, end, x: 0, y: 0, w: 1, h: 1 });

describe("LigatureRepair", () => {
  it("reads a NUL ligature from the words the document writes elsewhere", () => {
    const repair = new LigatureRepair();
    repair.learn("Schedule 1. NATIONAL FLAG. Financial statements reflect the year.");
    const page = "The national \0ag is rectangular; it re\0ects the \0nancial year.";
    repair.learn(page);
    expect(repair.repair({ text: page, spans: [] }).text).toBe(
      "The national flag is rectangular; it reflects the financial year.",
    );
  });

  it("moves the spans after each replacement, and widens the span that holds it", () => {
    const repair = new LigatureRepair();
    repair.learn("flag");
    // Runs "The " [0,4), "\0" [4,5), "ag is" [5,10).
    const { text, spans } = repair.repair({ text: "The \0ag is", spans: [span(0, 4), span(4, 5), span(5, 10)] });
    expect(text).toBe("The flag is");
    expect(spans.map((s) => text.slice(s.start, s.end))).toEqual(["The ", "fl", "ag is"]);
  });

  it("falls back to a word's other forms, then to fi; keeps capitals; leaves a NUL with no letters beside it", () => {
    const repair = new LigatureRepair();
    repair.learn("conflicts officers inflation");
    expect(repair.repair({ text: "con\0ict, o\0cer", spans: [] }).text).toBe("conflict, officer");
    expect(repair.repair({ text: "\0nd IN\0ATION", spans: [] }).text).toBe("find INFLATION");
    expect(repair.repair({ text: "a \0 b", spans: [] }).text).toBe("a \0 b");
  });

  it("keeps to linear time on a page of many broken words and spans (a hostile file)", () => {
    const repair = new LigatureRepair();
    const n = 50_000;
    const text = "o\0ce ".repeat(n);
    const spans = Array.from({ length: n }, (_, i) => span(i * 5, i * 5 + 4));
    const started = performance.now();
    const out = repair.repair({ text, spans });
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(out.text.startsWith("office office ")).toBe(true);
    expect(out.text.slice(out.spans[n - 1]!.start, out.spans[n - 1]!.end)).toBe("office");
  });
});

describe("joinBrokenWords", () => {
  it("joins a word a line's end broke, moving the spans; keeps compounds and prefixes that keep their hyphen", () => {
    // Runs "Our applica-" [0,12) and "tions grew" [13,23).
    const page = { text: "Our applica-\ntions grew", spans: [span(0, 12), span(13, 23)] };
    const { text, spans } = joinBrokenWords(page);
    expect(text).toBe("Our applications grew");
    expect(spans.map((s) => text.slice(s.start, s.end))).toEqual(["Our applica", "tions grew"]);
    for (const kept of ["long-\nterm", "mixed-\nsignal", "pre-\ntax", "Polo-\nsukhin", "are-\na", "data-\n\ndriven"])
      expect(joinBrokenWords({ text: kept, spans: [] }).text).toBe(kept);
    expect(joinBrokenWords({ text: "Atten-\ntion and under-\nstanding", spans: [] }).text).toBe(
      "Attention and understanding",
    );
  });
});
