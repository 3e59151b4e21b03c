import { Link, NavLink, Outlet, useLoaderData } from "react-router";
import { UserMenu } from "../components/auth/user-menu.tsx";
import { AppHeader } from "../components/layout/app-header.tsx";
import { AppMain } from "../components/layout/skip-link.tsx";
import type { Route } from "./+types/admin";
import { requireAdmin } from "../lib/admin-guard.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdmin(request, context);
  return { productName: context.publicEnv.productName, label: user.displayName || user.email || "Account" };
}

const tabs = [
  { to: "/admin/signup-codes", label: "Signup Codes" },
  { to: "/admin/users", label: "Users" },
  { to: "/admin/settings", label: "Settings" },
];

export default function AdminLayout() {
  const { productName, label } = useLoaderData<typeof loader>();
  return (
    <div className="min-h-screen">
      <AppHeader productName={productName}>
        <Link to="/home" className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100">
          Workspaces
        </Link>
        <UserMenu label={label} />
      </AppHeader>
      <AppMain className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Admin</h1>
        <nav aria-label="Admin sections" className="mt-4 flex gap-1 overflow-x-auto border-b border-slate-200">
          {tabs.map((t) => (
            <NavLink
              key={t.to}
              to={t.to}
              className={({ isActive }) =>
                `-mb-px whitespace-nowrap border-b-2 px-4 py-2.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600 ${
                  isActive
                    ? "border-brand-600 text-brand-700"
                    : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"
                }`
              }
            >
              {t.label}
            </NavLink>
          ))}
        </nav>
        <div className="mt-6">
          <Outlet />
        </div>
      </AppMain>
    </div>
  );
}
