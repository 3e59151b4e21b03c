import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import type { Viewer } from "../../lib/viewer.server.ts";
import { SignOutButton } from "./sign-out-form.tsx";

export function viewerLabel(v: Viewer): string {
  return v.displayName || v.email || "Account";
}

/** Desktop user menu: display name or email, Settings, Log out (a <details>, so it works without JS). */
export function UserMenu({ viewer }: { viewer: Viewer }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [pathname]);
  const label = viewerLabel(viewer);
  return (
    <details ref={ref} className="relative">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-md px-2 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
        <span aria-hidden className="flex h-7 w-7 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-700">{label.slice(0, 1).toUpperCase()}</span>
        <span className="max-w-48 truncate">{label}</span>
      </summary>
      <div className="absolute right-0 z-40 mt-2 w-56 rounded-md border border-slate-200 bg-white py-1 shadow-lg">
        <p className="truncate px-3 py-2 text-xs text-slate-500">{viewer.email}</p>
        <Link to="/settings" className="block px-3 py-2 text-sm hover:bg-slate-50">Settings</Link>
        <SignOutButton className="block w-full px-3 py-2 text-left text-sm hover:bg-slate-50" />
      </div>
    </details>
  );
}
