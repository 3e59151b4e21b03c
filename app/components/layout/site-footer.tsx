import { Link } from "react-router";
import type { PublicEnv } from "../../lib/load-context.ts";
import { LogoMark } from "./logo.tsx";

/** Footer: Home, About Us, Service Status, Trust Center, email, Privacy Policy, Terms of Service. */
export function SiteFooter({ env }: { env: PublicEnv }) {
  const linkClass = "text-sm text-slate-600 hover:text-ink";
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-start md:justify-between">
        <div className="flex items-center gap-2 text-sm text-slate-600">
          <LogoMark className="h-6 w-6" />
          <span>
            © {new Date().getFullYear()} {env.productName}
          </span>
        </div>
        <nav
          aria-label="Footer"
          className="grid grid-cols-2 gap-x-10 gap-y-3 sm:grid-cols-3 md:flex md:flex-wrap md:gap-x-6"
        >
          <Link to="/" className={linkClass}>
            Home
          </Link>
          <Link to="/about" className={linkClass}>
            About Us
          </Link>
          {env.statusUrl && (
            <a href={env.statusUrl} className={linkClass} target="_blank" rel="noopener noreferrer">
              Service Status
            </a>
          )}
          {env.trustUrl && (
            <a href={env.trustUrl} className={linkClass} target="_blank" rel="noopener noreferrer">
              Trust Center
            </a>
          )}
          <a href={`mailto:${env.supportEmail}`} className={linkClass}>
            {env.supportEmail}
          </a>
          <Link to="/privacy" className={linkClass}>
            Privacy Policy
          </Link>
          <Link to="/terms" className={linkClass}>
            Terms of Service
          </Link>
        </nav>
      </div>
    </footer>
  );
}
