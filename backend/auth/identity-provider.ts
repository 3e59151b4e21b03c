/**
 * The seam between the product and whoever keeps passwords and sessions. The built-in provider
 * (better-auth on our own database) is the default; Firebase Authentication is the other
 * (firebase-identity.ts, chosen by IDENTITY_PROVIDER).
 */
import type { ActionMode } from "../../contracts/auth.ts";
import type { SessionLookup, SessionUser } from "../platform/http/context.ts";

// The request context (platform) declares who a session belongs to; auth provides it.
export type { SessionUser };

export interface SignedIn {
  token: string;
  user: SessionUser;
  /** Firebase: a custom token the browser's web SDK signs in with (spec section 7). */
  customToken?: string;
}

/** An email-action code (the oobCode of a /usermgmt link) and what it is for. */
export interface ActionCode {
  mode: ActionMode;
  userId: string;
  email: string;
  data: Record<string, string>;
}

/**
 * Email-action codes: who issues them is the provider's business (our action_codes table, or
 * Firebase's generate*Link), our mailer sends them and /usermgmt handles them.
 */
export interface ActionCodes {
  /** A new code; a new resetPassword code makes older ones useless where the provider can. */
  createActionCode(a: ActionCode): Promise<string>;
  /** Reads a code without using it; throws auth/invalid-action-code when unknown, used or expired. */
  checkActionCode(code: string): Promise<ActionCode>;
  /** Uses a verifyEmail or recoverEmail code exactly once (the caller applies its effect too). */
  useActionCode(code: string, modes: ActionMode[]): Promise<ActionCode>;
  /** Uses a resetPassword code to set the new password. */
  confirmPasswordReset(code: string, newPassword: string): Promise<ActionCode>;
}

export interface IdentityProvider extends ActionCodes {
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
  /**
   * Firebase only: a session for an ID token the browser's web SDK got (email/password, Google).
   * A user we have no row for is admitted only through `admitNewUser` when signup codes are
   * required (it claims the code, or throws).
   */
  signInWithIdToken?(idToken: string, o: { admitNewUser?: (email: string) => Promise<void> }): Promise<SignedIn>;
  /** Releases what the provider holds (the Firebase Admin app); the database is the caller's. */
  close?(): Promise<void>;
}
