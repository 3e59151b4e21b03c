import { describe, expect, it } from "vitest";
import { TextDiffError, textDiff } from "./text-diff.ts";

describe("textDiff", () => {
  it("numbers added, removed and unchanged lines on both sides", () => {
    const before = ["alpha", "beta", "gamma", "delta", "epsilon"].join("\n");
    const after = ["alpha", "beta", "GAMMA", "delta", "epsilon", "zeta"].join("\n");
    const diff = textDiff(before, after, { context: 1 });
    expect(diff).toMatchObject({ added: 2, removed: 1, identical: false });
    const lines = diff.hunks.flatMap((h) => h.lines);
    expect(lines.filter((l) => l.type === "removed")).toEqual([{ type: "removed", oldLine: 3, text: "gamma" }]);
    expect(lines.filter((l) => l.type === "added")).toEqual([
      { type: "added", newLine: 3, text: "GAMMA" },
      { type: "added", newLine: 6, text: "zeta" },
    ]);
    expect(lines.find((l) => l.text === "delta")).toEqual({ type: "unchanged", oldLine: 4, newLine: 4, text: "delta" });
    // With one line of context nothing before "beta" is shown.
    expect(lines[0]).toEqual({ type: "unchanged", oldLine: 2, newLine: 2, text: "beta" });
  });

  it("keeps distant changes in separate hunks, and whole texts in one with infinite context", () => {
    const before = Array.from({ length: 40 }, (_, i) => `line ${i + 1}`);
    const after = [...before];
    after[1] = "changed 2";
    after[35] = "changed 36";
    expect(textDiff(before.join("\n"), after.join("\n")).hunks).toHaveLength(2);
    const whole = textDiff(before.join("\n"), after.join("\n"), { context: Infinity });
    expect(whole.hunks).toHaveLength(1);
    expect(whole.hunks[0].lines.filter((l) => l.type !== "added")).toHaveLength(40);
  });

  it("calls identical texts identical, whatever their line ends", () => {
    expect(textDiff("a\r\nb\r\n", "a\nb\n")).toEqual({ hunks: [], added: 0, removed: 0, identical: true });
  });

  it("refuses texts over the limit with a stable code", () => {
    expect(() => textDiff("x".repeat(11), "y", { maxChars: 10 })).toThrow(TextDiffError);
    try {
      textDiff("x".repeat(11), "y", { maxChars: 10 });
    } catch (err) {
      expect((err as TextDiffError).code).toBe("diff/too-large");
    }
  });
});
