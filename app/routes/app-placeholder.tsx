import { Link, useLoaderData } from "react-router";
import { UserMenu } from "../components/auth/user-menu.tsx";
import { AppHeader } from "../components/layout/app-header.tsx";
import { AppMobileMenu } from "../components/layout/app-mobile-menu.tsx";
import { requireUser } from "../lib/session.server.ts";
import type { Route } from "./+types/app-placeholder";

const TITLES: Record<string, string> = {
  "/workspaces": "Workspaces",
  "/library": "Library",
  "/return": "Subscription",
};

/** Signed-in pages whose screens arrive in later issues: they already require sign-in. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const path = new URL(request.url).pathname;
  return {
    productName: context.publicEnv.productName,
    label: user.displayName || user.email || "Account",
    title: TITLES[path] ?? "Workspace",
  };
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title ?? "Workspace" }, { name: "robots", content: "noindex" }];
}

export default function AppPlaceholder() {
  const { productName, label, title } = useLoaderData<typeof loader>();
  return (
    <div className="min-h-screen bg-slate-50">
      <AppHeader productName={productName}>
        <div className="hidden md:flex">
          <UserMenu label={label} />
        </div>
        <AppMobileMenu />
      </AppHeader>
      <main className="mx-auto max-w-3xl px-4 py-20 text-center">
        <h1 className="text-2xl font-semibold text-ink">{title}</h1>
        <p className="mt-3 text-slate-600">This page is coming soon.</p>
        <Link to="/home" className="btn-secondary mt-8">
          Back to Workspaces
        </Link>
      </main>
    </div>
  );
}
