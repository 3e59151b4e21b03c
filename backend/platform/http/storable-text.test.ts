import { describe, expect, it } from "vitest";
import { AppError } from "../../../contracts/errors.ts";
import { assertStorableText, findUnstorableText, isStorableText } from "./storable-text.ts";

describe("storable text", () => {
  it("refuses NUL and unpaired surrogates, keeps pairs", () => {
    expect(isStorableText("plain text, \u00e9 and \u{1F4C8}")).toBe(true);
    for (const bad of ["a\u0000", "\ud800", "x\ud800y", "\udc00", "\udc00\ud800", "\u{1F4C8}".slice(0, 1)])
      expect(isStorableText(bad), JSON.stringify(bad)).toBe(false);
  });

  it("names the first bad string or key by its dotted path", () => {
    expect(findUnstorableText({ a: "ok", b: [1, "fine", { c: "x\u0000" }] }, "body")).toBe("b.2.c");
    expect(findUnstorableText({ ["k\u0000"]: 1 }, "body")).toBe("k?");
    expect(findUnstorableText("\ud800", "body")).toBe("body");
    expect(findUnstorableText({ a: [null, 1, true, new Date(0)] }, "body")).toBeNull();
  });

  it("walks very deep values without overflowing the stack", () => {
    let deep: unknown = "\u0000";
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findUnstorableText(deep, "body")).toMatch(/^0(\.0)*$/);
  });

  it("throws validation_failed with the field", () => {
    expect(() => assertStorableText({ name: "a\u0000" }, "body")).toThrow(AppError);
    try {
      assertStorableText({ name: "a\u0000" }, "body");
    } catch (err) {
      expect((err as AppError).code).toBe("validation_failed");
      expect(Object.keys((err as AppError).fields!)).toEqual(["name"]);
    }
  });
});
