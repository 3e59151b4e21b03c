import { useEffect, useRef } from "react";
import type { Range } from "./find-quote.ts";
import { centreInViewer } from "./scroll-into-viewer.ts";

/** A page's text (documents, sheets, slides, or a PDF that could not be drawn) with the quote marked. */
export function TextPageView({ text, range }: { text: string; range: Range | null }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    centreInViewer(ref.current);
  }, [text, range]);
  if (!text.trim()) return <p className="p-4 text-sm text-slate-500">This page has no text.</p>;
  const r = range && range.start >= 0 && range.end <= text.length && range.end > range.start ? range : null;
  return (
    <pre className="whitespace-pre-wrap break-words rounded-lg border border-slate-200 bg-white p-4 font-sans text-sm leading-6 text-slate-800 [tab-size:4]">
      {r ? (
        <>
          {text.slice(0, r.start)}
          <mark ref={ref} className="rounded bg-amber-200 px-0.5 text-slate-900">
            {text.slice(r.start, r.end)}
          </mark>
          {text.slice(r.end)}
        </>
      ) : (
        text
      )}
    </pre>
  );
}
