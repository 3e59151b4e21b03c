import {
  ChevronDown,
  ChevronLeft,
  ChevronRight,
  ChevronUp,
  LocateFixed,
  MoveHorizontal,
  X,
  ZoomIn,
  ZoomOut,
} from "lucide-react";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import type { Citation } from "../../../contracts/citation.ts";
import type { PageText } from "../../../contracts/files.ts";
import { citationSteps } from "./citation-steps.ts";
import { findQuote } from "./find-quote.ts";
import { PageDiff } from "./page-diff.tsx";
import { PdfPageView, type HighlightOutcome } from "./pdf-page-view.tsx";
import { SheetPageView } from "./sheet-page-view.tsx";
import { TextPageView } from "./text-page-view.tsx";
import { useResourceJson } from "./use-resource-json.ts";
import { useDialogFocus } from "../ui/use-dialog-focus.ts";
import { centreInViewer } from "./scroll-into-viewer.ts";
import { useFileVersions, VersionBar, versionLabel } from "./version-bar.tsx";
import { canZoomIn, canZoomOut, FIT, zoomForKey, zoomIn, zoomLabel, zoomOut, type Zoom } from "./viewer-zoom.ts";

/** What the viewer opens: a page of a file version, and the quote to mark on it when it was cited. */
export interface ViewerTarget {
  file_id: string;
  version_id: string;
  filename: string;
  page: number;
  quote: string | null;
  start: number | null;
  end: number | null;
  verified: boolean;
}

/** A file opened from a files list rather than a citation: its current version at page 1, nothing marked. */
export function firstPageOf(f: { id: string; version_id: string; filename: string }): ViewerTarget {
  return {
    file_id: f.id,
    version_id: f.version_id,
    filename: f.filename,
    page: 1,
    quote: null,
    start: null,
    end: null,
    verified: true,
  };
}

const BESIDE =
  "fixed inset-0 z-40 flex flex-col overflow-hidden bg-white lg:sticky lg:inset-auto lg:top-20 lg:z-auto lg:h-[calc(100vh-6rem)] lg:rounded-xl lg:border lg:border-slate-200 lg:shadow-sm";
const PANE = "flex h-full min-h-0 flex-1 flex-col overflow-hidden bg-white";

const isPdf = (p: PageText) => p.content_type === "application/pdf" || /\.pdf$/i.test(p.filename);

/**
 * The file viewer beside the thread (a full-screen sheet on a phone): the cited page, with the
 * quote highlighted: PDFs drawn by pdf.js with the quote marked in the text layer, spreadsheets as
 * a grid with the cited cell marked, other files as the page's text with the quote's offsets marked.
 * A toolbar turns pages, zooms (+, - and 0 inside the viewer), jumps back to the quote and steps
 * through the thread's citations; Escape closes it.
 */
