import { useEffect, useState } from "react";
import type { PageText } from "../../../contracts/files.ts";
import { findQuote } from "./find-quote.ts";
import { PageDiff } from "./page-diff.tsx";
import { PdfPageView, type HighlightOutcome } from "./pdf-page-view.tsx";
import { SheetPageView } from "./sheet-page-view.tsx";
import { TextPageView } from "./text-page-view.tsx";
import { useResourceJson } from "./use-resource-json.ts";
import { useDialogFocus } from "../ui/use-dialog-focus.ts";
import { useFileVersions, VersionBar, versionLabel } from "./version-bar.tsx";
import { X } from "lucide-react";

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
 * a grid with the cited cell marked, other files as the page's text with the quote's offsets marked. Pages can be turned; Escape closes it.
 */
export function FileViewer({
  workspaceId,
  target,
  onClose,
  placement = "beside",
}: {
  workspaceId: string;
  target: ViewerTarget;
  onClose: () => void;
  /** Beside a list (a sticky panel; a full-screen sheet on a phone), or filling a pane of the thread screen. */
  placement?: "beside" | "pane";
}) {
  const [page, setPage] = useState(target.page);
  const [pdf, setPdf] = useState<{ ok: boolean; highlight: HighlightOutcome } | null>(null);
  const [zoom, setZoom] = useState(1);
  const heading = useDialogFocus(onClose);
  const [versionId, setVersionId] = useState(target.version_id);
  const [compare, setCompare] = useState(false);
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

  return (
    <section aria-labelledby="viewer-title" data-testid="file-viewer" className={placement === "pane" ? PANE : BESIDE}>
      <header className="flex items-start gap-2 border-b border-slate-100 px-4 py-3">
        <div className="min-w-0 flex-1">
          <h2
            id="viewer-title"
            ref={heading}
            tabIndex={-1}
            className="truncate text-sm font-semibold text-slate-900 focus:outline-none"
          >
            {target.filename}
          </h2>
          <p className="text-xs text-slate-500" aria-live="polite">
            Page {page}
            {data ? ` of ${data.page_count}` : ""}
          </p>
        </div>
        <nav aria-label="Pages" className="flex items-center gap-1">
          <button
            type="button"
            onClick={() => setPage((p) => Math.max(1, p - 1))}
            disabled={page <= 1}
            aria-label="Previous page"
            className={navButton}
          >
            ‹
          </button>
          <button
            type="button"
            onClick={() => setPage((p) => p + 1)}
            disabled={!data || page >= data.page_count}
            aria-label="Next page"
            className={navButton}
          >
            ›
          </button>
        </nav>
        {data && showPdf ? (
          <div role="group" aria-label="Zoom" className="flex items-center gap-1 border-l border-slate-200 pl-1">
            <button
              type="button"
              onClick={() => setZoom((z) => Math.max(1, z - 0.5))}
              disabled={zoom <= 1}
              aria-label="Zoom out"
              className={navButton}
            >
              −
            </button>
            <button
              type="button"
              onClick={() => setZoom((z) => Math.min(3, z + 0.5))}
              disabled={zoom >= 3}
              aria-label="Zoom in"
              className={navButton}
            >
              +
            </button>
          </div>
        ) : null}
        <button type="button" onClick={onClose} aria-label="Close viewer" className={navButton}>
          <X className="size-4" aria-hidden="true" />
        </button>
      </header>
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
      {/* Focusable so a keyboard can scroll a page larger than the pane. */}
      <div
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

const navButton =
  "grid size-8 place-items-center rounded-md text-base text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-40";
