import type { AuthUser } from "../../contracts/auth.ts";
import type { SessionUser } from "./identity-provider.ts";
import { verificationStatus } from "./verification-status.ts";

export function presentUser(u: SessionUser): AuthUser {
  return {
    uid: u.id,
    displayName: u.name || null,
    email: u.email,
    emailVerified: u.emailVerified,
    providerData: u.providerIds.map((providerId) => ({ providerId })),
    metadata: {
      creationTime: u.createdAt.toUTCString(),
      lastSignInTime: u.lastSignInAt ? u.lastSignInAt.toUTCString() : null,
    },
    isAnonymous: false,
    role: u.role,
    isAdmin: u.role === "admin",
    verificationStatus: verificationStatus(u),
  };
}
