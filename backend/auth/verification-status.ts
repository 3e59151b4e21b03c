import type { VerificationStatus } from "../../contracts/auth.ts";
import type { SessionUser } from "./identity-provider.ts";

/** Spec section 4: unverified accounts keep full access for 72 hours after creation. */
export const VERIFICATION_GRACE_MS = 72 * 60 * 60 * 1000;

export function verificationStatus(user: SessionUser | null, now = Date.now()): VerificationStatus {
  if (!user) return "unknown";
  if (user.emailVerified || user.providerIds.includes("google.com")) return "verified";
  return now - user.createdAt.getTime() < VERIFICATION_GRACE_MS ? "pending" : "suspended";
}

/** Only verified and pending count as 'email verified' for access. */
export function hasFullAccess(user: SessionUser | null, now = Date.now()): boolean {
  const s = verificationStatus(user, now);
  return s === "verified" || s === "pending";
}
