import { useEffect, useId, useRef, useState, type CSSProperties } from "react";
import type { Citation } from "../../../contracts/citation.ts";

const PREVIEW_WIDTH = 288;
const MARGIN = 8;

/** Where the preview goes: above the chip (below when there is no room), kept inside the window. */
function placement(chip: DOMRect): CSSProperties {
  const width = Math.min(PREVIEW_WIDTH, window.innerWidth - 2 * MARGIN);
  const left = Math.min(Math.max(MARGIN, chip.left + chip.width / 2 - width / 2), window.innerWidth - width - MARGIN);
  return chip.top > 170
    ? { left, width, bottom: window.innerHeight - chip.top + 6 }
    : { left, width, top: chip.bottom + 6 };
}

/**
 * A citation marker as a chip: click (or Enter) opens the cited page in the viewer; hover or
 * focus previews the file, page and quote. A quote the server could not find on that page is
 * flagged "unverified", never hidden.
 */
export function CitationChip({ citation: c, onOpen }: { citation: Citation; onOpen: (c: Citation) => void }) {
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const [style, setStyle] = useState<CSSProperties | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const show = (on: boolean, ms: number) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(
      () => setStyle(on && button.current ? placement(button.current.getBoundingClientRect()) : null),
      ms,
    );
  };
  // A fixed preview would float away from its chip when the page scrolls: close it instead.
  useEffect(() => {
    if (!style) return;
    const close = () => setStyle(null);
    window.addEventListener("scroll", close, { capture: true, passive: true, once: true });
    return () => window.removeEventListener("scroll", close, { capture: true });
  }, [style]);
  const tone = c.verified
    ? "border-brand-200 bg-brand-50 text-brand-700 hover:bg-brand-100"
    : "border-amber-300 bg-amber-50 text-amber-800 hover:bg-amber-100";
  return (
    <span
      className="inline-block align-baseline"
      onMouseEnter={() => show(true, 120)}
      onMouseLeave={() => show(false, 80)}
    >
      <button
        ref={button}
        type="button"
        data-citation={c.n}
        data-verified={c.verified}
        aria-label={`Source ${c.n}: ${c.filename}, page ${c.page}${c.verified ? "" : ", unverified"}`}
        aria-describedby={id}
        onClick={() => {
          show(false, 0);
          onOpen(c);
        }}
        onFocus={() => show(true, 0)}
        onBlur={() => show(false, 0)}
        onKeyDown={(e) => e.key === "Escape" && show(false, 0)}
        className={`mx-0.5 inline-flex items-center gap-1 rounded border px-1.5 py-px align-[0.1em] text-[0.7rem] font-semibold leading-4 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 ${tone}`}
      >
        {c.n}
        {c.verified ? null : <span className="font-medium">unverified</span>}
      </button>
      {/* Fixed, not absolute: a preview near the edge must not widen the page on a phone. */}
      <span
        id={id}
        role="tooltip"
        style={style ?? undefined}
        className={`fixed z-50 rounded-lg border border-slate-200 bg-white p-3 text-left text-xs font-normal leading-5 text-slate-700 shadow-lg ${style ? "block" : "hidden"}`}
      >
        <span className="block truncate font-semibold text-slate-900">{c.filename}</span>
        <span className="block text-slate-500">Page {c.page}</span>
        <q className="mt-1 line-clamp-4 block italic text-slate-700">{c.quote}</q>
        {c.verified ? null : (
          <span className="mt-1.5 block font-medium text-amber-800">
            Unverified: this quote was not found on the cited page.
          </span>
        )}
      </span>
    </span>
  );
}
