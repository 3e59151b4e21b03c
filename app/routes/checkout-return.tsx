import { useLoaderData } from "react-router";
import { UserMenu } from "../components/auth/user-menu.tsx";
import { CheckoutReturn } from "../components/billing/checkout-return.tsx";
import { AppHeader } from "../components/layout/app-header.tsx";
import { AppMain } from "../components/layout/skip-link.tsx";
import { AppMobileMenu } from "../components/layout/app-mobile-menu.tsx";
import { pageMeta } from "../components/ui/page-meta.ts";
import { requireUser } from "../lib/session.server.ts";
import type { Route } from "./+types/checkout-return";

/** /return?session_id=...: where Stripe's embedded checkout sends the browser when it completes. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const sessionId = new URL(request.url).searchParams.get("session_id");
  return {
    productName: context.publicEnv.productName,
    label: user.displayName || user.email || "Account",
    sessionId: sessionId || null,
  };
}

export function meta({ data }: Route.MetaArgs) {
  return [...pageMeta(`Subscription · ${data?.productName ?? ""}`), { name: "robots", content: "noindex" }];
}

export default function CheckoutReturnPage() {
  const { productName, label, sessionId } = useLoaderData<typeof loader>();
  return (
    <div className="min-h-screen bg-slate-50">
      <AppHeader productName={productName}>
        <div className="hidden md:flex">
          <UserMenu label={label} />
        </div>
        <AppMobileMenu />
      </AppHeader>
      <AppMain className="mx-auto max-w-xl px-4 py-20 text-center">
        <CheckoutReturn sessionId={sessionId} />
      </AppMain>
    </div>
  );
}
