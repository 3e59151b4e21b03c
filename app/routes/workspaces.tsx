import { data, Link, redirect, useLoaderData } from "react-router";
import { sendVerificationEmail } from "../../contracts/auth.ts";
import { UserMenu } from "../components/auth/user-menu.tsx";
import { VerificationBanner } from "../components/auth/verification-banner.tsx";
import { AppHeader } from "../components/ui/app-header.tsx";
import { buttonClass } from "../components/ui/button.tsx";
import { Card } from "../components/ui/card.tsx";
import { FlashNotice } from "../components/ui/flash-notice.tsx";
import { readFlash, setFlash } from "../lib/flash.server.ts";
import { apiFor, requireUser } from "../lib/session.server.ts";
import type { Route } from "./+types/home";
import { pageMeta } from "../components/ui/page-meta.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const { flash, headers } = await readFlash(request, context);
  return data(
    {
      productName: context.publicEnv.productName,
      user: {
        label: user.displayName || user.email || "Account",
        email: user.email,
        isAdmin: user.isAdmin || user.role === "admin",
        verificationStatus: user.verificationStatus,
      },
      flash,
    },
    { headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const form = await request.formData();
  if (form.get("intent") !== "resend-verification") throw data("Unknown action", { status: 400 });
  let flash: string;
  try {
    await (await apiFor(request, context)).call(sendVerificationEmail, { body: { continueUrl: "/home" } });
    flash = await setFlash(request, context, { kind: "success", message: "Verification email sent! Please check your inbox." });
  } catch {
    flash = await setFlash(request, context, { kind: "error", message: "Failed to send verification email. Please try again later." });
  }
  return redirect("/home", { headers: { "Set-Cookie": flash } });
}

export function meta({ data: d }: Route.MetaArgs) {
  return pageMeta(`Workspaces · ${d?.productName ?? ""}`);
}

export default function Home() {
  const { productName, user, flash } = useLoaderData<typeof loader>();
  return (
    <div className="min-h-screen">
      <AppHeader productName={productName}>
        {user.isAdmin ? (
          <Link to="/admin" className={buttonClass("ghost", "px-3")}>Admin</Link>
        ) : null}
        <UserMenu label={user.label} />
      </AppHeader>
      <main className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
        {flash ? <FlashNotice key={flash.id} notice={flash} className="" /> : null}
        <VerificationBanner status={user.verificationStatus} email={user.email} />
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Your workspaces</h1>
          <p className="mt-1 text-sm text-slate-600">Pods hold your files and conversation threads with the analyst agents.</p>
        </div>
        <Card className="flex flex-col items-center px-6 py-16 text-center">
          <span aria-hidden="true" className="grid size-12 place-items-center rounded-full bg-brand-50 text-brand-600">
            <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="1.8">
              <path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7z" strokeLinejoin="round" />
            </svg>
          </span>
          <h2 className="mt-4 text-base font-semibold text-slate-900">No workspaces yet</h2>
          <p className="mt-1 max-w-sm text-sm text-slate-600">
            When you create a Pod, it will appear here with its files and threads.
          </p>
        </Card>
      </main>
    </div>
  );
}
