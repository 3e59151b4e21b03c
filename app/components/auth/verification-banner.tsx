import { Form, useNavigation } from "react-router";
import type { VerificationStatus } from "../../../contracts/auth.ts";
import { Button } from "../ui/button.tsx";

/** Spec section 4: pending accounts are nudged, suspended ones are told access is limited. */
export function VerificationBanner({ status, email }: { status: VerificationStatus; email: string | null }) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "resend-verification";
  if (status !== "pending" && status !== "suspended") return null;
  const suspended = status === "suspended";
  return (
    <section
      aria-label="Email verification"
      className={`rounded-xl border px-4 py-4 sm:flex sm:items-center sm:justify-between sm:gap-6 sm:px-5 ${
        suspended ? "border-red-200 bg-red-50 text-red-900" : "border-amber-200 bg-amber-50 text-amber-900"
      }`}
    >
      <div className="text-sm">
        <p className="font-semibold">
          {suspended ? "Your access is limited until you verify your email" : "Please verify your email address"}
        </p>
        <p className="mt-1">
          {suspended
            ? `We couldn't confirm ${email ?? "your email address"} in time. Verify it to restore full access to your workspaces.`
            : `We sent a verification link to ${email ?? "your email address"}. Please verify your email within 24 hours to keep full access.`}
        </p>
      </div>
      <Form method="post" className="mt-3 shrink-0 sm:mt-0">
        <input type="hidden" name="intent" value="resend-verification" />
        <Button variant={suspended ? "primary" : "secondary"} pending={pending} disabled={pending}>
          {pending ? "Sending..." : "Resend verification email"}
        </Button>
      </Form>
    </section>
  );
}
