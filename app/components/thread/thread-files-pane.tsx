import type { ReactNode } from "react";
import { FileText, FilePen } from "lucide-react";
import type { FileInfo } from "../../../contracts/files.ts";
import type { ThreadFile } from "../../../contracts/thread-files.ts";
import { documentFacts } from "../../lib/format.ts";
import { firstPageOf, type ViewerTarget } from "./file-viewer.tsx";
import type { ThreadFileTarget } from "./thread-file-viewer.tsx";

/** The statuses a Pod file is listed with here, and what is said of it (a failed one is explained on the files screen). */
const PENDING = { uploaded: "Queued", indexing: "Indexing", indexed: "" } as const;

interface Props {
  podFiles: FileInfo[];
  files: ThreadFile[];
  /** The file open in the viewer, marked in the lists. */
  openFileId: string | null;
  onOpenPage: (t: ViewerTarget) => void;
  onOpenFile: (f: ThreadFileTarget) => void;
  /** The Pod's thread list (from the workspace frame). */
  threadNav: ReactNode;
  snapshotMode: boolean;
}

/**
 * The files pane: the Pod's files (each opens at page 1 in the viewer), the files this thread's
 * answers wrote (each opens its latest version), and the Pod's threads.
 */
export function ThreadFilesPane({
  podFiles,
  files,
  openFileId,
  onOpenPage,
  onOpenFile,
  threadNav,
  snapshotMode,
}: Props) {
  const shown = podFiles.flatMap((f) =>
    f.version_id && f.status in PENDING ? [{ ...f, version_id: f.version_id }] : [],
  );
  const written = [...files].sort((a, b) => b.updated_at.localeCompare(a.updated_at));
  return (
    <div className="space-y-5 p-3">
      {snapshotMode ? null : (
        <PaneList
          title="Pod files"
          empty="No files in this Pod yet: add them under All files."
          entries={shown.map((f) => ({
            key: f.id,
            name: f.filename,
            about: aboutDocument(f.document),
            detail: PENDING[f.status as keyof typeof PENDING],
            open: f.id === openFileId,
            icon: <FileText className="size-4 shrink-0 text-slate-400" aria-hidden="true" />,
            choose: () => onOpenPage(firstPageOf(f)),
          }))}
        />
      )}
      <PaneList
        title="Thread files"
        empty="Files the answers write (reports, spreadsheets) appear here."
        entries={written.map((f) => ({
          key: f.file_id,
          name: f.filename,
          detail: `${f.versions.length} version${f.versions.length === 1 ? "" : "s"}`,
          open: f.file_id === openFileId,
          icon: <FilePen className="size-4 shrink-0 text-slate-400" aria-hidden="true" />,
          choose: () => onOpenFile({ file_id: f.file_id, version_id: f.latest_version_id, filename: f.filename }),
        }))}
      />
      {threadNav}
    </div>
  );
}

/**
 * What indexing found the file to be, as the Pod's files panel shows it: kind and period first,
 * then the title, so the narrow pane's one line still says what it is when the title is cut.
 */
function aboutDocument(d: FileInfo["document"]): string | undefined {
  const parts = [...documentFacts(d), ...(d?.title ? [d.title] : [])];
  return parts.length > 0 ? parts.join(" · ") : undefined;
}

interface Entry {
  key: string;
  name: string;
  /** A second line: what the file is (a Pod file's derived title, kind and period). */
  about?: string;
  detail: string;
  open: boolean;
  icon: ReactNode;
  choose: () => void;
}

function PaneList({ title, empty, entries }: { title: string; empty: string; entries: Entry[] }) {
  const id = `pane-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="px-1 pb-1.5 text-xs font-semibold uppercase tracking-wide text-slate-500">
        {title} <span className="font-normal">({entries.length})</span>
      </h2>
      {entries.length === 0 ? (
        <p className="px-1 text-sm text-slate-500">{empty}</p>
      ) : (
        <ul aria-label={title} className="space-y-0.5">
          {entries.map((e) => (
            <li key={e.key}>
              <button
                type="button"
                aria-current={e.open || undefined}
                onClick={e.choose}
                className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 aria-[current]:bg-brand-50 aria-[current]:font-medium aria-[current]:text-brand-700"
              >
                {e.icon}
                <span className="min-w-0 flex-1">
                  <span className="block truncate">{e.name}</span>
                  {e.about ? (
                    <span
                      className="block truncate text-xs font-normal text-slate-600"
                      data-testid="document-profile"
                      title={e.about}
                    >
                      {e.about}
                    </span>
                  ) : null}
                </span>
                {e.detail ? <span className="shrink-0 text-xs text-slate-500">{e.detail}</span> : null}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
