import { useEffect, useId, useRef, useState } from "react";
import type { FileInfo } from "../../../contracts/files.ts";
import type { ThreadFile } from "../../../contracts/thread-files.ts";
import { firstPageOf, type ViewerTarget } from "./file-viewer.tsx";
import type { ThreadFileTarget } from "./thread-file-viewer.tsx";

/** "Files (n)": the files this thread's answers wrote, newest first; choosing one opens its latest version. */
export function ThreadFilesMenu({ files, onOpen }: { files: ThreadFile[]; onOpen: (f: ThreadFileTarget) => void }) {
  const sorted = [...files].sort((a, b) => b.updated_at.localeCompare(a.updated_at));
  return (
    <FilesMenu
      label={`Files (${files.length})`}
      listLabel="Thread files"
      entries={sorted.map((f) => ({
        key: f.file_id,
        name: f.filename,
        detail: `${f.versions.length} version${f.versions.length === 1 ? "" : "s"}`,
        choose: () => onOpen({ file_id: f.file_id, version_id: f.latest_version_id, filename: f.filename }),
      }))}
    />
  );
}

/** The statuses a file is listed with here, and what is said of it (a failed one is explained on the files screen). */
const PENDING = { uploaded: "Queued", indexing: "Indexing", indexed: "" } as const;

/** "Pod files (n)": the workspace's files that have a version to show; choosing one opens it at page 1. */
export function PodFilesMenu({ files, onOpen }: { files: FileInfo[]; onOpen: (t: ViewerTarget) => void }) {
  const shown = files.flatMap((f) => (f.version_id && f.status in PENDING ? [{ ...f, version_id: f.version_id }] : []));
  return (
    <FilesMenu
      label={`Pod files (${shown.length})`}
      listLabel="Pod files"
      entries={shown.map((f) => ({
        key: f.id,
        name: f.filename,
        detail: PENDING[f.status as keyof typeof PENDING],
        choose: () => onOpen(firstPageOf(f)),
      }))}
    />
  );
}

interface Entry {
  key: string;
  name: string;
  detail: string;
  choose: () => void;
}

/** A button that drops down a list of files; outside clicks and Escape close it. Nothing when the list is empty. */
function FilesMenu({ label, listLabel, entries }: { label: string; listLabel: string; entries: Entry[] }) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const id = useId();
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
  if (!entries.length) return null;
  return (
    <div ref={box} className="relative">
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((v) => !v)}
        className="rounded-md border border-slate-200 px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-100"
      >
        {label}
      </button>
      {open ? (
        <ul
          id={id}
          aria-label={listLabel}
          className="absolute right-0 z-30 mt-1 max-h-80 w-72 max-w-[calc(100vw-2rem)] overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          {entries.map((e) => (
            <li key={e.key}>
              <button
                type="button"
                onClick={() => {
                  setOpen(false);
                  // The list goes away: the viewer gives focus back to the toggle when it closes.
                  toggle.current?.focus();
                  e.choose();
                }}
                className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-slate-100"
              >
                <span className="min-w-0 flex-1 truncate text-slate-900">{e.name}</span>
                {e.detail ? <span className="shrink-0 text-xs text-slate-500">{e.detail}</span> : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
