import { useCallback, useState } from "react";
import { useSearchParams } from "react-router";
import type { FileInfo } from "../../../contracts/files.ts";
import type { Workspace } from "../../../contracts/workspaces.ts";
import { FileViewer, firstPageOf, type ViewerTarget } from "../thread/file-viewer.tsx";
import { FilesPanel } from "./files-panel.tsx";
import type { IndexingStatus } from "./indexing-text.ts";

/** The viewer a link asks for with `?file=<id>&page=<n>` (a /search result), if that file is here. */
function targetFromUrl(params: URLSearchParams, files: FileInfo[]): ViewerTarget | null {
  const id = params.get("file");
  const f = id ? files.find((x) => x.id === id || x.file_id === id) : undefined;
  if (!f?.version_id) return null;
  const page = Number.parseInt(params.get("page") ?? "", 10);
  return { ...firstPageOf({ ...f, version_id: f.version_id }), page: page > 0 ? page : 1 };
}

/**
 * The workspace's files screen: the files panel, and beside it (a full-screen sheet on a phone)
 * the viewer citations open, showing a file picked from the list at its first page, or the file
 * and page a link names (`?file=&page=`).
 */
export function FilesScreen(props: { workspace: Workspace; files: FileInfo[]; indexing: IndexingStatus }) {
  const [params, setParams] = useSearchParams();
  const [viewer, setViewer] = useState<ViewerTarget | null>(() => targetFromUrl(params, props.files));
  // A later link to another file or page (a new search string) opens that one.
  const [linked, setLinked] = useState(params.toString());
  if (linked !== params.toString()) {
    setLinked(params.toString());
    const t = targetFromUrl(params, props.files);
    if (t) setViewer(t);
  }
  const open = useCallback(
    (f: FileInfo) => f.version_id && setViewer(firstPageOf({ ...f, version_id: f.version_id })),
    [],
  );
  const close = useCallback(() => {
    setViewer(null);
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.delete("file");
        next.delete("page");
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [setParams]);
  return (
    <div className={viewer ? "items-start lg:grid lg:grid-cols-2 lg:gap-4" : ""}>
      <FilesPanel {...props} onOpen={open} />
      {viewer ? (
        <FileViewer
          key={`${viewer.version_id}:${viewer.page}`}
          workspaceId={props.workspace.id}
          target={viewer}
          onClose={close}
        />
      ) : null}
    </div>
  );
}
