import type { ReactNode } from "react";

/** The id of every page's one <main>: the skip link's target. */
export const MAIN_ID = "main";

/**
 * The first thing Tab reaches on a page: hidden until focused, it jumps past the header to the
 * page's <main> (which takes focus, so the next Tab continues inside the content).
 */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-3 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-brand-700 focus:shadow-lg focus:outline-2 focus:outline-offset-2 focus:outline-brand-600"
    >
      Skip to main content
    </a>
  );
}

/** A signed-in page's <main>: the skip link's target, focusable by script but not by Tab. */
export function AppMain({ className, children }: { className: string; children: ReactNode }) {
  return (
    <main id={MAIN_ID} tabIndex={-1} className={`focus:outline-none ${className}`}>
      {children}
    </main>
  );
}
