import { Form, Link, useNavigation } from "react-router";
import { Alert } from "../ui/alert.tsx";
import { Button } from "../ui/button.tsx";
import { Field } from "../ui/field.tsx";
import { authHref, type AuthActionData } from "./types.ts";

/** The 'Forgot password?' view: asks for an email, answers the same whether or not it exists. */
export function PasswordResetRequest({
  returnTo,
  sent,
  result,
}: {
  returnTo: string;
  sent: boolean;
  result?: AuthActionData;
}) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "reset";
  const error = result?.intent === "reset" ? result.error : undefined;
  return (
    <>
      {sent ? (
        <Alert tone="success" title="Check your email">
          If an account exists for that address, we have sent a password reset email. It can take a minute to arrive;
          please check your spam folder too.
        </Alert>
      ) : null}
      <Form method="post" className="space-y-5">
        <input type="hidden" name="intent" value="reset" />
        <input type="hidden" name="returnTo" value={returnTo} />
        <div aria-live="assertive">{error ? <Alert tone="error" title={error.message} /> : null}</div>
        <Field
          label="Email"
          name="email"
          type="email"
          required
          autoComplete="email"
          autoFocus
          defaultValue={result?.values.email}
          error={error?.fields.email !== error?.message ? error?.fields.email : undefined}
        />
        <Button className="w-full" pending={pending} disabled={pending}>
          {pending ? "Sending..." : "Reset Password"}
        </Button>
      </Form>
      <p className="text-center text-sm">
        <Link to={authHref("/login", returnTo)} className="font-medium text-brand-600 hover:text-brand-700">
          Back to sign in
        </Link>
      </p>
    </>
  );
}
