import { useEffect, useId, useRef, useState } from "react";

/** Section 9 constants. */
export const TOOLTIP = {
  maxWidth: 480,
  showDelayMs: 100,
  hideDelayMs: 0,
  enterMs: 200,
  exitMs: 100,
  longPressMs: 500,
  touchBelowPx: 768,
};

/**
 * Hover/focus tooltip; in touch mode (viewport under 768 px) a 500 ms long press shows it.
 * The label is also the trigger's accessible description.
 */
export function Tooltip({ label, children }: { label: string; children: React.ReactNode }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const clear = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  const later = (next: boolean, ms: number) => {
    clear();
    if (ms === 0) setOpen(next);
    else timer.current = setTimeout(() => setOpen(next), ms);
  };
  const touchMode = () => typeof window !== "undefined" && window.innerWidth < TOOLTIP.touchBelowPx;
  useEffect(() => clear, []);
  return (
    <span
      className="relative inline-flex"
      aria-describedby={id}
      onMouseEnter={() => !touchMode() && later(true, TOOLTIP.showDelayMs)}
      onMouseLeave={() => later(false, TOOLTIP.hideDelayMs)}
      onFocus={() => later(true, TOOLTIP.showDelayMs)}
      onBlur={() => later(false, TOOLTIP.hideDelayMs)}
      onTouchStart={() => touchMode() && later(true, TOOLTIP.longPressMs)}
      onTouchEnd={() => {
        clear();
        if (open) setTimeout(() => setOpen(false), 1500);
      }}
    >
      {children}
      <span
        role="tooltip"
        id={id}
        style={{ maxWidth: TOOLTIP.maxWidth, transitionDuration: `${open ? TOOLTIP.enterMs : TOOLTIP.exitMs}ms` }}
        className={`pointer-events-none absolute left-0 top-full z-50 mt-2 w-max rounded-md bg-ink px-2.5 py-1.5 text-xs font-medium text-white shadow-lg transition-opacity ${open ? "opacity-100" : "opacity-0"}`}
      >
        {label}
      </span>
    </span>
  );
}
