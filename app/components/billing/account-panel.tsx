import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import type { VerificationStatus } from "../../../contracts/auth.ts";
import type { PublicEnv } from "../../lib/load-context.ts";
import { SignOutButton } from "../layout/sign-out-form.tsx";
import { Button, buttonClass } from "../ui/button.tsx";

export interface AccountView {
  displayName: string | null;
  email: string | null;
  emailVerified: boolean;
  verificationStatus: VerificationStatus;
  showVerification: boolean;
}

type Env = Pick<PublicEnv, "supportEmail" | "supportUrl" | "communityChatUrl" | "accountDeletionUrl">;

/** Where 'Request account deletion' goes: its own form, else the support form, else an email. */
export function accountDeletionHref(env: Env): string {
  return (
    env.accountDeletionUrl ??
    env.supportUrl ??
    `mailto:${env.supportEmail}?subject=${encodeURIComponent("Account deletion request")}`
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      <div className="mt-3 text-sm text-slate-700">{children}</div>
    </section>
  );
}

/** Spec section 2's Account panel. */
export function AccountPanel({ account, env }: { account: AccountView; env: Env }) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "resend-verification";
  const external = { target: "_blank", rel: "noopener noreferrer" } as const;
  return (
    <div className="mt-6 space-y-6">
      <Card title="Signed in as">
        {account.displayName && <p className="font-medium text-slate-900">{account.displayName}</p>}
        {account.email && <p className="break-all text-slate-600">{account.email}</p>}
        <div className="mt-4">
          <SignOutButton className={buttonClass("secondary")}>Sign Out</SignOutButton>
        </div>
      </Card>
      {account.showVerification && (
        <Card title="Email verification">
          {account.emailVerified ? (
            <p data-testid="email-verified">Your email address is verified.</p>
          ) : (
            <>
              <p data-testid="email-unverified">
                {account.verificationStatus === "suspended"
                  ? "Your email address is not verified, and your access is limited until you verify it."
                  : "Your email address is not verified yet. Please check your inbox for the verification link."}
              </p>
              <Form method="post" className="mt-4">
                <input type="hidden" name="intent" value="resend-verification" />
                <Button variant="secondary" pending={sending} disabled={sending}>
                  {sending ? "Sending..." : "Resend verification email"}
                </Button>
              </Form>
            </>
          )}
        </Card>
      )}
      <Card title="Support">
        <p>Questions about your account, billing or the product? We&apos;re here to help.</p>
        <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center">
          <a href={env.supportUrl ?? `mailto:${env.supportEmail}`} className={buttonClass("primary")} {...external}>
            Contact Us
          </a>
          <a href={`mailto:${env.supportEmail}`} className="text-brand-700 underline underline-offset-2">
            {env.supportEmail}
          </a>
        </div>
        {env.communityChatUrl && (
          <a href={env.communityChatUrl} className={buttonClass("secondary", "mt-4")} {...external}>
            Join our community chat
          </a>
        )}
      </Card>
      <Card title="Delete account">
        <p>Deleting your account removes your workspaces, files and threads. We handle each request by hand.</p>
        <a href={accountDeletionHref(env)} className={buttonClass("danger", "mt-4")} {...external}>
          Request account deletion
        </a>
      </Card>
    </div>
  );
}
