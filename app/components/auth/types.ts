import type { FirebaseWebConfig } from "../../lib/load-context.ts";

/** Which face the auth screen shows: /login, /signup, or /login?mode=reset. */
export type AuthMode = "signin" | "signup" | "reset";

export interface AuthFormError {
  code: string;
  message: string;
  fields: Record<string, string>;
}

/** What the auth action answers when it does not redirect. */
export interface AuthActionData {
  intent: AuthMode;
  error: AuthFormError;
  values: { email: string; signupCode: string; acceptTerms: boolean };
  /** The failure came from Google sign-in (the Firebase web SDK), not the email form. */
  federated?: boolean;
}

/**
 * Firebase sign-up with JavaScript: the server made the account (signup code claimed) and answers
 * with a custom token; the browser signs in with it and posts the ID token (spec section 7).
 */
export interface SignUpCustomToken {
  customToken: string;
  returnTo: string;
}

export interface AuthScreenEnv {
  /** IDENTITY_PROVIDER=firebase: sign-in runs in the browser's web SDK first. */
  firebase: FirebaseWebConfig | null;
  productName: string;
  supportEmail: string;
  googleEnabled: boolean;
  requireSignupCode: boolean;
}

/** Keeps returnTo on links between the sign-in, sign-up and reset views. */
export function authHref(path: string, returnTo: string, extra: Record<string, string> = {}): string {
  const qs = new URLSearchParams(extra);
  if (returnTo) qs.set("returnTo", returnTo);
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
}
