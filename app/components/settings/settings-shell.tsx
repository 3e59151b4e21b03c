import type { ReactNode } from "react";
import { Link, useLocation, useNavigation } from "react-router";
import type { UserView } from "../../lib/user-view.ts";
import { AppHeader } from "../layout/app-header.tsx";
import { AppMain } from "../layout/skip-link.tsx";
import { AppNav } from "../layout/app-nav.tsx";
import { AppMobileMenu, SETTINGS_LINKS } from "../layout/app-mobile-menu.tsx";
import { buttonClass } from "../ui/button.tsx";
import { Spinner } from "../ui/spinner.tsx";

/** /settings is the Subscription tab (spec section 2: the default). */
export function settingsTabFor(pathname: string): string | null {
  if (pathname === "/settings") return "/subscription";
  return SETTINGS_LINKS.some((l) => l.to === pathname) ? pathname : null;
}

const LOADING_TEXT: Record<string, string> = {
  "/published": "Loading published links...",
  "/usage": "Loading usage information...",
  "/subscription": "Loading subscription...",
  "/account": "Loading account...",
};

/**
 * The settings area: the app header, a 256 px sidebar with 'Back to Workspaces' and the four
 * tabs, and the active tab beside it. Below md the sidebar becomes a block above the content with
 * the tabs in a two-by-two grid, so every label stays readable at 375 px.
 */
export function SettingsShell({
  productName,
  user,
  children,
}: {
  productName: string;
  user: UserView;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  const active = settingsTabFor(pathname);
  const navigation = useNavigation();
  // Moving to another tab: show that tab as loading rather than the old one's content.
  const pending = navigation.location ? settingsTabFor(navigation.location.pathname) : null;
  const loadingTab = navigation.state === "loading" && pending && pending !== active ? pending : null;
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <AppHeader productName={productName}>
        <div className="hidden items-center gap-2 md:flex">
          <AppNav user={user} />
        </div>
        <AppMobileMenu />
      </AppHeader>
      <div className="mx-auto flex w-full max-w-6xl flex-1 flex-col px-4 sm:px-6 md:flex-row md:gap-10 md:py-8">
        <aside
          aria-label="Settings"
          className="-mx-4 border-b border-slate-200 bg-white px-4 py-4 sm:-mx-6 sm:px-6 md:sticky md:top-24 md:mx-0 md:w-64 md:shrink-0 md:self-start md:border-b-0 md:bg-transparent md:p-0"
        >
          <Link to="/home" className={buttonClass("secondary", "w-full px-3 py-1.5 md:w-auto")}>
            <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true" fill="currentColor">
              <path d="M12.7 4.3a1 1 0 0 1 0 1.4L8.4 10l4.3 4.3a1 1 0 0 1-1.4 1.4l-5-5a1 1 0 0 1 0-1.4l5-5a1 1 0 0 1 1.4 0z" />
            </svg>
            Back to Workspaces
          </Link>
          <p className="mt-6 hidden px-3 text-xs font-semibold uppercase tracking-wide text-slate-500 md:block">
            Settings
          </p>
          <nav aria-label="Settings tabs" className="mt-3 grid grid-cols-2 gap-1.5 md:mt-2 md:grid-cols-1 md:gap-1">
            {SETTINGS_LINKS.map((tab) => {
              const current = tab.to === active;
              return (
                <Link
                  key={tab.to}
                  to={tab.to}
                  aria-current={current ? "page" : undefined}
                  className={`flex items-center rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600 max-md:justify-center max-md:border max-md:px-2 max-md:text-center ${
                    current
                      ? "bg-brand-50 text-brand-700 max-md:border-brand-100"
                      : "text-slate-700 hover:bg-slate-100 hover:text-slate-900 max-md:border-slate-200"
                  }`}
                >
                  {tab.label}
                </Link>
              );
            })}
          </nav>
        </aside>
        <AppMain className="min-w-0 flex-1 py-6 md:py-0">
          <div className="max-w-4xl">
            {loadingTab ? (
              <p role="status" className="flex items-center gap-3 py-12 text-sm text-slate-600">
                <Spinner className="size-5" />
                {LOADING_TEXT[loadingTab] ?? "Loading..."}
              </p>
            ) : (
              children
            )}
          </div>
        </AppMain>
      </div>
    </div>
  );
}
