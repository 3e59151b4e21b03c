import { Link } from "react-router";
import { Alert } from "../ui/alert.tsx";
import { authHref, type AuthFormError, type AuthMode } from "./types.ts";

/** Sign-in failures that suggest the visitor has no account yet (spec section 8). */
const NO_ACCOUNT = new Set(["auth/invalid-credential", "auth/user-not-found", "auth/invalid-email"]);
const CODE_CASES = new Set(["auth/signup-code-required"]);
/** Errors shown under the signup-code field rather than at the top. */
export const CODE_FIELD_ERRORS = new Set(["auth/invalid-signup-code", "auth/signup-code-validation-error"]);

export function AuthErrorAlert({ error, mode, returnTo }: { error: AuthFormError; mode: AuthMode; returnTo: string }) {
  if (mode === "signup" && CODE_FIELD_ERRORS.has(error.code)) return null;

  if (mode === "signin" && (NO_ACCOUNT.has(error.code) || CODE_CASES.has(error.code))) {
    return (
      <Alert tone="error" title={error.message}>
        <p>
          {CODE_CASES.has(error.code)
            ? "It looks like you're trying to create a new account."
            : "Don't have an account yet?"}{" "}
          <Link to={authHref("/signup", returnTo)} className="font-medium underline underline-offset-2">
            Sign up for a new account
          </Link>
        </p>
      </Alert>
    );
  }

  if (mode === "signup" && error.code === "auth/email-already-in-use") {
    return (
      <Alert tone="error" title="This email is already registered.">
        <p>
          <Link to={authHref("/login", returnTo)} className="font-medium underline underline-offset-2">
            Sign in instead
          </Link>
        </p>
      </Alert>
    );
  }

  return <Alert tone="error" title={error.message} />;
}

/** Field errors, minus the ones that only repeat the alert above. */
export function fieldError(error: AuthFormError | undefined, name: string, mode: AuthMode): string | undefined {
  const msg = error?.fields[name];
  if (!error || !msg) return undefined;
  if (msg === error.message && !(mode === "signup" && CODE_FIELD_ERRORS.has(error.code))) return undefined;
  return msg;
}
