import { describe, expect, it } from "vitest";
import type { SessionUser } from "./identity-provider.ts";
import { hasFullAccess, VERIFICATION_GRACE_MS, verificationStatus } from "./verification-status.ts";

const NOW = Date.parse("2026-12-01T12:00:00Z");
const HOUR = 60 * 60 * 1000;

function user(o: Partial<SessionUser> & { ageMs?: number } = {}): SessionUser {
  const { ageMs = 0, ...rest } = o;
  return {
    id: "u1",
    email: "a@example.com",
    name: "",
    emailVerified: false,
    createdAt: new Date(NOW - ageMs),
    lastSignInAt: null,
    role: "user",
    providerIds: ["password"],
    ...rest,
  };
}

describe("verificationStatus", () => {
  it("is unknown without a user", () => {
    expect(verificationStatus(null, NOW)).toBe("unknown");
    expect(hasFullAccess(null, NOW)).toBe(false);
  });

  it("is verified for a verified email at any age", () => {
    expect(verificationStatus(user({ emailVerified: true, ageMs: 1000 * HOUR }), NOW)).toBe("verified");
  });

  it("is verified for a Google account even when the flag is unset", () => {
    expect(verificationStatus(user({ providerIds: ["google.com"], ageMs: 1000 * HOUR }), NOW)).toBe("verified");
  });

  it("is pending up to 72 hours, suspended from then on", () => {
    expect(VERIFICATION_GRACE_MS).toBe(72 * HOUR);
    expect(verificationStatus(user({ ageMs: 0 }), NOW)).toBe("pending");
    expect(verificationStatus(user({ ageMs: 72 * HOUR - 1 }), NOW)).toBe("pending");
    expect(verificationStatus(user({ ageMs: 72 * HOUR }), NOW)).toBe("suspended");
    expect(verificationStatus(user({ ageMs: 73 * HOUR }), NOW)).toBe("suspended");
  });

  it("gives full access to verified and pending only", () => {
    expect(hasFullAccess(user({ emailVerified: true }), NOW)).toBe(true);
    expect(hasFullAccess(user({ ageMs: HOUR }), NOW)).toBe(true);
    expect(hasFullAccess(user({ ageMs: 73 * HOUR }), NOW)).toBe(false);
  });
});
