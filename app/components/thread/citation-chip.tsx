import { useId, useRef, useState } from "react";
import type { Citation } from "../../../contracts/citation.ts";

/**
 * A citation marker as a chip: click (or Enter) opens the cited page in the viewer; hover or
 * focus previews the file, page and quote. A quote the server could not find on that page is
 * flagged "unverified", never hidden.
 */
export function CitationChip({ citation: c, onOpen }: { citation: Citation; onOpen: (c: Citation) => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const show = (on: boolean, ms: number) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(on), ms);
  };
  const tone = c.verified
    ? "border-brand-200 bg-brand-50 text-brand-700 hover:bg-brand-100"
    : "border-amber-300 bg-amber-50 text-amber-800 hover:bg-amber-100";
  return (
    <span className="relative inline-block align-baseline" onMouseEnter={() => show(true, 120)} onMouseLeave={() => show(false, 80)}>
      <button
        type="button"
        data-citation={c.n}
        data-verified={c.verified}
        aria-label={`Source ${c.n}: ${c.filename}, page ${c.page}${c.verified ? "" : ", unverified"}`}
        aria-describedby={id}
        onClick={() => onOpen(c)}
        onFocus={() => show(true, 0)}
        onBlur={() => show(false, 0)}
        onKeyDown={(e) => e.key === "Escape" && setOpen(false)}
        className={`mx-0.5 inline-flex items-center gap-1 rounded border px-1.5 py-px align-[0.1em] text-[0.7rem] font-semibold leading-4 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 ${tone}`}
      >
        {c.n}
        {c.verified ? null : <span className="font-medium">unverified</span>}
      </button>
      <span
        id={id}
        role="tooltip"
        className={`absolute bottom-full left-1/2 z-30 mb-1.5 w-72 max-w-[80vw] -translate-x-1/2 rounded-lg border border-slate-200 bg-white p-3 text-left text-xs font-normal leading-5 text-slate-700 shadow-lg ${
          open ? "block" : "hidden"
        }`}
      >
        <span className="block truncate font-semibold text-slate-900">{c.filename}</span>
        <span className="block text-slate-500">Page {c.page}</span>
        <q className="mt-1 line-clamp-4 block italic text-slate-700">{c.quote}</q>
        {c.verified ? null : (
          <span className="mt-1.5 block font-medium text-amber-800">Unverified: this quote was not found on the cited page.</span>
        )}
      </span>
    </span>
  );
}
