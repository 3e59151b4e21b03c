import { useEffect, useRef, type ReactNode } from "react";
import { X } from "lucide-react";

/**
 * The files pane as a drawer from the left (tablets, where three panes do not fit): a modal
 * <dialog>, so focus stays inside and Escape closes it; a click on the backdrop closes it too.
 */
export function FilesDrawer({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      aria-labelledby="files-drawer-title"
      onClose={onClose}
      onClick={(e) => e.target === e.currentTarget && onClose()}
      className="fixed inset-y-0 left-0 m-0 h-full max-h-none w-80 max-w-[85vw] border-r border-slate-200 bg-white p-0 shadow-2xl backdrop:bg-slate-900/40"
    >
      {open ? (
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between border-b border-slate-100 px-4 py-3">
            <h2 id="files-drawer-title" className="text-sm font-semibold text-slate-900">
              Files
            </h2>
            <button
              type="button"
              onClick={onClose}
              aria-label="Close files"
              className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
        </div>
      ) : null}
    </dialog>
  );
}
