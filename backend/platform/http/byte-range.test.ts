import { describe, expect, it } from "vitest";
import { contentRange, ifRangeHolds, parseRange } from "./byte-range.ts";

describe("parseRange", () => {
  it("reads a-b, a- and the suffix -n", () => {
    expect(parseRange("bytes=0-99", 1000)).toEqual({ kind: "range", range: { start: 0, end: 99 } });
    expect(parseRange("bytes=900-", 1000)).toEqual({ kind: "range", range: { start: 900, end: 999 } });
    expect(parseRange("bytes=-100", 1000)).toEqual({ kind: "range", range: { start: 900, end: 999 } });
    expect(parseRange("BYTES = 5 - 5", 1000)).toEqual({ kind: "range", range: { start: 5, end: 5 } });
  });

  it("clamps an end past the file and a suffix longer than it", () => {
    expect(parseRange("bytes=990-5000", 1000)).toEqual({ kind: "range", range: { start: 990, end: 999 } });
    expect(parseRange("bytes=-5000", 1000)).toEqual({ kind: "range", range: { start: 0, end: 999 } });
  });

  it("refuses a start past the end, an empty suffix and any range of an empty file", () => {
    expect(parseRange("bytes=1000-", 1000)).toEqual({ kind: "unsatisfiable" });
    expect(parseRange("bytes=1000-2000", 1000)).toEqual({ kind: "unsatisfiable" });
    expect(parseRange("bytes=-0", 1000)).toEqual({ kind: "unsatisfiable" });
    expect(parseRange("bytes=0-", 0)).toEqual({ kind: "unsatisfiable" });
    expect(parseRange("bytes=-10", 0)).toEqual({ kind: "unsatisfiable" });
  });

  it("ignores what it does not serve: no header, other units, several ranges, nonsense", () => {
    for (const h of [
      null,
      undefined,
      "",
      "items=0-1",
      "bytes=0-1,5-9",
      "bytes=-",
      "bytes=5-1",
      "bytes=a-b",
      "bytes=-1-2",
      "bytes 0-1",
    ]) {
      expect(parseRange(h, 1000), String(h)).toEqual({ kind: "none" });
    }
  });
});

describe("contentRange", () => {
  it("names the part and the whole, or only the whole for a 416", () => {
    expect(contentRange(1000, { start: 0, end: 99 })).toBe("bytes 0-99/1000");
    expect(contentRange(1000)).toBe("bytes */1000");
  });
});

describe("ifRangeHolds", () => {
  it("holds without If-Range or with the same strong ETag, not with another or a date", () => {
    expect(ifRangeHolds(null, '"v1"')).toBe(true);
    expect(ifRangeHolds('"v1"', '"v1"')).toBe(true);
    expect(ifRangeHolds('"v0"', '"v1"')).toBe(false);
    expect(ifRangeHolds("Wed, 21 Oct 2015 07:28:00 GMT", '"v1"')).toBe(false);
  });
});
