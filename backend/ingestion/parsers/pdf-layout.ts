import type { Span } from "../types.ts";

/** A text run placed on the page: top-left origin, PDF points. */
export interface PlacedRun {
  str: string;
  x: number;
  /** Baseline, measured from the top of the page. */
  baseline: number;
  w: number;
  h: number;
}

export interface LaidOutPage {
  text: string;
  spans: Span[];
}

/**
 * Reading order: runs grouped into lines by baseline (within half a font height), lines top to
 * bottom, runs left to right. A wide horizontal gap becomes a tab, so a table row stays one line
 * with its cells apart.
 */
export function layOutRuns(runs: PlacedRun[]): LaidOutPage {
  const visible = runs.filter((r) => r.str.trim() !== "");
  visible.sort((a, b) => a.baseline - b.baseline || a.x - b.x);
  const lines: PlacedRun[][] = [];
  let current: PlacedRun[] = [];
  let lineBaseline = Number.NEGATIVE_INFINITY;
  for (const run of visible) {
    const tolerance = Math.max(1, Math.min(run.h, current[0]?.h ?? run.h) * 0.5);
    if (current.length && Math.abs(run.baseline - lineBaseline) > tolerance) {
      lines.push(current);
      current = [];
    }
    if (!current.length) lineBaseline = run.baseline;
    current.push(run);
  }
  if (current.length) lines.push(current);

  let text = "";
  const spans: Span[] = [];
  for (const line of lines) {
    line.sort((a, b) => a.x - b.x);
    if (text) text += "\n";
    let prevEnd: number | null = null;
    for (const run of line) {
      if (prevEnd !== null) {
        const gap = run.x - prevEnd;
        if (gap > run.h * 1.5) text += "\t";
        else if (gap > run.h * 0.12 && !/\s$/.test(text) && !/^\s/.test(run.str)) text += " ";
      }
      const str = run.str.replace(/\s+/g, " ");
      const start = text.length;
      text += str;
      spans.push({ start, end: text.length, x: run.x, y: run.baseline - run.h, w: run.w, h: run.h });
      prevEnd = Math.max(prevEnd ?? run.x + run.w, run.x + run.w);
    }
  }
  return { text, spans };
}
