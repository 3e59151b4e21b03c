import { Link, NavLink } from "react-router";
import type { Viewer } from "../../lib/viewer.server.ts";
import { Logo } from "./logo.tsx";
import { SiteMobileMenu } from "./site-mobile-menu.tsx";
import { NAV_LINKS } from "./site-nav-links.ts";

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium ${isActive ? "text-brand-700" : "text-slate-700 hover:text-ink"}`;

/** The public site's header: Features, Use Cases, Pricing, then Log In + Sign Up or Go to App. */
export function SiteHeader({ productName, viewer }: { productName: string; viewer: Viewer | null }) {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo name={productName} />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {NAV_LINKS.map((l) => (
            <NavLink key={l.to} to={l.to} className={navClass}>
              {l.label}
            </NavLink>
          ))}
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          {viewer ? (
            <Link to="/home" className="btn-primary">
              Go to App
            </Link>
          ) : (
            <>
              <Link to="/login" className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:text-ink">
                Log In
              </Link>
              <Link to="/signup" className="btn-primary">
                Sign Up
              </Link>
            </>
          )}
        </div>
        <SiteMobileMenu signedIn={Boolean(viewer)} />
      </div>
    </header>
  );
}
