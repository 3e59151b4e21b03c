import { describe, expect, it } from "vitest";
import { signGrant, verifyGrant, type BlobGrant } from "./signed-url.ts";

const SECRET = "s3cret-for-tests";
const NOW = Date.parse("2026-01-01T00:00:00Z");
const grant: BlobGrant = {
  op: "put",
  key: "files/ab/abcdef",
  exp: NOW / 1000 + 60,
  maxBytes: 10,
  contentType: "text/csv",
};

describe("signed blob grants", () => {
  it("round-trips a valid grant", () => {
    expect(verifyGrant(SECRET, signGrant(SECRET, grant), NOW)).toEqual({ ok: true, grant });
  });

  it("is valid until its expiry second, then expired", () => {
    const token = signGrant(SECRET, grant);
    expect(verifyGrant(SECRET, token, grant.exp * 1000).ok).toBe(true);
    expect(verifyGrant(SECRET, token, grant.exp * 1000 + 1)).toEqual({ ok: false, reason: "expired" });
  });

  it("refuses another secret, a changed payload, a changed signature", () => {
    const token = signGrant(SECRET, grant);
    expect(verifyGrant("other-secret", token, NOW)).toEqual({ ok: false, reason: "invalid" });
    const [payload, sig] = token.split(".") as [string, string];
    const bigger = Buffer.from(JSON.stringify({ ...grant, maxBytes: 10 ** 9 })).toString("base64url");
    expect(verifyGrant(SECRET, `${bigger}.${sig}`, NOW)).toEqual({ ok: false, reason: "invalid" });
    const asGet = Buffer.from(JSON.stringify({ ...grant, op: "get" })).toString("base64url");
    expect(verifyGrant(SECRET, `${asGet}.${sig}`, NOW)).toEqual({ ok: false, reason: "invalid" });
    const flipped = sig.slice(0, 3) + (sig[3] === "A" ? "B" : "A") + sig.slice(4);
    expect(verifyGrant(SECRET, `${payload}.${flipped}`, NOW)).toEqual({ ok: false, reason: "invalid" });
  });

  it.each(["", ".", "abc", "a.b.c", `${"x".repeat(20)}.`, "..."])("refuses the malformed token %j", (t) => {
    expect(verifyGrant(SECRET, t, NOW)).toEqual({ ok: false, reason: "invalid" });
  });

  it("an expired grant is only reported as expired when the signature is good", () => {
    const old = signGrant(SECRET, { ...grant, exp: NOW / 1000 - 1 });
    expect(verifyGrant(SECRET, old, NOW)).toEqual({ ok: false, reason: "expired" });
    expect(verifyGrant("other-secret", old, NOW)).toEqual({ ok: false, reason: "invalid" });
  });

  it("tokens are URL-safe", () => {
    expect(signGrant(SECRET, { ...grant, filename: "Ventes été / Q3?.csv" })).toMatch(
      /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/,
    );
  });
});
