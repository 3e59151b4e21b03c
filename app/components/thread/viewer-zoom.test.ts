import { describe, expect, it } from "vitest";
import { canZoomIn, canZoomOut, effectiveScale, FIT, zoomForKey, zoomIn, zoomLabel, zoomOut } from "./viewer-zoom.ts";

describe("viewer zoom", () => {
  it("fit width scales the page to the panel; a fixed scale ignores the panel", () => {
    expect(effectiveScale(FIT, { panelWidth: 600, pageWidth: 816 })).toBeCloseTo(0.735, 3);
    expect(effectiveScale({ kind: "scale", scale: 1.5 }, { panelWidth: 600, pageWidth: 816 })).toBe(1.5);
    // Before the page is measured, fit shows 100%.
    expect(effectiveScale(FIT, { panelWidth: 600, pageWidth: 0 })).toBe(1);
  });

  it("steps in and out from any scale, fit width included, to the neighbouring step", () => {
    expect(zoomIn(1)).toEqual({ kind: "scale", scale: 1.1 });
    expect(zoomOut(1)).toEqual({ kind: "scale", scale: 0.9 });
    expect(zoomIn(0.735)).toEqual({ kind: "scale", scale: 0.75 });
    expect(zoomOut(0.735)).toEqual({ kind: "scale", scale: 0.67 });
    // Within half a percent of a step counts as on it.
    expect(zoomIn(1.249)).toEqual({ kind: "scale", scale: 1.5 });
    expect(zoomOut(0.46)).toEqual({ kind: "scale", scale: 0.5 });
  });

  it("stops at 50% and 300%", () => {
    expect(zoomIn(3)).toEqual({ kind: "scale", scale: 3 });
    expect(zoomOut(0.5)).toEqual({ kind: "scale", scale: 0.5 });
    expect(canZoomIn(3)).toBe(false);
    expect(canZoomIn(2.5)).toBe(true);
    expect(canZoomOut(0.5)).toBe(false);
    expect(canZoomOut(0.46)).toBe(false);
    expect(canZoomOut(0.75)).toBe(true);
  });

  it("labels the scale as a whole percentage", () => {
    expect(zoomLabel(1)).toBe("100%");
    expect(zoomLabel(0.6667)).toBe("67%");
    expect(zoomLabel(2.5)).toBe("250%");
  });

  it("maps + = - and 0 to zoom in, out and fit width; other keys to nothing", () => {
    expect(zoomForKey("+", 1)).toEqual({ kind: "scale", scale: 1.1 });
    expect(zoomForKey("=", 1)).toEqual({ kind: "scale", scale: 1.1 });
    expect(zoomForKey("-", 1)).toEqual({ kind: "scale", scale: 0.9 });
    expect(zoomForKey("0", 2)).toEqual(FIT);
    expect(zoomForKey("a", 1)).toBeNull();
    expect(zoomForKey("Enter", 1)).toBeNull();
  });
});
