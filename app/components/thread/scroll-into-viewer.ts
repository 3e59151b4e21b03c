/**
 * Brings a mark to the middle of the viewer's own scroll area without scrolling the page behind
 * it (Element.scrollIntoView would move every scrollable ancestor, the window included).
 */
export function centreInViewer(el: Element | null): void {
  const area = el?.closest<HTMLElement>("[data-viewer-scroll]");
  if (!el || !area) return;
  const r = el.getBoundingClientRect();
  const a = area.getBoundingClientRect();
  area.scrollTop += r.top - a.top - (area.clientHeight - r.height) / 2;
  area.scrollLeft += r.left - a.left - (area.clientWidth - r.width) / 2;
}
