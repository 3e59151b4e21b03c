import { useRef, type ReactNode } from "react";

/**
 * A small disclosure panel (rename forms, menus). Built on <details> so it opens and submits
 * without JavaScript; key it by the data it edits so a saved change closes it.
 */
export function Popover({
  label,
  summaryClassName,
  children,
  align = "right",
  panelClassName = "sm:w-72",
  ariaLabel,
}: {
  label: ReactNode;
  summaryClassName: string;
  children: ReactNode;
  align?: "left" | "right";
  panelClassName?: string;
  /** For summaries that show only an icon. */
  ariaLabel?: string;
}) {
  const details = useRef<HTMLDetailsElement>(null);
  return (
    // Submitting a form inside closes the panel; the outcome arrives as a toast or a redirect.
    <details ref={details} className="group relative" onSubmit={() => details.current?.removeAttribute("open")}>
      <summary
        aria-label={ariaLabel}
        className={`cursor-pointer list-none [&::-webkit-details-marker]:hidden ${summaryClassName}`}
      >
        {label}
      </summary>
      <div
        className={`z-30 rounded-lg border border-slate-200 bg-white p-3 text-left shadow-lg max-sm:fixed max-sm:inset-x-3 max-sm:bottom-3 max-sm:max-h-[80vh] max-sm:overflow-y-auto max-sm:shadow-2xl sm:absolute sm:mt-2 ${
          align === "right" ? "sm:right-0" : "sm:left-0"
        } ${panelClassName}`}
      >
        {children}
      </div>
    </details>
  );
}
