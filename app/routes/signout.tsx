import { useEffect } from "react";
import { Link, redirect, useLoaderData } from "react-router";
import { signOut } from "../../contracts/auth.ts";
import { isAppError } from "../../contracts/errors.ts";
import { AuthShell } from "../components/auth/auth-shell.tsx";
import { INTENTIONAL_SIGNOUT_KEY } from "../components/auth/user-menu.tsx";
import { buttonClass } from "../components/ui/button.tsx";
import { apiFor, clearSessionCookie } from "../lib/session.server.ts";
import type { Route } from "./+types/signout";
import { pageMeta } from "../components/ui/page-meta.ts";

export function loader({ context }: Route.LoaderArgs) {
  return { productName: context.publicEnv.productName };
}

/** Ends the session on the backend and forgets the cookie, whatever state the session was in. */
export async function action({ request, context }: Route.ActionArgs) {
  try {
    await (await apiFor(request, context)).call(signOut);
  } catch (err) {
    // An expired session is already signed out.
    if (!isAppError(err) || err.status !== 401) throw err;
  }
  return redirect("/signout", { headers: { "Set-Cookie": await clearSessionCookie(request, context) } });
}

export function meta({ data: d }: Route.MetaArgs) {
  return pageMeta(`Signed out · ${d?.productName ?? ""}`);
}

export default function SignedOut() {
  const { productName } = useLoaderData<typeof loader>();
  useEffect(() => sessionStorage.removeItem(INTENTIONAL_SIGNOUT_KEY), []);
  return (
    <AuthShell productName={productName} title="Signed Out Successfully">
      <p className="text-center text-slate-600">Thank you for using {productName}. You have been signed out.</p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Link to="/login" className={buttonClass("primary", "flex-1")}>
          Sign back in
        </Link>
        <Link to="/" className={buttonClass("secondary", "flex-1")}>
          Go to homepage
        </Link>
      </div>
    </AuthShell>
  );
}
