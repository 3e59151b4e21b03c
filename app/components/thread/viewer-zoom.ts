/**
 * The viewer's zoom: fit the page to the panel's width, or a fixed scale where 1 is 100% (a PDF
 * point is 96/72 CSS pixels, as in pdf.js's own viewer). Steps run from 50% to 300%.
 */
export type Zoom = { kind: "fit" } | { kind: "scale"; scale: number };

export const FIT: Zoom = { kind: "fit" };
export const ZOOM_STEPS = [0.5, 0.67, 0.75, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3] as const;
export const MIN_ZOOM = ZOOM_STEPS[0];
export const MAX_ZOOM = ZOOM_STEPS[ZOOM_STEPS.length - 1]!;
/** CSS pixels per PDF point at 100%. */
export const CSS_PER_POINT = 96 / 72;

/** The scale shown (1 = 100%) for a zoom, given the panel's width and the page's width at 100%. */
export function effectiveScale(zoom: Zoom, o: { panelWidth: number; pageWidth: number }): number {
  if (zoom.kind === "scale") return zoom.scale;
  return o.pageWidth > 0 ? o.panelWidth / o.pageWidth : 1;
}

// A scale within half a percent of a step counts as that step (fit-width rarely lands on one exactly).
const EPS = 0.005;

/** The next step above the scale shown now (from fit width too), up to 300%. */
export function zoomIn(current: number): Zoom {
  const next = ZOOM_STEPS.find((s) => s > current + EPS) ?? MAX_ZOOM;
  return { kind: "scale", scale: next };
}

/** The next step below the scale shown now, down to 50%. */
export function zoomOut(current: number): Zoom {
  const next = [...ZOOM_STEPS].reverse().find((s) => s < current - EPS) ?? MIN_ZOOM;
  return { kind: "scale", scale: next };
}

export const canZoomIn = (current: number) => current < MAX_ZOOM - EPS;
export const canZoomOut = (current: number) => current > MIN_ZOOM + EPS;

/** "125%". */
export function zoomLabel(scale: number): string {
  return `${Math.round(scale * 100)}%`;
}

/** The viewer's shortcuts: + (or =) zooms in, - zooms out, 0 fits the width; null for other keys. */
export function zoomForKey(key: string, current: number): Zoom | null {
  if (key === "+" || key === "=") return zoomIn(current);
  if (key === "-" || key === "_") return zoomOut(current);
  if (key === "0") return FIT;
  return null;
}
