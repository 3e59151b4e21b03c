import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import type { Viewer } from "../../lib/viewer.server.ts";
import { LogoMark } from "./logo.tsx";
import { SignOutButton } from "./sign-out-form.tsx";
import { Tooltip } from "../ui/tooltip.tsx";
import { UserMenu } from "../auth/user-menu.tsx";

export const SETTINGS_LINKS = [
  { to: "/subscription", label: "Subscription" },
  { to: "/usage", label: "Usage / Balance" },
  { to: "/account", label: "Account Management" },
  { to: "/published", label: "Published Links" },
];

interface Props {
  viewer: Viewer | null;
  title?: string;
  description?: string;
  published?: boolean;
  /** The workspace-controls area (workspace issue). */
  controls?: React.ReactNode;
  /** Mobile 'Pod Actions' group (workspace issue). */
  podActions?: React.ReactNode;
}

/** The signed-in app's header: logo to /home, title, controls, user menu; burger menu on mobile. */
export function AppShellHeader({ viewer, title, description, published, controls, podActions }: Props) {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
      <div className="flex h-14 items-center gap-3 px-4">
        <Tooltip label="Back to Workspaces">
          <Link to="/home" aria-label="Back to Workspaces" className="rounded-md p-1 hover:bg-slate-100"><LogoMark /></Link>
        </Tooltip>
        {title && (
          <div className="min-w-0 flex-1">
            <p className="flex items-center gap-2 truncate text-sm font-semibold text-ink">
              {title}
              {published && <span className="rounded bg-emerald-50 px-1.5 py-0.5 text-xs font-medium text-emerald-700">(Published)</span>}
            </p>
            {description && <p className="truncate text-xs text-slate-500">{description}</p>}
          </div>
        )}
        <div className="ml-auto hidden items-center gap-3 md:flex">
          {controls}
          {viewer ? <UserMenu label={viewer.displayName || viewer.email || "Account"} /> : <SignedOutLinks />}
        </div>
        <AppMobileMenu viewer={viewer} podActions={podActions} />
      </div>
    </header>
  );
}

function SignedOutLinks() {
  return (
    <>
      <Link to="/login" className="text-sm font-medium text-slate-700">Log in</Link>
      <Link to="/signup" className="btn-primary">Sign up</Link>
    </>
  );
}

function AppMobileMenu({ viewer, podActions }: { viewer: Viewer | null; podActions?: React.ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [pathname]);
  const item = "block rounded-md px-3 py-2.5 text-sm text-slate-800 hover:bg-slate-50";
  return (
    <details ref={ref} className="ml-auto md:hidden">
      <summary aria-label="Open menu" className="flex h-10 w-10 cursor-pointer list-none items-center justify-center rounded-md hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
        <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden fill="none" stroke="currentColor" strokeWidth="2"><path d="M4 7h16M4 12h16M4 17h16" /></svg>
      </summary>
      <nav aria-label="App" className="absolute inset-x-0 top-14 z-40 border-b border-slate-200 bg-white p-3 shadow-lg">
        {viewer ? (
          <>
            <Link to="/" className={item}>Pods</Link>
            {podActions && <div className="mt-2 border-t border-slate-100 pt-2"><p className="px-3 text-xs font-semibold uppercase text-slate-500">Pod Actions</p>{podActions}</div>}
            <div className="mt-2 border-t border-slate-100 pt-2">
              <p className="px-3 text-xs font-semibold uppercase text-slate-500">Settings</p>
              {SETTINGS_LINKS.map((l) => <Link key={l.to} to={l.to} className={item}>{l.label}</Link>)}
            </div>
            <div className="mt-2 border-t border-slate-100 pt-2">
              <SignOutButton className={`${item} w-full text-left`} />
            </div>
          </>
        ) : (
          <>
            <Link to="/login" className={item}>Log in</Link>
            <Link to="/signup" className={item}>Sign up</Link>
          </>
        )}
      </nav>
    </details>
  );
}
