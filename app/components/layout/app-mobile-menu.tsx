import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { SignOutButton } from "./sign-out-form.tsx";

export const SETTINGS_LINKS = [
  { to: "/subscription", label: "Subscription" },
  { to: "/usage", label: "Usage / Balance" },
  { to: "/account", label: "Account Management" },
  { to: "/published", label: "Published Links" },
];

/** The signed-in app's burger menu on small screens: Pods, Search, Bookmarks, the settings pages, Log out. */
export function AppMobileMenu() {
  const ref = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [pathname]);
  const item = "block rounded-md px-3 py-2.5 text-sm text-slate-800 hover:bg-slate-50";
  return (
    <details ref={ref} className="md:hidden">
      <summary
        aria-label="Open menu"
        className="flex h-10 w-10 cursor-pointer list-none items-center justify-center rounded-md hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
      >
        <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M4 7h16M4 12h16M4 17h16" />
        </svg>
      </summary>
      <nav aria-label="App" className="absolute inset-x-0 top-16 z-40 border-b border-slate-200 bg-white p-3 shadow-lg">
        <Link to="/" className={item}>
          Pods
        </Link>
        <Link to="/search" className={item}>
          Search
        </Link>
        <Link to="/bookmarks" className={item}>
          Bookmarks
        </Link>
        <div className="mt-2 border-t border-slate-100 pt-2">
          <p className="px-3 text-xs font-semibold uppercase text-slate-500">Settings</p>
          {SETTINGS_LINKS.map((l) => (
            <Link key={l.to} to={l.to} className={item}>
              {l.label}
            </Link>
          ))}
        </div>
        <div className="mt-2 border-t border-slate-100 pt-2">
          <SignOutButton className={`${item} w-full text-left`} />
        </div>
      </nav>
    </details>
  );
}
