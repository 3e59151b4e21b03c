import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { NAV_LINKS } from "./site-nav-links.ts";

/**
 * The public mobile menu. A <details> element, so it opens without JavaScript; with JavaScript it
 * also closes on navigation and on Escape.
 */
export function SiteMobileMenu({ signedIn }: { signedIn: boolean }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.pathname]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && ref.current?.open) ref.current.open = false;
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  return (
    <details ref={ref} className="group md:hidden">
      <summary
        aria-label="Open menu"
        className="flex h-10 w-10 cursor-pointer list-none items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
      >
        <svg
          viewBox="0 0 24 24"
          className="h-6 w-6 group-open:hidden"
          aria-hidden
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M4 7h16M4 12h16M4 17h16" />
        </svg>
        <svg
          viewBox="0 0 24 24"
          className="hidden h-6 w-6 group-open:block"
          aria-hidden
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
      </summary>
      <nav
        aria-label="Mobile"
        className="absolute inset-x-0 top-16 border-b border-slate-200 bg-white px-4 pb-5 pt-2 shadow-lg"
      >
        <ul className="flex flex-col">
          {NAV_LINKS.map((l) => (
            <li key={l.to}>
              <Link to={l.to} className="block border-b border-slate-100 py-3 text-base font-medium text-slate-800">
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
        <div className="mt-4 flex flex-col gap-2">
          {signedIn ? (
            <Link to="/home" className="btn-primary justify-center py-3">
              Go to App
            </Link>
          ) : (
            <>
              <Link to="/signup" className="btn-primary justify-center py-3">
                Sign Up
              </Link>
              <Link to="/login" className="btn-secondary justify-center py-3">
                Log In
              </Link>
            </>
          )}
        </div>
      </nav>
    </details>
  );
}
