import { useEffect, useRef, useState } from "react";
import { findQuoteInRuns } from "./find-quote.ts";
import { loadPdfJs, openPdf } from "./pdf-document.ts";
import { centreInViewer } from "./scroll-into-viewer.ts";
import { CSS_PER_POINT, effectiveScale, type Zoom } from "./viewer-zoom.ts";

export type HighlightOutcome = "none" | "found" | "not-found";

/**
 * One PDF page drawn by pdf.js on a canvas, with its text layer over it (selectable text) and
 * the cited quote marked in that layer, brought to the middle of the viewer. It redraws when the
 * panel's width or the zoom changes (fit width, or a scale where 1 is 100%). `onRendered` reports
 * whether the quote was found, or that the PDF could not be drawn; `onScale` the scale shown.
 */
export function PdfPageView({
  url,
  page,
  quote,
  near,
  zoom,
  onRendered,
  onScale,
}: {
  url: string;
  page: number;
  quote: string | null;
  /** Where the quote is on the page, as a share of its text: the place to mark when it occurs twice. */
  near?: number;
  zoom: Zoom;
  onRendered: (o: { ok: boolean; highlight: HighlightOutcome }) => void;
  onScale: (scale: number) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const layer = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [busy, setBusy] = useState(true);
  const report = useRef(onRendered);
  report.current = onRendered;
  const reportScale = useRef(onScale);
  reportScale.current = onScale;

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let t: ReturnType<typeof setTimeout> | null = null;
    const measure = () => setWidth(Math.floor(el.clientWidth));
    measure();
    const ro = new ResizeObserver(() => {
      if (t) clearTimeout(t);
      t = setTimeout(measure, 120);
    });
    ro.observe(el);
    return () => {
      ro.disconnect();
      if (t) clearTimeout(t);
    };
  }, []);

  useEffect(() => {
    if (width === 0) return;
    let cancelled = false;
    let textLayer: { cancel(): void } | null = null;
    let task: { cancel(): void } | null = null;
    setBusy(true);
    void (async () => {
      try {
        const [pdfjs, { doc, failed }] = await Promise.all([loadPdfJs(), openPdf(url)]);
        // A range fetched for this page that fails would otherwise leave pdf.js waiting for it.
        const p = await Promise.race([doc.getPage(Math.min(page, doc.numPages)), failed]);
        if (cancelled || !canvas.current || !layer.current) return;
        const shown = effectiveScale(zoom, {
          panelWidth: width,
          pageWidth: p.getViewport({ scale: 1 }).width * CSS_PER_POINT,
        });
        const scale = shown * CSS_PER_POINT;
        const viewport = p.getViewport({ scale });
        const dpr = window.devicePixelRatio || 1;
        const c = canvas.current;
        c.width = Math.floor(viewport.width * dpr);
        c.height = Math.floor(viewport.height * dpr);
        c.style.width = `${Math.floor(viewport.width)}px`;
        c.style.height = `${Math.floor(viewport.height)}px`;
        const render = p.render({ canvas: c, viewport, transform: dpr === 1 ? undefined : [dpr, 0, 0, dpr, 0, 0] });
        task = render;
        const div = layer.current;
        div.replaceChildren();
        div.style.setProperty("--scale-factor", String(scale));
        div.style.setProperty("--user-unit", "1");
        div.style.setProperty("--total-scale-factor", String(scale));
        const tl = new pdfjs.TextLayer({ textContentSource: p.streamTextContent(), container: div, viewport });
        textLayer = tl;
        await Promise.race([Promise.all([render.promise, tl.render()]), failed]);
        hideMeasuringCanvases();
        if (cancelled) return;
        let highlight: HighlightOutcome = "none";
        if (quote) {
          const ranges = findQuoteInRuns(tl.textContentItemsStr, quote, near);
          ranges.forEach((r) => mark(tl.textDivs[r.run]!, r.start, r.end));
          highlight = ranges.length ? "found" : "not-found";
          centreInViewer([...div.querySelectorAll("mark")]);
        }
        setBusy(false);
        reportScale.current(shown);
        report.current({ ok: true, highlight });
      } catch (err) {
        if (
          cancelled ||
          (err as Error)?.name === "RenderingCancelledException" ||
          (err as Error)?.name === "AbortException"
        )
          return;
        setBusy(false);
        report.current({ ok: false, highlight: "none" });
      }
    })();
    return () => {
      cancelled = true;
      task?.cancel();
      textLayer?.cancel();
    };
  }, [url, page, quote, near, width, zoom]);

  return (
    <div ref={box} className="relative w-full">
      {busy ? (
        <div className="absolute inset-x-0 top-8 z-10 text-center text-xs text-slate-500">Rendering page…</div>
      ) : null}
      <div className="relative mx-auto w-fit shadow-sm ring-1 ring-slate-200">
        <canvas ref={canvas} aria-label={`Page ${page}`} role="img" className="block" />
        <div ref={layer} className="textLayer" data-testid="pdf-text-layer" />
      </div>
    </div>
  );
}

/** Wraps [start, end) of a text-layer span's text in <mark>, keeping its layout (pdf.js's find does the same). */
function mark(div: HTMLElement, start: number, end: number): void {
  const text = div.textContent ?? "";
  const m = document.createElement("mark");
  m.className = "pdf-quote";
  m.textContent = text.slice(start, end);
  div.replaceChildren(document.createTextNode(text.slice(0, start)), m, document.createTextNode(text.slice(end)));
}

/**
 * pdf.js measures text on canvases it appends to <body> (outside every landmark): they draw
 * nothing anyone sees, so assistive technology is told to skip them.
 */
function hideMeasuringCanvases(): void {
  for (const c of document.querySelectorAll("body > canvas.hiddenCanvasElement")) c.setAttribute("aria-hidden", "true");
}
