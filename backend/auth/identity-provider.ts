/**
 * The seam between the product and whoever keeps passwords and sessions. The built-in provider
 * (better-auth on our own database) is the default; a Firebase adapter can implement the same.
 */
import type { SessionLookup, SessionUser } from "../platform/http/context.ts";

// The request context (platform) declares who a session belongs to; auth provides it.
export type { SessionUser };

export interface SignedIn {
  token: string;
  user: SessionUser;
}

export interface IdentityProvider {
  /** Creates the user with a password credential and a first session. */
  signUp(input: { email: string; password: string; name: string }): Promise<SignedIn>;
  signIn(input: { email: string; password: string; ipAddress?: string; userAgent?: string }): Promise<SignedIn>;
  signOut(token: string): Promise<void>;
  /** The user behind a session token, or null when it is unknown or expired. */
  getSession: SessionLookup;
  findUserByEmail(email: string): Promise<SessionUser | null>;
  findUserById(id: string): Promise<SessionUser | null>;
  setPassword(userId: string, password: string): Promise<void>;
  updateUser(userId: string, data: { email?: string; emailVerified?: boolean; role?: "admin" | "user" }): Promise<void>;
  deleteUser(userId: string): Promise<void>;
  revokeSessions(userId: string): Promise<void>;
  /**
   * Starts a federated sign-in: the provider's authorization URL, and the cookies (OAuth state)
   * the browser must carry back to the callback, which lands on `callbackURL` (or `errorURL`).
   */
  startSocialSignIn(
    provider: "google",
    o: { callbackURL: string; errorURL: string },
  ): Promise<{ url: string; cookies: string[] }>;
}
