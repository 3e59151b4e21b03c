import { useEffect } from "react";
import { data, Link, redirect, useActionData, useLoaderData } from "react-router";
import { toast } from "sonner";
import { createSession, requestPasswordReset, signIn, signOut, signUp } from "../../contracts/auth.ts";
import { isAppError, type AppError } from "../../contracts/errors.ts";
import { AuthShell } from "../components/auth/auth-shell.tsx";
import { CredentialsForm } from "../components/auth/credentials-form.tsx";
import { GoogleButton, OrDivider } from "../components/auth/google-button.tsx";
import { PasswordResetRequest } from "../components/auth/password-reset-request.tsx";
import { FirebaseGoogleSignIn, GOOGLE_SIGNUP_FAILED } from "../components/auth/firebase-google-sign-in.tsx";
import { authHref, type AuthActionData, type AuthMode, type SignUpCustomToken } from "../components/auth/types.ts";
import { Alert } from "../components/ui/alert.tsx";
import { buttonClass } from "../components/ui/button.tsx";
import { DEMO_PROMPT } from "../components/marketing/demo-timing.ts";
import { createApiClient } from "../lib/api-client.ts";
import { adoptDemoQuery } from "../lib/demo-signup.ts";
import { apiFor, getUser, safeReturnTo, setSessionCookie } from "../lib/session.server.ts";
import type { Route } from "./+types/login";
import { pageMeta } from "../components/ui/page-meta.ts";

const TERMS_REQUIRED = "Please accept the Terms of Service and Privacy Policy to continue.";

function modeOf(url: URL): AuthMode {
  if (url.pathname.replace(/\/$/, "") === "/signup") return "signup";
  return url.searchParams.get("mode") === "reset" ? "reset" : "signin";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getUser(request, context)) throw redirect("/home");
  const url = new URL(request.url);
  const { productName, supportEmail, googleEnabled, requireSignupCode, firebase } = context.publicEnv;
  return {
    mode: modeOf(url),
    returnTo: safeReturnTo(url.searchParams.get("returnTo"), ""),
    emailForm: url.searchParams.get("form") === "email",
    resetSent: url.searchParams.get("sent") === "1",
    passwordChanged: url.searchParams.get("notice") === "password-reset",
    federatedError: federatedErrorMessage(url.searchParams.get("error"), requireSignupCode),
    env: { productName, supportEmail, googleEnabled, requireSignupCode, firebase },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? "");
  const intent: AuthMode = text("intent") === "signup" ? "signup" : text("intent") === "reset" ? "reset" : "signin";
  const explicitReturnTo = safeReturnTo(text("returnTo"), "");
  const values = {
    email: text("email").trim(),
    signupCode: text("signupCode").trim(),
    acceptTerms: form.get("acceptTerms") === "on",
  };
  const fail = (code: string, message: string, fields: Record<string, string> = {}, status = 400) =>
    data<AuthActionData>({ intent, error: { code, message, fields }, values }, { status });

  if (intent === "signup" && !values.acceptTerms)
    return fail("terms-required", TERMS_REQUIRED, { acceptTerms: TERMS_REQUIRED });

  const api = await apiFor(request, context);
  // The web SDK signed in (credentials-form.tsx, firebase-google-sign-in.tsx): its ID token
  // becomes our session; a user new to us brings the signup code Google sign-up asked for.
  if (text("intent") === "idToken") {
    const mode: AuthMode = text("mode") === "signup" ? "signup" : "signin";
    try {
      const result = await api.call(createSession, {
        body: { idToken: text("idToken"), signupCode: values.signupCode || undefined },
      });
      const headers = { "Set-Cookie": await setSessionCookie(request, context, result.token) };
      return redirect(safeReturnTo(explicitReturnTo), { headers });
    } catch (err) {
      if (!isAppError(err) || err.status >= 500) throw err;
      const error = idTokenError(err, mode, context.publicEnv.requireSignupCode);
      const federated = text("via") === "google";
      return data<AuthActionData>({ intent: mode, federated, error, values }, { status: err.status });
    }
  }
  try {
    if (intent === "reset") {
      await api.call(requestPasswordReset, {
        body: { email: values.email, continueUrl: explicitReturnTo || undefined },
      });
      return redirect(authHref("/login", explicitReturnTo, { mode: "reset", sent: "1" }));
    }
    const returnTo = safeReturnTo(explicitReturnTo);
    const password = text("password");
    const result =
      intent === "signup"
        ? await api.call(signUp, {
            body: { email: values.email, password, signupCode: values.signupCode || undefined, continueUrl: returnTo },
          })
        : await api.call(signIn, { body: { email: values.email, password } });
    if (intent === "signup" && text("webSdk") === "1" && result.customToken) {
      // Firebase with JavaScript: the browser signs in with the custom token and posts its ID
      // token back (spec section 7); the session sign-up opened on the server is not needed.
      await createApiClient(context.apiTransport, { token: result.token }).call(signOut);
      return data<SignUpCustomToken>({ customToken: result.customToken, returnTo });
    }
    return redirect(returnTo, { headers: { "Set-Cookie": await setSessionCookie(request, context, result.token) } });
  } catch (err) {
    if (!isAppError(err) || err.status >= 500) throw err;
    // A malformed address is refused by the contract (validation_failed); its field says why.
    const message = err.code === "validation_failed" && err.fields?.email ? err.fields.email : err.message;
    return fail(err.code, message, err.fields, err.status);
  }
}

