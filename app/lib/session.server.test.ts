import { describe, expect, it } from "vitest";
import { safeReturnTo } from "./session.server.ts";

describe("safeReturnTo", () => {
  it.each(["/home", "/workspaces/42?tab=files#top", "/settings/account"])("keeps the same-site path %s", (path) => {
    expect(safeReturnTo(path)).toBe(path);
  });

  it.each([
    "//evil.com",
    "//evil.com/home",
    "https://evil.com",
    "http://localhost:3000/home",
    "/\\evil.com",
    "\\\\evil.com",
    "javascript:alert(1)",
    "evil.com",
    "",
  ])("refuses %j", (value) => {
    expect(safeReturnTo(value)).toBe("/home");
  });

  // Browsers drop tabs and newlines from URLs, so "/\t/evil.com" would become "//evil.com".
  it.each(["/\t/evil.com", "/\n/evil.com"])("refuses %j", (value) => {
    expect(safeReturnTo(value)).toBe("/home");
  });

  it("falls back for non-strings and uses the given fallback", () => {
    expect(safeReturnTo(null)).toBe("/home");
    expect(safeReturnTo(undefined)).toBe("/home");
    expect(safeReturnTo(new File(["x"], "x.txt"))).toBe("/home");
    expect(safeReturnTo("//evil.com", "/login")).toBe("/login");
  });
});
