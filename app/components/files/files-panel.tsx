import { Download } from "lucide-react";
import { useCallback, useRef, useState } from "react";
import { useRouteLoaderData } from "react-router";
import type { FileInfo } from "../../../contracts/files.ts";
import type { Workspace } from "../../../contracts/workspaces.ts";
import { formatBytes } from "../../lib/format.ts";
import { buttonClass } from "../ui/button.tsx";
import { Card } from "../ui/card.tsx";
import type { loader as rootLoader } from "../../root.tsx";
import { AddFromMenu, type ImportSource } from "./add-from-menu.tsx";
import { DriveImport } from "./drive-import.tsx";
import { EdgarPicker } from "./edgar-import.tsx";
import { ImportPanel } from "./import-panel.tsx";
import { UrlImportDialog } from "./url-import-dialog.tsx";
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
  const picker = useRouteLoaderData<typeof rootLoader>("root")?.env.googlePicker ?? null;
  const [source, setSource] = useState<ImportSource | null>(null);
  const addFrom = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setSource(null);
    // The dialog or panel is gone: focus goes back to where it was opened from.
    requestAnimationFrame(() => addFrom.current?.focus());
  }, []);
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
        <div className="flex flex-wrap items-center gap-2">
          {owner ? <AddFromMenu driveConfigured={picker !== null} onPick={setSource} toggle={addFrom} /> : null}
          {files.length > 0 ? (
            <a
              href={`/resources/workspaces/${workspace.id}/files-zip`}
              download="workspace_files.zip"
              className={buttonClass("secondary", "px-3 py-1.5")}
            >
              <Download className="size-4" aria-hidden="true" />
              Download all
            </a>
          ) : null}
        </div>
      </header>
      <div className="space-y-4 p-5">
        {owner ? <WorkspaceUploader workspaceId={workspace.id} /> : null}
        {owner && source === "url" ? <UrlImportDialog workspaceId={workspace.id} onClose={close} /> : null}
        {owner && source === "gdrive" && picker ? (
          <ImportPanel title="Add from Google Drive" onClose={close}>
            <DriveImport workspaceId={workspace.id} config={picker} />
          </ImportPanel>
        ) : null}
        {owner && source === "edgar" ? (
          <ImportPanel title="Add from SEC EDGAR" onClose={close}>
            <EdgarPicker workspaceId={workspace.id} />
          </ImportPanel>
        ) : null}
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
