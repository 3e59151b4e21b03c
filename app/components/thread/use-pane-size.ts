import { useCallback, useEffect, useLayoutEffect, useState } from "react";

/** A pane's size (px or %) and the bounds it is kept within. */
export interface PaneBounds {
  min: number;
  max: number;
}

/** A size kept within its bounds and rounded to a whole number (a NaN falls back to the minimum). */
export function clampSize(value: number, { min, max }: PaneBounds): number {
  if (!Number.isFinite(value)) return min;
  return Math.round(Math.min(max, Math.max(min, value)));
}

/** The size stored under `key`, clamped; the fallback when nothing (or nothing numeric) is stored. */
export function readSize(storage: Pick<Storage, "getItem"> | null, key: string, fallback: number, bounds: PaneBounds) {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(key) ?? null;
  } catch {
    // Storage can be refused (privacy settings): the pane keeps its default size.
  }
  const n = raw === null || raw.trim() === "" ? NaN : Number(raw);
  return Number.isFinite(n) ? clampSize(n, bounds) : clampSize(fallback, bounds);
}

/** Stores a size; a refused or full storage only means the size is not remembered. */
export function writeSize(storage: Pick<Storage, "setItem"> | null, key: string, value: number) {
  try {
    storage?.setItem(key, String(value));
  } catch {
    // Not remembered, still applied.
  }
}

/** The size a key moves a separator to: arrows by `step`, Home and End to the bounds; null for other keys. */
export function sizeForKey(key: string, value: number, step: number, bounds: PaneBounds): number | null {
  switch (key) {
    case "ArrowLeft":
      return clampSize(value - step, bounds);
    case "ArrowRight":
      return clampSize(value + step, bounds);
    case "Home":
      return bounds.min;
    case "End":
      return bounds.max;
    default:
      return null;
  }
}

/** Before the first paint in the browser (no jump from the default size); a no-op on the server. */
const useBeforePaint = typeof window === "undefined" ? useEffect : useLayoutEffect;

const storage = () => (typeof window === "undefined" ? null : window.localStorage);

/**
 * A resizable pane's size, remembered in localStorage under `key`. The server renders the fallback;
 * the stored size applies as the page hydrates, before it is painted again. `set(v, false)` previews (a drag in progress)
 * without storing.
 */
export function usePaneSize(key: string, fallback: number, bounds: PaneBounds) {
  const { min, max } = bounds;
  const [size, setSize] = useState(() => clampSize(fallback, { min, max }));
  useBeforePaint(() => setSize(readSize(storage(), key, fallback, { min, max })), [key, fallback, min, max]);
  const set = useCallback(
    (next: number, persist = true) => {
      const v = clampSize(next, { min, max });
      setSize(v);
      if (persist) writeSize(storage(), key, v);
    },
    [key, min, max],
  );
  return [size, set] as const;
}
