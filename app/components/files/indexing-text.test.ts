import { describe, expect, it } from "vitest";
import { formatTimeLeft } from "../../lib/format.ts";
import { indexingSummary, settledSummary, type IndexingStatus } from "./indexing-text.ts";

const base: IndexingStatus = {
  state: "indexing",
  files_total: 12,
  files_done: 3,
  files_failed: 0,
  pages_total: 5880,
  pages_done: 1204,
  eta_seconds: 130,
  failures: [],
};

describe("indexing text", () => {
  it("says how far indexing got, with pages and time left when known", () => {
    expect(indexingSummary(base)).toBe("Indexing 3 of 12 files · 1,204 of 5,880 pages · about 2 min left");
    expect(indexingSummary({ ...base, files_failed: 1, pages_total: 0, pages_done: 0, eta_seconds: null })).toBe(
      "Indexing 4 of 12 files · 1 failed",
    );
    expect(
      indexingSummary({ ...base, files_total: 1, files_done: 0, pages_done: 40, pages_total: 40, eta_seconds: 5 }),
    ).toBe("Indexing 0 of 1 file · 40 pages indexed · less than a minute left");
  });

  it("is quiet once settled, and names failures", () => {
    const idle = { ...base, state: "idle" as const, eta_seconds: null };
    expect(settledSummary({ ...idle, files_done: 12 })).toBe("All 12 files indexed");
    expect(settledSummary({ ...idle, files_total: 1, files_done: 1 })).toBe("1 file indexed");
    expect(settledSummary({ ...idle, files_done: 10, files_failed: 2 })).toBe("10 of 12 files indexed · 2 failed");
    expect(settledSummary({ ...idle, files_total: 0, files_done: 0 })).toBeNull();
  });

  it("rounds time left to minutes, then hours", () => {
    expect(formatTimeLeft(0)).toBe("less than a minute left");
    expect(formatTimeLeft(59)).toBe("less than a minute left");
    expect(formatTimeLeft(89)).toBe("about 1 min left");
    expect(formatTimeLeft(3569)).toBe("about 59 min left");
    expect(formatTimeLeft(3599)).toBe("about 1 h left");
    expect(formatTimeLeft(3600)).toBe("about 1 h left");
    expect(formatTimeLeft(3900)).toBe("about 1 h 5 min left");
  });
});
