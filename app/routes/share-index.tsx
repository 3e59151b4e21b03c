import { useLoaderData, useRouteLoaderData } from "react-router";
import { getSnapshot, listSnapshotFiles } from "../../contracts/snapshots.ts";
import { indexingStatus } from "../../contracts/workspaces.ts";
import { FilesPanel } from "../components/files/files-panel.tsx";
import { apiFor } from "../lib/session.server.ts";
import { orNotFound } from "../lib/workspace-loader.server.ts";
import type { Route } from "./+types/share-index";
import type { loader as shareLoader } from "./share.tsx";

/** The snapshot's files, to download (its workspace answers the download links). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = await apiFor(request, context);
  const p = { id: params.snapshotId };
  const [{ files }, indexing] = await orNotFound(async () => {
    const snapshot = await api.call(getSnapshot, { params: p });
    return Promise.all([
      api.call(listSnapshotFiles, { params: p, query: { limit: 200 } }),
      api.call(indexingStatus, { params: { id: snapshot.workspace_id } }),
    ]);
  });
  return { files, indexing };
}

export default function ShareFiles() {
  const { files, indexing } = useLoaderData<typeof loader>();
  const parent = useRouteLoaderData<typeof shareLoader>("routes/share");
  if (!parent) return null;
  return <FilesPanel workspace={parent.workspace} files={files} indexing={indexing} />;
}
