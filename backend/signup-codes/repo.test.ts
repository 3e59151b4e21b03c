import { describe, expect, it } from "vitest";
import { generateCode, normalizeCode } from "./repo.ts";

describe("generateCode", () => {
  it("makes XXXX-XXXX-XXXX codes without look-alike characters", () => {
    for (let i = 0; i < 200; i++) {
      const code = generateCode();
      expect(code).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
      expect(code).not.toMatch(/[01ILO]/);
    }
  });

  it("does not repeat itself", () => {
    const codes = new Set(Array.from({ length: 1000 }, generateCode));
    expect(codes.size).toBe(1000);
  });
});

describe("normalizeCode", () => {
  it("trims and upper-cases what a user typed", () => {
    expect(normalizeCode("  abcd-efgh-jkmn \n")).toBe("ABCD-EFGH-JKMN");
  });
});