export function meta({ data: d }: Route.MetaArgs) {
  const product = d?.env.productName ?? "";
  const title = d?.mode === "signup" ? "Sign up" : d?.mode === "reset" ? "Reset password" : "Sign in";
  return pageMeta(`${title} · ${product}`);
}

export default function AuthScreen() {
  const { mode, returnTo, emailForm, resetSent, passwordChanged, federatedError, env } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const result = answer && "error" in answer ? answer : undefined;
  const signedUp = answer && "customToken" in answer ? answer : undefined;

  // A demo Send that went as the plain form (before hydration): its query is kept like the script's.
  useEffect(() => adoptDemoQuery(window.location.search, DEMO_PROMPT), []);

  useEffect(() => {
    if (result?.error) toast.error(result.error.message);
  }, [result]);

  if (mode === "reset") {
    return (
      <AuthShell
        productName={env.productName}
        title="Reset your password"
        subtitle="Enter your email and we'll send you a link to choose a new password."
      >
        <PasswordResetRequest returnTo={returnTo} sent={resetSent} result={result} />
      </AuthShell>
    );
  }

  const signup = mode === "signup";
  // A failed Google sign-up stays on the chooser; a failed email sign-up shows its form.
  const showChooser = signup && env.googleEnabled && !emailForm && (!result || result.federated);
  const google = (m: "signin" | "signup") =>
    env.firebase ? (
      <FirebaseGoogleSignIn mode={m} env={env} firebase={env.firebase} returnTo={returnTo} result={result} />
    ) : (
      <GoogleButton returnTo={returnTo} />
    );
  return (
    <AuthShell
      productName={env.productName}
      title={signup ? `Join ${env.productName} Today` : "Welcome Back"}
      subtitle={
        signup ? "Create your account to start analysing documents." : "Sign in to continue to your workspaces."
      }
      footer={
        <>
          <p>
            {signup ? "Already have an account? " : "Need an account? "}
            <Link
              to={authHref(signup ? "/login" : "/signup", returnTo)}
              className="font-medium text-brand-600 hover:text-brand-700"
            >
              {signup ? "Sign in" : "Sign up"}
            </Link>
          </p>
          <p className="mt-3 text-xs text-slate-500">
            <a href="/privacy" className="hover:underline">
              Privacy Policy
            </a>
            <span aria-hidden="true"> · </span>
            <a href="/terms" className="hover:underline">
              Terms of Service
            </a>
          </p>
        </>
      }
    >
      {passwordChanged ? (
        <Alert tone="success" title="Your password has been changed.">
          Sign in with your new password.
        </Alert>
      ) : null}
      {federatedError ? <Alert tone="error">{federatedError}</Alert> : null}
      {showChooser ? (
        <div className="space-y-3">
          {google("signup")}
          <Link to={authHref("/signup", returnTo, { form: "email" })} className={buttonClass("primary", "w-full")}>
            Continue with Email
          </Link>
        </div>
      ) : (
        <>
          {env.googleEnabled && !signup ? (
            <>
              {google("signin")}
              <OrDivider />
            </>
          ) : null}
          <CredentialsForm
            mode={signup ? "signup" : "signin"}
            env={env}
            returnTo={returnTo}
            result={result}
            signedUp={signedUp}
          />
        </>
      )}
    </AuthShell>
  );
}

/**
 * The web SDK's ID token was refused. Sign-up with a code required: spec section 5's text, with
 * the reason under the code field; otherwise the API's own message.
 */
function idTokenError(err: AppError, mode: AuthMode, requireSignupCode: boolean): AuthActionData["error"] {
  const codeCase = err.code === "auth/invalid-signup-code" || err.code === "auth/signup-code-required";
  if (mode === "signup" && requireSignupCode && codeCase)
    return { code: err.code, message: GOOGLE_SIGNUP_FAILED, fields: { signupCode: err.message } };
  return { code: err.code, message: err.message, fields: err.fields ?? {} };
}

/** Spec section 5: a federated failure about a signup code or permission gets the code message. */
function federatedErrorMessage(error: string | null, requireSignupCode: boolean): string | null {
  if (!error) return null;
  if (
    /signup|sign_up|code|permission|forbidden/i.test(error) ||
    (requireSignupCode && error === "unable_to_create_user")
  ) {
    return "A signup code is required to create a new account. Please sign up with a valid code.";
  }
  return "Sign-in with Google did not complete. Please try again.";
}
