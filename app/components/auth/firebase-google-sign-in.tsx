import { useEffect, useRef, useState } from "react";
import { useSubmit } from "react-router";
import { toast } from "sonner";
import type { FirebaseWebConfig } from "../../lib/load-context.ts";
import { Field } from "../ui/field.tsx";
import { useHydrated } from "../ui/use-hydrated.ts";
import { GooglePopupButton } from "./google-button.tsx";
import { TermsCheckbox } from "./terms-checkbox.tsx";
import type { AuthActionData, AuthScreenEnv } from "./types.ts";

/** Spec section 5's texts for a federated sign-up. */
export const CODE_EMPTY = "Please enter a signup code to continue";
export const CODE_INVALID = "Invalid signup code";
export const GOOGLE_FAILED = "Sign-in with Google did not complete. Please try again.";
export const GOOGLE_SIGNUP_FAILED = "Sign-up failed. Please verify your signup code is valid and try again.";
/** The visitor closed the popup (or opened a second one): kept, never shown (spec section 4). */
const SILENT = new Set(["auth/popup-closed-by-user", "auth/cancelled-popup-request"]);

/**
 * Google sign-in with the Firebase web SDK (IDENTITY_PROVIDER=firebase): a popup, or the full-page
 * redirect when the browser refuses popups. Sign-up asks for the terms and, when codes are
 * required, a code the server checks before the popup opens. The ID token then goes to the route
 * action (intent "idToken"), which makes our session; a new user's code is claimed there.
 */
export function FirebaseGoogleSignIn({
  mode,
  env,
  firebase,
  returnTo,
  result,
}: {
  mode: "signin" | "signup";
  env: AuthScreenEnv;
  firebase: FirebaseWebConfig;
  returnTo: string;
  result?: AuthActionData;
}) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const signup = mode === "signup";
  const needCode = signup && env.requireSignupCode;
  const [accepted, setAccepted] = useState(false);
  const [code, setCode] = useState(result?.values.signupCode ?? "");
  const [codeError, setCodeError] = useState<string | undefined>();
  // The server refused the code when the account was to be made (e.g. used up meanwhile).
  useEffect(() => {
    if (result?.federated) setCodeError(result.error.fields.signupCode);
  }, [result]);
  const [busy, setBusy] = useState(false);
  // Spec section 4: the last sign-in error is stored; a closed popup is stored without a toast.
  const lastError = useRef<string | null>(null);

  const finish = (idToken: string, signupCode: string, to: string) =>
    submit({ intent: "idToken", via: "google", mode, idToken, signupCode, returnTo: to }, { method: "post" });

  // Back from the redirect fallback: finish what the popup would have.
  useEffect(() => {
    let live = true;
    void (async () => {
      const { idTokenFromRedirect } = await import("../../lib/firebase-client.ts");
      try {
        const done = await idTokenFromRedirect(firebase);
        if (done && live) await finish(done.idToken, done.pending.signupCode, done.pending.returnTo);
      } catch (err) {
        fail(err);
      }
    })();
    return () => {
      live = false;
    };
    // Once per page load: the redirect's result is read (and cleared) a single time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function fail(err: unknown) {
    void import("../../lib/firebase-client.ts").then(({ firebaseErrorCode }) => {
      const code = firebaseErrorCode(err) ?? "auth/internal-error";
      lastError.current = code;
      if (SILENT.has(code)) return;
      toast.error(needCode ? GOOGLE_SIGNUP_FAILED : GOOGLE_FAILED);
    });
  }

  async function start() {
    if (busy || (signup && !accepted)) return;
    const signupCode = needCode ? code.trim() : "";
    if (needCode && !signupCode) {
      setCodeError(CODE_EMPTY);
      toast.error(CODE_EMPTY);
      return;
    }
    setBusy(true);
    try {
      if (needCode) {
        const refusal = await checkSignupCode(signupCode);
        if (refusal) {
          setCodeError(refusal);
          toast.error(refusal);
          return;
        }
        setCodeError(undefined);
      }
      const { idTokenForGoogle } = await import("../../lib/firebase-client.ts");
      const idToken = await idTokenForGoogle(firebase, { signupCode, returnTo });
      // null: the page is leaving for Google (the redirect fallback).
      if (idToken) await finish(idToken, signupCode, returnTo);
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-3">
      {needCode ? (
        <Field
          label="Signup code"
          name="signupCode"
          autoComplete="off"
          spellCheck={false}
          placeholder="Enter your signup code"
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={codeError}
          hint="Sign-up is by invitation: enter the code you were given."
        />
      ) : null}
      {signup ? <TermsCheckbox checked={accepted} onChange={setAccepted} /> : null}
      <GooglePopupButton
        onClick={() => void start()}
        pending={busy}
        disabled={!hydrated || busy || (signup && !accepted)}
      />
    </div>
  );
}

/** Null when the code can be used, else the message to show (the server's, or spec section 5's). */
async function checkSignupCode(signupCode: string): Promise<string | null> {
  try {
    const res = await fetch("/resources/signup-code/check", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ signupCode }),
    });
    if (res.ok) return null;
    const body = (await res.json().catch(() => null)) as { error?: { message?: string }; message?: string } | null;
    return body?.error?.message ?? body?.message ?? CODE_INVALID;
  } catch {
    return CODE_INVALID;
  }
}
