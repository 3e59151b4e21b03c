import { AppError } from "../../contracts/errors.ts";
import { INVALID_ACTION_CODE } from "./action-codes.ts";
import { TOO_MANY_ATTEMPTS } from "./attempt-limiter.ts";
import { IdentityToolkitError } from "./firebase-rest.ts";

/** The texts the built-in provider and the sign-in screen already use (spec section 8). */
const WEAK_PASSWORD_MESSAGE = "The password is too weak. Please choose a stronger password with at least 6 characters.";
const BADLY_FORMATTED = "The email address is badly formatted.";
const EMAIL_IN_USE = "This email is already registered.";
const SIGN_IN_AGAIN = "Your sign-in has expired. Please sign in again.";
export const USER_DISABLED = "This account has been disabled. Please contact support.";

/** The Admin SDK's errors carry `code` "auth/..." (FirebaseAuthError); network ones "app/...". */
export function firebaseCode(err: unknown): string | null {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" && /^(auth|app)\//.test(code) ? code : null;
}

const byCode: Record<string, () => AppError> = {
  // Admin SDK (firebase-admin/auth)
  "auth/email-already-exists": () => new AppError("auth/email-already-in-use", EMAIL_IN_USE, { email: EMAIL_IN_USE }),
  "auth/invalid-email": () => new AppError("auth/invalid-email", BADLY_FORMATTED, { email: BADLY_FORMATTED }),
  "auth/invalid-password": () =>
    new AppError("auth/weak-password", WEAK_PASSWORD_MESSAGE, { password: WEAK_PASSWORD_MESSAGE }),
  "auth/user-not-found": () => new AppError("auth/user-not-found", "There is no account with this email."),
  "auth/user-disabled": () => new AppError("auth/user-disabled", USER_DISABLED),
  "auth/too-many-requests": () => new AppError("auth/too-many-requests", TOO_MANY_ATTEMPTS),
  // An ID token the browser sent (POST /auth/session) that is no good any more, or never was.
  "auth/argument-error": () => new AppError("unauthenticated", SIGN_IN_AGAIN),
  "auth/invalid-id-token": () => new AppError("unauthenticated", SIGN_IN_AGAIN),
  "auth/id-token-expired": () => new AppError("unauthenticated", SIGN_IN_AGAIN),
  "auth/id-token-revoked": () => new AppError("unauthenticated", SIGN_IN_AGAIN),
  "auth/invalid-action-code": () => new AppError("auth/invalid-action-code", INVALID_ACTION_CODE),
  // Identity Toolkit REST (the web SDK's own endpoints)
  INVALID_LOGIN_CREDENTIALS: () => new AppError("auth/invalid-credential", "Incorrect email or password."),
  INVALID_PASSWORD: () => new AppError("auth/invalid-credential", "Incorrect email or password."),
  // Reported as a wrong password too: the answer must not say whether an account exists.
  EMAIL_NOT_FOUND: () => new AppError("auth/invalid-credential", "Incorrect email or password."),
  USER_DISABLED: () => new AppError("auth/user-disabled", USER_DISABLED),
  TOO_MANY_ATTEMPTS_TRY_LATER: () => new AppError("auth/too-many-requests", TOO_MANY_ATTEMPTS),
  INVALID_EMAIL: () => new AppError("auth/invalid-email", BADLY_FORMATTED, { email: BADLY_FORMATTED }),
  EMAIL_EXISTS: () => new AppError("auth/email-already-in-use", EMAIL_IN_USE, { email: EMAIL_IN_USE }),
  WEAK_PASSWORD: () => new AppError("auth/weak-password", WEAK_PASSWORD_MESSAGE, { password: WEAK_PASSWORD_MESSAGE }),
  INVALID_OOB_CODE: () => new AppError("auth/invalid-action-code", INVALID_ACTION_CODE),
  EXPIRED_OOB_CODE: () => new AppError("auth/invalid-action-code", INVALID_ACTION_CODE),
  MISSING_OOB_CODE: () => new AppError("auth/invalid-action-code", INVALID_ACTION_CODE),
};

/**
 * A Firebase error as the AppError the UI already shows. One Firebase did not explain (it is down,
 * the project is misconfigured) is a failure upstream: 502, with the cause kept for the log.
 */
export function fromFirebase(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const code = err instanceof IdentityToolkitError ? err.reason : firebaseCode(err);
  if (code === null) return err;
  const mapped = byCode[code]?.();
  if (mapped) return mapped;
  const upstream = new AppError("bad_gateway", "The sign-in service is unavailable. Please try again later.");
  (upstream as Error).cause = err;
  return upstream;
}
