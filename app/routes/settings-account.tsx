import { data, redirect, useLoaderData, useRouteLoaderData } from "react-router";
import { sendVerificationEmail } from "../../contracts/auth.ts";
import { AccountPanel } from "../components/billing/account-panel.tsx";
import { FlashNotice } from "../components/ui/flash-notice.tsx";
import { pageMeta } from "../components/ui/page-meta.ts";
import { field } from "../lib/action.server.ts";
import { readFlash, setFlash } from "../lib/flash.server.ts";
import { apiFor, requireUser } from "../lib/session.server.ts";
import type { loader as rootLoader } from "../root.tsx";
import type { Route } from "./+types/settings-account";

/** Providers that sign in with the email address and a password (better-auth's, Firebase's). */
const EMAIL_PROVIDERS = new Set(["credential", "password"]);

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const { flash, headers } = await readFlash(request, context);
  return data(
    {
      productName: context.publicEnv.productName,
      flash,
      account: {
        displayName: user.displayName,
        email: user.email,
        emailVerified: user.emailVerified,
        verificationStatus: user.verificationStatus,
        // Spec section 2: the verification section only for an email with a password provider.
        showVerification: Boolean(user.email) && user.providerData.some((p) => EMAIL_PROVIDERS.has(p.providerId)),
      },
    },
    { headers },
  );
}

/** Resend the verification email (a plain form: works without JavaScript). */
export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const form = await request.formData();
  if (field(form, "intent") !== "resend-verification") throw data("Unknown action", { status: 400 });
  let ok = true;
  try {
    await (await apiFor(request, context)).call(sendVerificationEmail, { body: { continueUrl: "/account" } });
  } catch (err) {
    console.error("Verification email failed", err);
    ok = false;
  }
  const flash = await setFlash(
    request,
    context,
    ok
      ? { kind: "success", message: "Verification email sent! Please check your inbox." }
      : { kind: "error", message: "Failed to send verification email. Please try again later." },
  );
  return redirect("/account", { headers: { "Set-Cookie": flash } });
}

export function meta({ data: d }: Route.MetaArgs) {
  return [...pageMeta(`Account Management · ${d?.productName ?? ""}`), { name: "robots", content: "noindex" }];
}

export default function SettingsAccount() {
  const { flash, account } = useLoaderData<typeof loader>();
  const env = useRouteLoaderData<typeof rootLoader>("root")?.env;
  return (
    <section>
      {flash ? <FlashNotice key={flash.id} notice={flash} className="mb-6" /> : null}
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Account Management</h1>
      {env && <AccountPanel account={account} env={env} />}
    </section>
  );
}

export { SettingsErrorBoundary as ErrorBoundary } from "../components/billing/settings-error.tsx";
