import { Form, useNavigation } from "react-router";
import { Button } from "../ui/button.tsx";
import { Field } from "../ui/field.tsx";

/** resetPassword mode: choose a new password for the account the code belongs to. */
export function NewPasswordForm({
  email,
  oobCode,
  continueUrl,
  fieldError,
}: {
  email: string;
  oobCode: string;
  continueUrl: string;
  fieldError?: string;
}) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "reset";
  return (
    <Form method="post" className="space-y-5">
      <input type="hidden" name="intent" value="reset" />
      <input type="hidden" name="oobCode" value={oobCode} />
      {continueUrl ? <input type="hidden" name="continueUrl" value={continueUrl} /> : null}
      {/* Lets password managers file the new password under the right account. */}
      <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
      <p className="text-center text-sm text-slate-600">
        Choose a new password for <strong className="text-slate-900">{email}</strong>.
      </p>
      <Field
        label="New password"
        name="newPassword"
        type="password"
        required
        minLength={6}
        autoComplete="new-password"
        autoFocus
        error={fieldError}
        hint="At least 6 characters."
      />
      <Button className="w-full" pending={pending} disabled={pending}>
        {pending ? "Saving..." : "Save new password"}
      </Button>
    </Form>
  );
}
