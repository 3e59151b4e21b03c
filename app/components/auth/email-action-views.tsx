import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button, buttonClass } from "../ui/button.tsx";
import { FlashNotice, type Notice } from "../ui/flash-notice.tsx";

function StatusIcon({ tone }: { tone: "success" | "error" | "info" }) {
  const styles = {
    success: "bg-emerald-50 text-emerald-600",
    error: "bg-red-50 text-red-600",
    info: "bg-brand-50 text-brand-600",
  }[tone];
  const path = {
    success: "M5 12.5l4.5 4.5L19 7.5",
    error: "M12 8v5m0 3.5v.01M10.3 3.9 2.4 17.6A2 2 0 0 0 4.1 20.6h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z",
    info: "M4 6h16v12H4zM4 7l8 6 8-6",
  }[tone];
  return (
    <span aria-hidden="true" className={`mx-auto grid size-12 place-items-center rounded-full ${styles}`}>
      <svg
        viewBox="0 0 24 24"
        className="size-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={path} />
      </svg>
    </span>
  );
}

/** The body of a /usermgmt card: icon, message, then actions. */
export function ActionStatus({
  tone,
  message,
  children,
}: {
  tone: "success" | "error" | "info";
  message: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="space-y-5 text-center" data-status={tone === "info" ? "ready" : tone}>
      <StatusIcon tone={tone} />
      <div role={tone === "error" ? "alert" : "status"} className="text-sm text-slate-600">
        {message}
      </div>
      {children ? <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">{children}</div> : null}
    </div>
  );
}

export function ActionError({ message }: { message: string }) {
  return (
    <ActionStatus tone="error" message={message}>
      <Link to="/login" className={buttonClass("primary", "sm:min-w-40")}>
        Return to Sign In
      </Link>
    </ActionStatus>
  );
}

/** A one-button form; the link in the email only shows it, so a mail scanner's GET changes nothing. */
export function ConfirmActionForm({
  intent,
  label,
  pendingLabel,
  oobCode,
  continueUrl,
  email,
}: {
  intent: string;
  label: string;
  pendingLabel: string;
  oobCode: string;
  continueUrl?: string;
  email?: string;
}) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="oobCode" value={oobCode} />
      {continueUrl ? <input type="hidden" name="continueUrl" value={continueUrl} /> : null}
      {email ? <input type="hidden" name="email" value={email} /> : null}
      <Button className="w-full sm:min-w-48" pending={pending} disabled={pending}>
        {pending ? pendingLabel : label}
      </Button>
    </Form>
  );
}

export function VerifiedView({ email, continueUrl }: { email: string; continueUrl: string }) {
  return (
    <ActionStatus
      tone="success"
      message={
        <>
          Your email address <strong className="text-slate-900">{email}</strong> has been verified. You now have full
          access.
        </>
      }
    >
      {continueUrl ? (
        <Link to={continueUrl} className={buttonClass("primary", "sm:min-w-40")}>
          Return to App
        </Link>
      ) : (
        <Link to="/home" className={buttonClass("primary", "sm:min-w-40")}>
          Go to Pods
        </Link>
      )}
    </ActionStatus>
  );
}

export function RecoveredView({ email, oobCode, notice }: { email: string; oobCode: string; notice?: Notice }) {
  return (
    <ActionStatus
      tone="success"
      message={
        <>
          Your sign-in email has been restored to <strong className="text-slate-900">{email}</strong>. If you didn't
          change it yourself, reset your password now.
        </>
      }
    >
      <div className="w-full space-y-3">
        {notice ? <FlashNotice key={notice.id} notice={notice} className="text-left" /> : null}
        <ConfirmActionForm
          intent="send-reset"
          label="Send password reset email"
          pendingLabel="Sending..."
          oobCode={oobCode}
          email={email}
        />
        <Link to="/login" className={buttonClass("secondary", "w-full")}>
          Return to Sign In
        </Link>
      </div>
    </ActionStatus>
  );
}
