import { useEffect, useId, useRef, useState, type RefObject } from "react";
import { ChevronDown, FileText, HardDrive, Link2 } from "lucide-react";
import { buttonClass } from "../ui/button.tsx";

export type ImportSource = "url" | "gdrive" | "edgar";

export const DRIVE_NOT_CONFIGURED = "Google Drive import isn't configured on this server.";

/**
 * 'Add from' beside the upload: a URL, Google Drive, SEC EDGAR. A disclosure of plain buttons
 * (Tab moves through them, Escape or a click outside closes it). Drive without the Picker
 * configured stays listed, disabled, with the reason under it.
 */
export function AddFromMenu({
  driveConfigured,
  onPick,
  toggle,
}: {
  driveConfigured: boolean;
  onPick: (s: ImportSource) => void;
  /** The 'Add from' button, which gets focus back when the picked source closes. */
  toggle: RefObject<HTMLButtonElement | null>;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const reasonId = useId();

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => root.current?.contains(e.target as Node) || setOpen(false);
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener("pointerdown", onDown);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [open, toggle]);

  const pick = (s: ImportSource) => {
    setOpen(false);
    onPick(s);
  };
  const item =
    "flex w-full items-start gap-2.5 rounded-md px-2.5 py-2 text-left text-sm text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600";
  return (
    <div ref={root} className="relative">
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
        className={buttonClass("secondary", "px-3 py-1.5")}
      >
        Add from
        <ChevronDown className="size-4" aria-hidden="true" />
      </button>
      {open ? (
        <ul
          id={menuId}
          aria-label="Add from"
          className="absolute right-0 z-30 mt-2 w-72 max-w-[calc(100vw-2rem)] space-y-0.5 rounded-lg border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          <li>
            <button type="button" className={item} onClick={() => pick("url")} autoFocus>
              <Link2 className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
              <span>
                <span className="block font-medium">URL</span>
                <span className="block text-xs text-slate-600">A file at a public web address</span>
              </span>
            </button>
          </li>
          <li>
            <button
              type="button"
              className={`${item} ${driveConfigured ? "" : "cursor-not-allowed hover:bg-transparent"}`}
              aria-disabled={driveConfigured ? undefined : true}
              aria-describedby={driveConfigured ? undefined : reasonId}
              onClick={() => driveConfigured && pick("gdrive")}
            >
              <HardDrive
                className={`mt-0.5 size-4 shrink-0 ${driveConfigured ? "text-slate-500" : "text-slate-400"}`}
                aria-hidden="true"
              />
              <span>
                <span className={`block font-medium ${driveConfigured ? "" : "text-slate-500"}`}>Google Drive</span>
                {driveConfigured ? (
                  <span className="block text-xs text-slate-600">Files from your Drive, Docs and Sheets too</span>
                ) : (
                  <span id={reasonId} className="block text-xs text-slate-600">
                    {DRIVE_NOT_CONFIGURED}
                  </span>
                )}
              </span>
            </button>
          </li>
          <li>
            <button type="button" className={item} onClick={() => pick("edgar")}>
              <FileText className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
              <span>
                <span className="block font-medium">SEC EDGAR</span>
                <span className="block text-xs text-slate-600">Public company filings (10-K, 10-Q, 8-K…)</span>
              </span>
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
