import { useCallback, useState } from "react";
import type { FileInfo } from "../../../contracts/files.ts";
import type { Workspace } from "../../../contracts/workspaces.ts";
import { FileViewer, firstPageOf, type ViewerTarget } from "../thread/file-viewer.tsx";
import { FilesPanel } from "./files-panel.tsx";
import type { IndexingStatus } from "./indexing-text.ts";

/**
 * The workspace's files screen: the files panel, and beside it (a full-screen sheet on a phone)
 * the viewer citations open, showing a file picked from the list at its first page.
 */
export function FilesScreen(props: { workspace: Workspace; files: FileInfo[]; indexing: IndexingStatus }) {
  const [viewer, setViewer] = useState<ViewerTarget | null>(null);
  const open = useCallback(
    (f: FileInfo) => f.version_id && setViewer(firstPageOf({ ...f, version_id: f.version_id })),
    [],
  );
  const close = useCallback(() => setViewer(null), []);
  return (
    <div className={viewer ? "items-start lg:grid lg:grid-cols-2 lg:gap-4" : ""}>
      <FilesPanel {...props} onOpen={open} />
      {viewer ? (
        <FileViewer key={viewer.version_id} workspaceId={props.workspace.id} target={viewer} onClose={close} />
      ) : null}
    </div>
  );
}
