import type { ReactNode } from "react";
import { X } from "lucide-react";

/** The open 'Add from' source under the upload (EDGAR, Drive): its title and a Close button. */
export function ImportPanel({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-lg border border-slate-200">
      <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-2.5">
        <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
        <button
          type="button"
          aria-label={`Close ${title}`}
          onClick={onClose}
          className="rounded-md p-1 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
      <div className="p-4">{children}</div>
    </section>
  );
}
