import { useEffect, useRef, useState } from "react";
import type { ThreadFile } from "../../../contracts/thread-files.ts";
import type { ThreadFileTarget } from "./thread-file-viewer.tsx";

/** "Files (n)": the files this thread's answers wrote, newest first; choosing one opens its latest version. */
export function ThreadFilesMenu({ files, onOpen }: { files: ThreadFile[]; onOpen: (f: ThreadFileTarget) => void }) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => box.current && !box.current.contains(e.target as Node) && setOpen(false);
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    document.addEventListener("mousedown", onDown);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);
  if (!files.length) return null;
  const sorted = [...files].sort((a, b) => b.updated_at.localeCompare(a.updated_at));
  return (
    <div ref={box} className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="thread-files-list"
        onClick={() => setOpen((v) => !v)}
        className="rounded-md border border-slate-200 px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-100"
      >
        Files ({files.length})
      </button>
      {open ? (
        <ul
          id="thread-files-list"
          aria-label="Thread files"
          className="absolute right-0 z-30 mt-1 w-72 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          {sorted.map((f) => (
            <li key={f.file_id}>
              <button
                type="button"
                onClick={() => {
                  setOpen(false);
                  onOpen({ file_id: f.file_id, version_id: f.latest_version_id, filename: f.filename });
                }}
                className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-slate-100"
              >
                <span className="min-w-0 flex-1 truncate text-slate-900">{f.filename}</span>
                <span className="shrink-0 text-xs text-slate-500">
                  {f.versions.length} version{f.versions.length === 1 ? "" : "s"}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
