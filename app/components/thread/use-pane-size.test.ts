import { describe, expect, it } from "vitest";
import { clampSize, readSize, sizeForKey, writeSize } from "./use-pane-size.ts";

const bounds = { min: 200, max: 420 };

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  };
}

describe("clampSize", () => {
  it("keeps a size within its bounds and rounds it", () => {
    expect(clampSize(100, bounds)).toBe(200);
    expect(clampSize(999, bounds)).toBe(420);
    expect(clampSize(300.6, bounds)).toBe(301);
    expect(clampSize(Number.NaN, bounds)).toBe(200);
  });
});

describe("readSize / writeSize", () => {
  it("round-trips a stored size", () => {
    const s = memoryStorage();
    writeSize(s, "pane", 333);
    expect(s.items.get("pane")).toBe("333");
    expect(readSize(s, "pane", 272, bounds)).toBe(333);
  });

  it("falls back when nothing, or nothing numeric, is stored", () => {
    expect(readSize(memoryStorage(), "pane", 272, bounds)).toBe(272);
    expect(readSize(memoryStorage({ pane: "wide" }), "pane", 272, bounds)).toBe(272);
    expect(readSize(memoryStorage({ pane: "" }), "pane", 272, bounds)).toBe(272);
    expect(readSize(null, "pane", 272, bounds)).toBe(272);
  });

  it("clamps a stored size that is out of bounds (bounds changed since it was stored)", () => {
    expect(readSize(memoryStorage({ pane: "50" }), "pane", 272, bounds)).toBe(200);
    expect(readSize(memoryStorage({ pane: "5000" }), "pane", 272, bounds)).toBe(420);
  });

  it("survives a storage that throws", () => {
    const refusing = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("quota");
      },
    };
    expect(readSize(refusing, "pane", 272, bounds)).toBe(272);
    expect(() => writeSize(refusing, "pane", 300)).not.toThrow();
  });
});

describe("sizeForKey", () => {
  it("moves by a step with the arrows, clamped, and to the bounds with Home and End", () => {
    expect(sizeForKey("ArrowRight", 300, 16, bounds)).toBe(316);
    expect(sizeForKey("ArrowLeft", 300, 16, bounds)).toBe(284);
    expect(sizeForKey("ArrowLeft", 205, 16, bounds)).toBe(200);
    expect(sizeForKey("ArrowRight", 410, 16, bounds)).toBe(420);
    expect(sizeForKey("Home", 300, 16, bounds)).toBe(200);
    expect(sizeForKey("End", 300, 16, bounds)).toBe(420);
    expect(sizeForKey("Enter", 300, 16, bounds)).toBeNull();
  });
});
