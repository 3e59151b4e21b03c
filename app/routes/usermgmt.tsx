import { data, redirect, useActionData, useLoaderData } from "react-router";
import {
  actionMode,
  applyActionCode,
  checkActionCode,
  requestPasswordReset,
  resetPassword,
  type ActionMode,
} from "../../contracts/auth.ts";
import { isAppError } from "../../contracts/errors.ts";
import { AuthShell } from "../components/auth/auth-shell.tsx";
import {
  ActionError,
  ActionStatus,
  ConfirmActionForm,
  RecoveredView,
  VerifiedView,
} from "../components/auth/email-action-views.tsx";
import { authHref } from "../components/auth/types.ts";
import { NewPasswordForm } from "../components/auth/new-password-form.tsx";
import { apiFor, safeReturnTo } from "../lib/session.server.ts";
import type { Route } from "./+types/usermgmt";
import { pageMeta } from "../components/ui/page-meta.ts";

const INVALID_CODE = "Invalid or expired action code.";
const UNKNOWN_MODE =
  "Invalid email action requested. Please check the link you followed or contact support for assistance.";
const BAD_LINK: Record<ActionMode, string> = {
  verifyEmail: "Invalid or expired verification link. Please request a new verification email.",
  resetPassword: "Invalid or expired action code. Please try to reset your password again.",
  recoverEmail: "Invalid or expired action code. Please contact support if you need help.",
};
const TITLES: Record<ActionMode, string> = {
  verifyEmail: "Verify your email",
  resetPassword: "Reset your password",
  recoverEmail: "Restore your email",
};

interface EmailActionPage {
  productName: string;
  mode: ActionMode | null;
  oobCode: string;
  continueUrl: string;
  /** Set when the link cannot be used; otherwise the address the code belongs to is in email. */
  error: string | null;
  email: string;
}

export async function loader({ request, context }: Route.LoaderArgs): Promise<EmailActionPage> {
  const url = new URL(request.url);
  const parsed = actionMode.safeParse(url.searchParams.get("mode"));
  const page: EmailActionPage = {
    productName: context.publicEnv.productName,
    mode: parsed.success ? parsed.data : null,
    oobCode: url.searchParams.get("oobCode") ?? "",
    continueUrl: safeReturnTo(url.searchParams.get("continueUrl"), ""),
    error: null,
    email: "",
  };
  if (!page.mode) return { ...page, error: UNKNOWN_MODE };
  if (!page.oobCode) return { ...page, error: INVALID_CODE };
  try {
    // Only a check: the POST uses the code, so a mail scanner fetching the link changes nothing.
    const info = await (await apiFor(request, context)).call(checkActionCode, { body: { oobCode: page.oobCode } });
    return info.mode === page.mode ? { ...page, email: info.email } : { ...page, error: BAD_LINK[page.mode] };
  } catch (err) {
    if (isAppError(err) && err.status < 500) return { ...page, error: BAD_LINK[page.mode] };
    throw err;
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? "");
  const oobCode = text("oobCode");
  const api = await apiFor(request, context);
  const notice = (kind: "success" | "error", message: string) => ({ id: crypto.randomUUID(), kind, message });
  switch (text("intent")) {
    case "verify":
    case "recover": {
      const mode = text("intent") === "verify" ? "verifyEmail" : "recoverEmail";
      try {
        const info = await api.call(applyActionCode, { body: { oobCode } });
        return { done: mode, email: info.email } as const;
      } catch (err) {
        if (!isAppError(err) || err.status >= 500) throw err;
        return data({ error: err.code === "conflict" ? err.message : BAD_LINK[mode] } as const, { status: 400 });
      }
    }
    case "send-reset": {
      const email = text("email");
      try {
        await api.call(requestPasswordReset, { body: { email } });
        return { done: "recoverEmail", email, notice: notice("success", "Password reset email sent!") } as const;
      } catch {
        return {
          done: "recoverEmail",
          email,
          notice: notice("error", "Failed to send password reset email. Please try again later."),
        } as const;
      }
    }
    case "reset": {
      try {
        await api.call(resetPassword, { body: { oobCode, newPassword: text("newPassword") } });
      } catch (err) {
        if (!isAppError(err) || err.status >= 500) throw err;
        if (err.code === "auth/weak-password")
          return data({ fieldError: "The password is too weak." } as const, { status: 400 });
        return data(
          { formError: "Error resetting password. The code might have expired or been used already." } as const,
          { status: 400 },
        );
      }
      // Every session was ended, so the next stop is sign-in; continueUrl comes after it.
      return redirect(authHref("/login", safeReturnTo(text("continueUrl"), ""), { notice: "password-reset" }));
    }
    default:
      throw data("Unknown action", { status: 400 });
  }
}

export function meta({ data: d }: Route.MetaArgs) {
  return pageMeta(`${d?.mode ? TITLES[d.mode] : "Email action"} · ${d?.productName ?? ""}`);
}

export default function EmailAction() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const done = result && "done" in result ? result.done : null;
  const title =
    done === "verifyEmail"
      ? "Email verified"
      : done === "recoverEmail"
        ? "Email restored"
        : page.mode
          ? TITLES[page.mode]
          : "Email action";
  return (
    <AuthShell productName={page.productName} title={title}>
      <EmailActionBody page={page} result={result} />
    </AuthShell>
  );
}

function EmailActionBody({
  page,
  result,
}: {
  page: EmailActionPage;
  result: ReturnType<typeof useActionData<typeof action>>;
}) {
  // The action's answer comes first: once a code is used, the loader's fresh check fails.
  if (result && "done" in result) {
    if (result.done === "verifyEmail") return <VerifiedView email={result.email} continueUrl={page.continueUrl} />;
    return (
      <RecoveredView
        email={result.email}
        oobCode={page.oobCode}
        notice={"notice" in result ? result.notice : undefined}
      />
    );
  }
  if (result && "error" in result) return <ActionError message={result.error} />;
  if (result && "formError" in result) return <ActionError message={result.formError} />;
  if (page.error !== null || !page.mode) return <ActionError message={page.error ?? UNKNOWN_MODE} />;
  switch (page.mode) {
    case "verifyEmail":
      return (
        <ActionStatus
          tone="info"
          message={
            <>
              Confirm that <strong className="text-slate-900">{page.email}</strong> is your email address.
            </>
          }
        >
          <ConfirmActionForm
            intent="verify"
            label="Verify my email"
            pendingLabel="Verifying..."
            oobCode={page.oobCode}
          />
        </ActionStatus>
      );
    case "recoverEmail":
      return (
        <ActionStatus
          tone="info"
          message={
            <>
              Restore <strong className="text-slate-900">{page.email}</strong> as the sign-in email of your account.
            </>
          }
        >
          <ConfirmActionForm
            intent="recover"
            label="Restore my email"
            pendingLabel="Restoring..."
            oobCode={page.oobCode}
          />
        </ActionStatus>
      );
    case "resetPassword":
      return (
        <NewPasswordForm
          email={page.email}
          oobCode={page.oobCode}
          continueUrl={page.continueUrl}
          fieldError={result && "fieldError" in result ? result.fieldError : undefined}
        />
      );
  }
}
