/**
 * Brings a mark (or the pieces of one quote marked across lines) to the middle of the viewer's own
 * scroll area without scrolling the page behind it (Element.scrollIntoView would move every
 * scrollable ancestor, the window included). Pieces wider or taller than the area together align
 * to their top edge, and as far left as keeps the quote's first piece in view, so a quote running
 * over several lines of a zoomed page shows where it starts and where its lines begin.
 */
export function centreInViewer(target: Element | Element[] | null): void {
  const els = target === null ? [] : Array.isArray(target) ? target : [target];
  const area = els[0]?.closest<HTMLElement>("[data-viewer-scroll]");
  if (!area) return;
  const rects = els.map((e) => e.getBoundingClientRect());
  const top = Math.min(...rects.map((r) => r.top));
  const left = Math.min(...rects.map((r) => r.left));
  const height = Math.max(...rects.map((r) => r.bottom)) - top;
  const width = Math.max(...rects.map((r) => r.right)) - left;
  const a = area.getBoundingClientRect();
  const MARGIN = 16;
  area.scrollTop += top - a.top - (height > area.clientHeight ? MARGIN : (area.clientHeight - height) / 2);
  if (width <= area.clientWidth) area.scrollLeft += left - a.left - (area.clientWidth - width) / 2;
  else {
    // As far left as keeps the first piece (where the quote starts) in view, its start above all.
    const first = rects[0]!;
    const toFirstEnd = first.right - a.left - area.clientWidth + MARGIN;
    area.scrollLeft += Math.min(Math.max(left - a.left - MARGIN, toFirstEnd), first.left - a.left - MARGIN);
  }
}
