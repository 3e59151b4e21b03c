import { useEffect, useRef, useState, type FormEvent } from "react";
import { Form, Link, useNavigate, useNavigation, useSubmit } from "react-router";
import { toast } from "sonner";
import { Button } from "../ui/button.tsx";
import { Field } from "../ui/field.tsx";
import { useHydrated } from "../ui/use-hydrated.ts";
import { AuthErrorAlert, fieldError } from "./auth-error-alert.tsx";
import { TermsCheckbox } from "./terms-checkbox.tsx";
import { authHref, type AuthActionData, type AuthScreenEnv, type SignUpCustomToken } from "./types.ts";

/** The email + password form of /login and /signup; posts to the route's action. */
export function CredentialsForm({
  mode,
  env,
  returnTo,
  result,
  signedUp,
}: {
  mode: "signin" | "signup";
  env: AuthScreenEnv;
  returnTo: string;
  result?: AuthActionData;
  signedUp?: SignUpCustomToken;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === mode;
  const [accepted, setAccepted] = useState(result?.values.acceptTerms ?? false);
  const error = result?.intent === mode ? result.error : undefined;
  const signup = mode === "signup";
  const submit = useSubmit();
  const [webSdkPending, setWebSdkPending] = useState(false);

  const navigate = useNavigate();
  const firebase = env.firebase;

  // With Firebase, sign-in runs in the web SDK and the server exchanges its ID token. Anything but
  // success goes to the server's own sign-in instead, which words the error the same way for
  // both paths and counts the failure against the throttles. Sign-up goes to the server, which
  // claims the code and makes the account, and answers with a custom token (the effect below).
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    if (!firebase) return;
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    if (signup) {
      form.set("webSdk", "1");
      await submit(form, { method: "post" });
      return;
    }
    setWebSdkPending(true);
    try {
      const { idTokenForPassword } = await import("../../lib/firebase-client.ts");
      const idToken = await idTokenForPassword(firebase, String(form.get("email")), String(form.get("password")));
      await submit({ intent: "idToken", idToken, returnTo }, { method: "post" });
    } catch {
      await submit(form, { method: "post" });
    } finally {
      setWebSdkPending(false);
    }
  };

  // Sign-up's custom token: signed in with the web SDK, its ID token becomes our session.
  const usedToken = useRef<SignUpCustomToken | null>(null);
  useEffect(() => {
    // Once per answer: a custom token signs in a single time.
    if (!firebase || !signedUp || usedToken.current === signedUp) return;
    usedToken.current = signedUp;
    setWebSdkPending(true);
    void (async () => {
      try {
        const { idTokenForCustomToken } = await import("../../lib/firebase-client.ts");
        const idToken = await idTokenForCustomToken(firebase, signedUp.customToken);
        await submit({ intent: "idToken", mode: "signup", idToken, returnTo: signedUp.returnTo }, { method: "post" });
      } catch {
        // The account exists; only this sign-in failed.
        toast.error("Your account was created, but signing in failed. Please sign in.");
        await navigate(authHref("/login", signedUp.returnTo));
      } finally {
        setWebSdkPending(false);
      }
    })();
  }, [firebase, signedUp, submit, navigate]);
  const busy = pending || webSdkPending;

  return (
    <Form
      method="post"
      className="space-y-5"
      aria-describedby={error ? "auth-error" : undefined}
      onSubmit={(e) => void onSubmit(e)}
    >
      <input type="hidden" name="intent" value={mode} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <div id="auth-error" aria-live="assertive">
        {error ? <AuthErrorAlert error={error} mode={mode} returnTo={returnTo} /> : null}
      </div>
      <Field
        label="Email"
        name="email"
        type="email"
        required
        autoComplete="email"
        autoFocus={!result}
        defaultValue={result?.values.email}
        error={fieldError(error, "email", mode)}
      />
      <Field
        label="Password"
        name="password"
        type="password"
        required
        minLength={signup ? 6 : undefined}
        autoComplete={signup ? "new-password" : "current-password"}
        error={fieldError(error, "password", mode)}
        hint={signup ? "At least 6 characters." : undefined}
        labelAside={
          signup ? null : (
            <Link
              to={authHref("/login", returnTo, { mode: "reset" })}
              className="text-sm font-medium text-brand-600 hover:text-brand-700"
            >
              Forgot password?
            </Link>
          )
        }
      />
      {signup && env.requireSignupCode ? (
        <Field
          label="Signup code"
          name="signupCode"
          required
          autoComplete="off"
          spellCheck={false}
          placeholder="Enter your signup code"
          defaultValue={result?.values.signupCode}
          error={fieldError(error, "signupCode", mode)}
          hint={
            error?.fields.signupCode ? (
              <>
                Check that the code is typed exactly as you received it. Need help?{" "}
                <a className="underline" href={`mailto:${env.supportEmail}`}>
                  Contact support
                </a>
                .
              </>
            ) : (
              "Sign-up is by invitation: enter the code you were given."
            )
          }
        />
      ) : null}
      {signup ? (
        <TermsCheckbox
          defaultChecked={result?.values.acceptTerms}
          onChange={setAccepted}
          invalid={Boolean(error?.fields.acceptTerms)}
        />
      ) : null}
      <Button className="w-full" pending={busy} disabled={busy || (signup && hydrated && !accepted)}>
        {signup ? (busy ? "Creating account..." : "Create account") : busy ? "Signing in..." : "Sign in"}
      </Button>
    </Form>
  );
}
