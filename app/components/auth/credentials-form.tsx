import { useState, type FormEvent } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { Button } from "../ui/button.tsx";
import { Field } from "../ui/field.tsx";
import { useHydrated } from "../ui/use-hydrated.ts";
import { AuthErrorAlert, fieldError } from "./auth-error-alert.tsx";
import { authHref, type AuthActionData, type AuthScreenEnv } from "./types.ts";

/** The email + password form of /login and /signup; posts to the route's action. */
export function CredentialsForm({
  mode,
  env,
  returnTo,
  result,
}: {
  mode: "signin" | "signup";
  env: AuthScreenEnv;
  returnTo: string;
  result?: AuthActionData;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === mode;
  const [accepted, setAccepted] = useState(result?.values.acceptTerms ?? false);
  const error = result?.intent === mode ? result.error : undefined;
  const signup = mode === "signup";
  const submit = useSubmit();
  const [webSdkPending, setWebSdkPending] = useState(false);

  // With Firebase, sign-in runs in the web SDK and the server exchanges its ID token. Anything but
  // success goes to the server's own sign-in instead, which words the error the same way for
  // both paths and counts the failure against the throttles.
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    if (!env.firebase || signup) return;
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setWebSdkPending(true);
    try {
      const { idTokenForPassword } = await import("../../lib/firebase-client.ts");
      const idToken = await idTokenForPassword(env.firebase, String(form.get("email")), String(form.get("password")));
      await submit({ intent: "idToken", idToken, returnTo }, { method: "post" });
    } catch {
      await submit(form, { method: "post" });
    } finally {
      setWebSdkPending(false);
    }
  };
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
        <div className="space-y-1.5">
          <label className="flex items-start gap-2.5 text-sm text-slate-700">
            <input
              type="checkbox"
              name="acceptTerms"
              required
              defaultChecked={result?.values.acceptTerms}
              onChange={(e) => setAccepted(e.currentTarget.checked)}
              aria-invalid={error?.fields.acceptTerms ? true : undefined}
              className="mt-0.5 size-4 rounded border-slate-300 accent-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
            />
            <span>
              I agree to the{" "}
              <a
                href="/terms"
                target="_blank"
                rel="noreferrer"
                className="font-medium text-brand-600 underline-offset-2 hover:underline"
              >
                Terms of Service
              </a>{" "}
              and{" "}
              <a
                href="/privacy"
                target="_blank"
                rel="noreferrer"
                className="font-medium text-brand-600 underline-offset-2 hover:underline"
              >
                Privacy Policy
              </a>
              .
            </span>
          </label>
        </div>
      ) : null}
      <Button className="w-full" pending={busy} disabled={busy || (signup && hydrated && !accepted)}>
        {signup ? (busy ? "Creating account..." : "Create account") : busy ? "Signing in..." : "Sign in"}
      </Button>
    </Form>
  );
}
