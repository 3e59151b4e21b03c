import type { ReactNode } from "react";
import { Link } from "react-router";
import { ProductMark } from "../auth/auth-shell.tsx";
import { Tooltip } from "../ui/tooltip.tsx";
import { SkipLink } from "./skip-link.tsx";

/** Content widths a page can have; the header lines up with the page's own column. */
const WIDTH = { page: "max-w-6xl", wide: "max-w-7xl", full: "max-w-none" } as const;

/**
 * The one header of every signed-in page: the skip link to its <main> (an AppMain), the logo back
 * to the workspace list, then whatever the page adds.
 */
export function AppHeader({
  productName,
  width = "page",
  children,
}: {
  productName: string;
  width?: keyof typeof WIDTH;
  children?: ReactNode;
}) {
  return (
    <>
      <SkipLink />
      <header className="sticky top-0 z-10 border-b border-slate-200 bg-white/90 backdrop-blur">
        <div className={`mx-auto flex h-16 ${WIDTH[width]} items-center justify-between gap-4 px-4 sm:px-6`}>
          <Tooltip label="Back to Workspaces">
            <Link
              to="/home"
              aria-label={`${productName}, Back to Workspaces`}
              className="flex items-center rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
            >
              <ProductMark productName={productName} compact />
            </Link>
          </Tooltip>
          <div className="flex items-center gap-2">{children}</div>
        </div>
      </header>
    </>
  );
}