export function FileViewer({
  workspaceId,
  target,
  citations = [],
  onOpenCitation,
  onClose,
  placement = "beside",
}: {
  workspaceId: string;
  target: ViewerTarget;
  /** The thread's citations, for Previous / Next citation (none: a file opened from a list). */
  citations?: Citation[];
  onOpenCitation?: (c: Citation) => void;
  onClose: () => void;
  /** Beside a list (a sticky panel; a full-screen sheet on a phone), or filling a pane of the thread screen. */
  placement?: "beside" | "pane";
}) {
  const [page, setPage] = useState(target.page);
  const [pdf, setPdf] = useState<{ ok: boolean; highlight: HighlightOutcome } | null>(null);
  const [zoom, setZoom] = useState<Zoom>(FIT);
  const [scale, setScale] = useState<number | null>(null);
  const heading = useDialogFocus(onClose);
  const [versionId, setVersionId] = useState(target.version_id);
  const [compare, setCompare] = useState(false);
  // Another citation opened in this viewer: its page and version, keeping the zoom and the focus.
  const [shown, setShown] = useState(target);
  if (shown !== target) {
    setShown(target);
    setPage(target.page);
    setVersionId(target.version_id);
    setCompare(false);
  }
  const scroller = useRef<HTMLDivElement>(null);
  const versions = useFileVersions(workspaceId, target.file_id);
  const previous = versions[versions.findIndex((v) => v.version_id === versionId) - 1]?.version_id ?? null;
  const files = `/resources/workspaces/${encodeURIComponent(workspaceId)}/files/${encodeURIComponent(target.file_id)}/versions`;
  const base = `${files}/${encodeURIComponent(versionId)}`;
  const diffing = compare && previous !== null;
  const before = useResourceJson<PageText>(
    diffing ? `${files}/${encodeURIComponent(previous)}/pages/${page}` : null,
    "This page",
  );

  const loaded = useResourceJson<PageText>(`${base}/pages/${page}`, "This page");
  useEffect(() => setPdf(null), [base, page]);

  const cited = page === target.page && versionId === target.version_id && Boolean(target.quote);
  const data = loaded.state === "ok" ? loaded.data : null;
  // The server's offsets when it verified the quote; otherwise look for the quote here.
  const range =
    data && cited
      ? target.verified && target.start !== null && target.end !== null
        ? { start: target.start, end: target.end }
        : findQuote(data.text, target.quote!)
      : null;
  // In the PDF's own text layer, search for the words as they stand on the page.
  const pdfQuote = data && cited ? (range ? data.text.slice(range.start, range.end) : target.quote) : null;
  const near = data && range ? range.start / Math.max(1, data.text.length) : undefined;
  const showPdf = data !== null && isPdf(data) && pdf?.ok !== false;
  const found = showPdf ? pdf?.highlight === "found" : range !== null;
  const zoomable = showPdf && !diffing && scale !== null;
  const steps = citationSteps(citations, target);

  const jumpToQuote = () => {
    if (!cited) {
      // The quote is on another page or version: go back to it (it is centred once drawn).
      setPage(target.page);
      setVersionId(target.version_id);
      setCompare(false);
      return;
    }
    centreInViewer([...(scroller.current?.querySelectorAll("mark, [data-cited]") ?? [])]);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (!zoomable || e.ctrlKey || e.metaKey || e.altKey) return;
    if ((e.target as HTMLElement).closest("input, textarea, select, [contenteditable='true']")) return;
    const next = zoomForKey(e.key, scale);
    if (!next) return;
    e.preventDefault();
    setZoom(next);
  };

  return (
    <section
      aria-labelledby="viewer-title"
      data-testid="file-viewer"
      onKeyDown={onKeyDown}
      className={placement === "pane" ? PANE : BESIDE}
    >
      <header className="flex items-center gap-2 border-b border-slate-100 px-4 py-2">
        <h2
          id="viewer-title"
          ref={heading}
          tabIndex={-1}
          className="min-w-0 flex-1 truncate text-sm font-semibold text-slate-900 focus:outline-none"
        >
          {target.filename}
        </h2>
        <button type="button" onClick={onClose} aria-label="Close viewer" className={navButton}>
          <X className="size-4" aria-hidden="true" />
        </button>
      </header>
      <div
        role="toolbar"
        aria-label="Viewer"
        data-testid="viewer-toolbar"
        className="flex flex-wrap items-center gap-x-0.5 gap-y-1 border-b border-slate-100 px-2 py-1"
      >
        <div role="group" aria-label="Pages" className="flex items-center">
          <button
            type="button"
            onClick={() => setPage((p) => Math.max(1, p - 1))}
            disabled={page <= 1}
            aria-label="Previous page"
            className={toolButton}
          >
            <ChevronLeft className="size-4" aria-hidden="true" />
          </button>
          <p className="px-1 text-center text-xs tabular-nums text-slate-600" aria-live="polite">
            Page {page}
            {data ? ` of ${data.page_count}` : ""}
          </p>
          <button
            type="button"
            onClick={() => setPage((p) => p + 1)}
            disabled={!data || page >= data.page_count}
            aria-label="Next page"
            className={toolButton}
          >
            <ChevronRight className="size-4" aria-hidden="true" />
          </button>
        </div>
        {showPdf && !diffing ? (
          <div role="group" aria-label="Zoom" className={groupClass}>
            <button
              type="button"
              onClick={() => scale !== null && setZoom(zoomOut(scale))}
              disabled={!zoomable || !canZoomOut(scale)}
              aria-label="Zoom out"
              aria-keyshortcuts="-"
              className={toolButton}
            >
              <ZoomOut className="size-4" aria-hidden="true" />
            </button>
            <output
              aria-label="Zoom level"
              data-testid="zoom-level"
              className="w-9 text-center text-xs tabular-nums text-slate-600"
            >
              {scale === null ? "…" : zoomLabel(scale)}
            </output>
            <button
              type="button"
              onClick={() => scale !== null && setZoom(zoomIn(scale))}
              disabled={!zoomable || !canZoomIn(scale)}
              aria-label="Zoom in"
              aria-keyshortcuts="+"
              className={toolButton}
            >
              <ZoomIn className="size-4" aria-hidden="true" />
            </button>
            <button
              type="button"
              onClick={() => setZoom(FIT)}
              disabled={!zoomable}
              aria-label="Fit width"
              aria-pressed={zoom.kind === "fit"}
              aria-keyshortcuts="0"
              title="Fit width"
              className={`${toolButton} aria-pressed:bg-slate-100 aria-pressed:text-slate-900`}
            >
              <MoveHorizontal className="size-4" aria-hidden="true" />
            </button>
          </div>
        ) : null}
        {target.quote ? (
          <div className={groupClass}>
            <button
              type="button"
              onClick={jumpToQuote}
              disabled={cited && !found}
              aria-label="Jump to quote"
              title="Jump to quote"
              className={toolButton}
            >
              <LocateFixed className="size-4" aria-hidden="true" />
            </button>
          </div>
        ) : null}
        {steps.steps.length > 1 && onOpenCitation ? (
          <div role="group" aria-label="Citations" className={groupClass}>
            <button
              type="button"
              onClick={() => onOpenCitation(steps.steps[steps.index - 1]!)}
              disabled={steps.index <= 0}
              aria-label="Previous citation"
              className={toolButton}
            >
              <ChevronUp className="size-4" aria-hidden="true" />
            </button>
            <p
              className="min-w-[3.5rem] text-center text-xs tabular-nums text-slate-600"
              data-testid="citation-counter"
            >
              {steps.index >= 0 ? `${steps.index + 1} of ${steps.steps.length}` : `${steps.steps.length} cited`}
            </p>
            <button
              type="button"
              onClick={() => onOpenCitation(steps.steps[steps.index + 1]!)}
              disabled={steps.index < 0 || steps.index >= steps.steps.length - 1}
              aria-label="Next citation"
              className={toolButton}
            >
              <ChevronDown className="size-4" aria-hidden="true" />
            </button>
          </div>
        ) : null}
      </div>
      <VersionBar
        versions={versions}
        current={versionId}
        cited={target.version_id}
        compare={compare}
        onChange={(id) => setVersionId(id)}
        onCompare={setCompare}
      />
      {cited ? (
        <div
          className={`border-b px-4 py-2 text-xs ${target.verified ? "border-slate-100 bg-slate-50 text-slate-700" : "border-amber-200 bg-amber-50 text-amber-900"}`}
        >
          <q className="line-clamp-3 italic">{target.quote}</q>
          <p className="mt-1 font-medium" data-testid="quote-status">
            {!target.verified
              ? "Unverified: the quote was not found on this page when the answer was written."
              : data && (!showPdf || pdf)
                ? found
                  ? data?.sheet
                    ? "Marked at its cell."
                    : "Highlighted on the page."
                  : "The quote could not be located in the page as displayed."
                : "Locating the quote…"}
          </p>
        </div>
      ) : null}
      {/* Focusable so a zoomed page scrolls with the arrow keys too. */}
      <div
        ref={scroller}
        data-viewer-scroll=""
        tabIndex={0}
        role="region"
        aria-label="Page view"
        className="min-h-0 flex-1 overflow-auto bg-slate-100 p-3 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
      >
        {loaded.state === "loading" ? <p className="p-4 text-sm text-slate-500">Loading page…</p> : null}
        {loaded.state === "error" ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {loaded.message}
          </p>
        ) : null}
        {data && diffing && before.state === "ok" ? (
          <PageDiff
            before={before.data.text}
            after={data.text}
            beforeLabel={versionLabel(versions, previous)}
            afterLabel={versionLabel(versions, versionId)}
          />
        ) : null}
        {data && diffing && before.state === "error" ? (
          <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
            The previous version: {before.message}
          </p>
        ) : null}
        {data && !diffing && showPdf ? (
          <PdfPageView
            url={`${base}/content`}
            page={page}
            quote={pdfQuote}
            near={near}
            zoom={zoom}
            onRendered={setPdf}
            onScale={setScale}
          />
        ) : null}
        {data && !diffing && !showPdf && data.sheet ? (
          <SheetPageView text={data.text} layout={data.sheet} range={range} />
        ) : null}
        {data && !diffing && !showPdf && !data.sheet ? <TextPageView text={data.text} range={range} /> : null}
        {data && isPdf(data) && pdf?.ok === false ? (
          <p className="mt-2 text-xs text-slate-500">
            The PDF could not be drawn here: showing the page's text instead.
          </p>
        ) : null}
      </div>
    </section>
  );
}

const groupClass = "flex items-center border-l border-slate-200 pl-0.5";

/** Toolbar buttons: a little smaller than the header's, so the whole bar fits one row in the side panel. */
const toolButton =
  "grid size-7 place-items-center rounded-md text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-40";

const navButton =
  "grid size-8 place-items-center rounded-md text-base text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-40";
