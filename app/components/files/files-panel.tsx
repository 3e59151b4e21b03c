import type { FileInfo } from "../../../contracts/files.ts";
import type { Workspace } from "../../../contracts/workspaces.ts";
import { formatBytes } from "../../lib/format.ts";
import { buttonClass } from "../ui/button.tsx";
import { Card } from "../ui/card.tsx";
import { EdgarImport } from "./edgar-import.tsx";
import { FileRow } from "./file-row.tsx";
import { IndexingProgress } from "./indexing-progress.tsx";
import type { IndexingStatus } from "./indexing-text.ts";
import { useIndexingStatus } from "./use-indexing-status.ts";
import { WorkspaceUploader } from "./workspace-uploader.tsx";

export function FilesPanel({
  workspace,
  files,
  indexing,
  onOpen,
}: {
  workspace: Workspace;
  files: FileInfo[];
  indexing: IndexingStatus;
  /** Opens a file in the viewer (its name becomes a button). */
  onOpen?: (f: FileInfo) => void;
}) {
  const owner = workspace.permission === "owner";
  const live = useIndexingStatus(workspace.id, indexing, files);
  const total = files.reduce((n, f) => n + f.byte_size, 0);
  return (
    <Card>
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 px-5 py-4">
        <div>
          <h2 className="text-base font-semibold text-slate-900">Files</h2>
          <p className="text-sm text-slate-500">
            {files.length === 0
              ? "No files yet"
              : `${files.length} file${files.length === 1 ? "" : "s"} · ${formatBytes(total)}`}
          </p>
        </div>
        {files.length > 0 ? (
          <a
            href={`/resources/workspaces/${workspace.id}/files-zip`}
            download="workspace_files.zip"
            className={buttonClass("secondary", "px-3 py-1.5")}
          >
            <svg
              viewBox="0 0 20 20"
              className="size-4"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.6"
            >
              <path d="M10 3v9m0 0-3.5-3.5M10 12l3.5-3.5M4 14v2h12v-2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            Download all
          </a>
        ) : null}
      </header>
      <div className="space-y-4 p-5">
        {owner ? <WorkspaceUploader workspaceId={workspace.id} /> : null}
        {owner ? <EdgarImport workspaceId={workspace.id} /> : null}
        <IndexingProgress status={live.status} owner={owner} />
        {files.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-500">
            {owner ? "Upload the documents you want the analyst to read." : "This workspace has no files yet."}
          </p>
        ) : (
          <ul
            className="@container divide-y divide-slate-100 rounded-lg border border-slate-200"
            aria-label="Workspace files"
          >
            {files.map((f) => (
              <FileRow key={f.id} workspaceId={workspace.id} file={live.current(f)} owner={owner} onOpen={onOpen} />
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
