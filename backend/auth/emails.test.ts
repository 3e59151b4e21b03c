import { describe, expect, it } from "vitest";
import { actionLink, safeContinueUrl } from "./emails.ts";

const PUBLIC = "https://app.example.com";

describe("safeContinueUrl", () => {
  it.each([
    ["/home", "/home"],
    ["/workspaces/1?tab=files#x", "/workspaces/1?tab=files#x"],
    ["https://app.example.com/settings?a=1", "/settings?a=1"],
  ])("keeps the same-site %j as a path", (input, expected) => {
    expect(safeContinueUrl(PUBLIC, input)).toBe(expected);
  });

  it.each([
    "//evil.com",
    "https://evil.com/home",
    "http://app.example.com/home",
    "/\\evil.com",
    "/\t/evil.com",
    "/\n/evil.com",
    "javascript:alert(1)",
    "",
    undefined,
  ])("drops %j", (input) => {
    expect(safeContinueUrl(PUBLIC, input)).toBeUndefined();
  });
});

describe("actionLink", () => {
  it("points at /usermgmt on the public origin with mode, oobCode and a safe continueUrl", () => {
    const link = new URL(actionLink(PUBLIC, "verifyEmail", "c0de+/=", "/home"));
    expect(link.origin).toBe(PUBLIC);
    expect(link.pathname).toBe("/usermgmt");
    expect(link.searchParams.get("mode")).toBe("verifyEmail");
    expect(link.searchParams.get("oobCode")).toBe("c0de+/=");
    expect(link.searchParams.get("continueUrl")).toBe("/home");
    expect(new URL(actionLink(PUBLIC, "resetPassword", "x", "//evil.com")).searchParams.has("continueUrl")).toBe(false);
  });
});
