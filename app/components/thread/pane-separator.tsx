import { useRef, type PointerEvent } from "react";
import { sizeForKey, type PaneBounds } from "./use-pane-size.ts";

interface Props {
  /** What it resizes, e.g. "Resize the files pane". */
  label: string;
  /** The id of the pane before it, whose size `value` is. */
  controls: string;
  value: number;
  bounds: PaneBounds;
  /** How much one arrow key press moves it, in the value's unit. */
  step: number;
  /** Screen pixels per unit of `value` (1 for a size in px; the container's width / 100 for a %). */
  pixelsPerUnit: () => number;
  /** `persist` is false while a drag is in progress. */
  onChange: (value: number, persist?: boolean) => void;
  className?: string;
}

/**
 * The handle between two panes (a focusable ARIA separator): dragged with a pointer, or moved
 * with the Left and Right arrows, Home and End. Its value is the size of the pane before it.
 */
export function PaneSeparator({
  label,
  controls,
  value,
  bounds,
  step,
  pixelsPerUnit,
  onChange,
  className = "",
}: Props) {
  const drag = useRef<{ x: number; value: number; last: number } | null>(null);
  const at = (e: PointerEvent, d: { x: number; value: number }) => d.value + (e.clientX - d.x) / pixelsPerUnit();
  return (
    <div
      role="separator"
      tabIndex={0}
      aria-label={label}
      aria-controls={controls}
      aria-orientation="vertical"
      aria-valuenow={value}
      aria-valuemin={bounds.min}
      aria-valuemax={bounds.max}
      onKeyDown={(e) => {
        const next = sizeForKey(e.key, value, step, bounds);
        if (next === null) return;
        e.preventDefault();
        onChange(next);
      }}
      onPointerDown={(e) => {
        if (e.button !== 0) return;
        e.preventDefault();
        e.currentTarget.setPointerCapture(e.pointerId);
        drag.current = { x: e.clientX, value, last: value };
      }}
      onPointerMove={(e) => {
        const d = drag.current;
        if (!d) return;
        d.last = at(e, d);
        onChange(d.last, false);
      }}
      onPointerUp={(e) => {
        const d = drag.current;
        drag.current = null;
        if (d) onChange(at(e, d));
      }}
      onPointerCancel={() => {
        const d = drag.current;
        drag.current = null;
        if (d) onChange(d.last);
      }}
      className={`group relative z-10 w-2 shrink-0 cursor-col-resize touch-none select-none focus-visible:outline-none ${className}`}
    >
      <span
        aria-hidden="true"
        className="absolute inset-y-0 left-1/2 w-px -translate-x-1/2 bg-slate-200 transition-colors group-hover:w-0.5 group-hover:bg-brand-400 group-focus-visible:w-0.5 group-focus-visible:bg-brand-600"
      />
    </div>
  );
}
